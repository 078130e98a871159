// A button that opens a video in the modal ('VIEW DEMO', 'VIEW STRATEGIC SOURCING VIDEO',
// 'Watch Insight Video', …) and gives focus back to itself when the modal closes.
import { useRef, useState, type ReactNode } from 'react';
import { useHydrated } from '../../lib/hydrated';
import type { VideoRef } from '../../lib/view';
import { Button, type ButtonFill } from '../Button/Button';
import { VideoModal } from './VideoModal';

export interface VideoButtonProps {
  video: VideoRef;
  children: ReactNode;
  /** Accessible name of the dialog and player; defaults to the button text when a string. */
  title?: string;
  fill?: ButtonFill;
  inverse?: boolean;
  /** Open the modal as soon as the page is interactive (the /videopopup page). */
  initiallyOpen?: boolean;
  className?: string;
}

export function VideoButton({ video, children, title, fill, inverse, initiallyOpen = false, className }: VideoButtonProps) {
  // null until the visitor opens or closes it; a page that starts with the modal open shows
  // it once hydrated (the server never renders an open modal).
  const [choice, setChoice] = useState<boolean | null>(null);
  const hydrated = useHydrated();
  const open = choice ?? (initiallyOpen && hydrated);
  const buttonRef = useRef<HTMLButtonElement>(null);

  function close() {
    setChoice(false);
    buttonRef.current?.focus();
  }

  const name = title ?? (typeof children === 'string' ? children : 'Video');

  return (
    <>
      <Button
        ref={buttonRef}
        fill={fill}
        inverse={inverse}
        className={className}
        aria-haspopup="dialog"
        onClick={() => setChoice(true)}
      >
        <PlayIcon />
        {children}
      </Button>
      {open && <VideoModal video={video} title={name} onClose={close} />}
    </>
  );
}

function PlayIcon() {
  return (
    <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
      <circle cx="10" cy="10" r="9" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path d="M8 6.5v7l5.5-3.5z" fill="currentColor" />
    </svg>
  );
}
