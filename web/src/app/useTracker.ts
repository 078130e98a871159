// Runs the marketing tracker for the shell: started once with the server's client key, a `page`
// event for every page shown (the first one included), and call-to-action clicks reported.
// The tracker's code loads only when a key is configured (without one the console says why) and
// the visitor has not asked for privacy with Global Privacy Control (docs/behaviour.md §7).
import { useEffect, useRef } from 'react';
import { MISSING_KEY_MESSAGE, globalPrivacyControl, siteSettings } from '../lib/settings';

type Tracker = typeof import('../lib/tracker');

/** `pageKey` changes once per page shown (its path and query once its data has arrived). */
export function useTracker(pageKey: string | undefined) {
  const tracker = useRef<Promise<Tracker> | null>(null);

  useEffect(() => {
    const key = siteSettings(document).trackerKey;
    if (!key) {
      console.warn(MISSING_KEY_MESSAGE);
      return;
    }
    if (globalPrivacyControl()) return;
    const loading = import('../lib/tracker').then((t) => {
      t.startTracker(key);
      return t;
    });
    tracker.current = loading;
    let mounted = true;
    const onClick = (event: MouseEvent) => {
      const cta = (event.target as Element | null)?.closest<HTMLElement>('[data-cta]');
      if (cta) void loading.then((t) => t.trackCtaClick(cta));
    };
    loading.then(
      () => mounted && document.addEventListener('click', onClick, true),
      (cause: unknown) => console.error('the marketing tracker could not be loaded', cause),
    );
    return () => {
      mounted = false;
      document.removeEventListener('click', onClick, true);
    };
  }, []);

  useEffect(() => {
    if (pageKey === undefined) return;
    tracker.current?.then(
      (t) => {
        t.trackPage();
        const main = document.getElementById('main');
        if (main) t.trackOutboundCtas(main);
      },
      () => {},
    );
  }, [pageKey]);
}
