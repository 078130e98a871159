// Runs the marketing tracker for the shell: started once with the server's client key, a `page`
// event for every page shown (the first one included), and call-to-action clicks reported.
import { useEffect, useRef } from 'react';
import { siteSettings } from '../lib/settings';
import { startTracker, trackCtaClick, trackOutboundCtas, trackPage } from '../lib/tracker';

/** `pageKey` changes once per page shown (its path and query once its data has arrived). */
export function useTracker(pageKey: string | undefined) {
  const running = useRef<boolean | null>(null);

  useEffect(() => {
    running.current = startTracker(siteSettings(document).trackerKey);
    if (!running.current) return;
    const onClick = (event: MouseEvent) => {
      const cta = (event.target as Element | null)?.closest<HTMLElement>('[data-cta]');
      if (cta) trackCtaClick(cta);
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, []);

  useEffect(() => {
    if (!running.current || pageKey === undefined) return;
    trackPage();
    const main = document.getElementById('main');
    if (main) trackOutboundCtas(main);
  }, [pageKey]);
}
