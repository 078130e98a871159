// A button that opens a video in the modal ('VIEW DEMO', 'VIEW STRATEGIC SOURCING VIDEO',
// 'Watch Insight Video', …) and gives focus back to itself when the modal closes. The modal's
// code is fetched when the visitor points at or focuses the button, so it is usually ready by
// the click and no page loads it until a visitor reaches for a video.
import type { InspectorAttributes } from '../../lib/inspector';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useHydrated } from '../../lib/hydrated';
import type { ButtonStyle, VideoButton as VideoButtonView } from '../../lib/view';
import { Button } from '../Button/Button';

const loadModal = () => import('./VideoModal');
const VideoModal = lazy(() => loadModal().then((m) => ({ default: m.VideoModal })));

/** Starts loading the modal ahead of a likely click (a failure shows on the click). */
function prefetch() {
  loadModal().catch(() => {});
}

export interface VideoButtonProps {
  button: VideoButtonView;
  fill?: ButtonStyle;
  inverse?: boolean;
  /** Open the modal as soon as the page is interactive (the /videopopup page). */
  initiallyOpen?: boolean;
  className?: string;
  /** Live Preview's inspector attributes of the label, on preview pages. */
  inspector?: InspectorAttributes;
}

export function VideoButton({ button, fill, inverse, initiallyOpen = false, className, inspector }: VideoButtonProps) {
  // null until the visitor opens or closes it; a page that starts with the modal open shows
  // it once hydrated (the server never renders an open modal).
  const [choice, setChoice] = useState<boolean | null>(null);
  const hydrated = useHydrated();
  const open = choice ?? (initiallyOpen && hydrated);
  const buttonRef = useRef<HTMLButtonElement>(null);

  // Focus comes back once the modal has gone: while it is open the page behind it, this button
  // included, is inert and cannot take focus, and the modal's clean-up runs before this effect.
  useEffect(() => {
    if (choice === false) buttonRef.current?.focus();
  }, [choice]);

  return (
    <>
      <Button
        {...inspector}
        ref={buttonRef}
        fill={fill}
        inverse={inverse}
        className={className}
        aria-haspopup="dialog"
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={() => setChoice(true)}
      >
        <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
          <circle cx="10" cy="10" r="9" fill="none" stroke="currentColor" strokeWidth="1.8" />
          <path d="M8 6.5v7l5.5-3.5z" fill="currentColor" />
        </svg>
        {button.label}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <VideoModal video={button.video} title={button.label} onClose={() => setChoice(false)} />
        </Suspense>
      )}
    </>
  );
}
