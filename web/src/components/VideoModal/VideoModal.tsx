// The video popup (docs/behaviour.md §2, §4): an accessible modal dialog embedding the host's player.
// Focus moves into the dialog, Tab stays inside it, Escape or the close button closes it, and
// the page behind is inert; the opener puts focus back where it was.
import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { playerFor } from '../../lib/video';
import type { Video } from '../../lib/view';
import styles from './VideoModal.module.css';
import { UI } from '../../lib/contract.gen';

export interface VideoModalProps {
  video: Video;
  /** The dialog's accessible name, also the player frame's title. */
  title: string;
  onClose: () => void;
}

const FOCUSABLE = 'a[href], button:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])';

/** Rendered only while open (and so only in the browser, after a click). */
export function VideoModal({ video, title, onClose }: VideoModalProps) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const player = playerFor(video);

  useEffect(() => {
    closeRef.current?.focus();
    // Everything outside the dialog is inert while it is open; the dialog is portalled to
    // <body>, outside #root.
    const root = document.getElementById('root');
    const wasInert = root?.inert ?? false;
    if (root) root.inert = true;
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      if (root) root.inert = wasInert;
      document.body.style.overflow = overflow;
    };
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const focusable = Array.from(dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || !dialogRef.current.contains(active))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !dialogRef.current.contains(active))) {
      event.preventDefault();
      first.focus();
    }
  }

  return createPortal(
    // The backdrop closes on click like the close button; keyboard users have Escape.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
    <div className={styles.backdrop} onClick={(event) => event.target === event.currentTarget && onClose()}>
      {/* The dialog handles Tab and Escape for everything inside it. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <div
        ref={dialogRef}
        className={styles.dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={onKeyDown}
      >
        <div className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <button ref={closeRef} type="button" className={styles.close} onClick={onClose} aria-label={UI.closeVideo}>
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        <div className={styles.frame}>
          {player.kind === 'player' ? (
            <iframe
              src={player.src}
              title={title}
              allow="autoplay; fullscreen; picture-in-picture; encrypted-media"
              allowFullScreen
              referrerPolicy="strict-origin-when-cross-origin"
            />
          ) : (
            <div className={styles.message} role="status">
              <p>{UI.unrecognisedVideo}</p>
            </div>
          )}
        </div>
      </div>
    </div>,
    document.body,
  );
}
