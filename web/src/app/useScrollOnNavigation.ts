// Scroll position and focus across in-app navigation, applied when the new page is drawn (not
// when the URL changes, since the old page stays under the overlay until the data arrives): a
// new page starts at the top (or at its #fragment) with focus on the main region, so screen
// readers start reading the new page; back and forward return to where the visitor was.
import { useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from '../lib/router';

export function useScrollOnNavigation(pageKey: string | undefined) {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef(new Map<string, number>());
  const current = useRef(location.key);

  useLayoutEffect(() => {
    window.history.scrollRestoration = 'manual';
  }, []);

  // Remember where the visitor was on the page being left.
  useLayoutEffect(() => {
    if (current.current !== location.key) {
      positions.current.set(current.current, window.scrollY);
      current.current = location.key;
    }
  }, [location.key]);

  const first = useRef(true);
  useLayoutEffect(() => {
    if (!pageKey) return;
    if (first.current) {
      first.current = false;
      return;
    }
    if (navigationType === 'POP') {
      window.scrollTo(0, positions.current.get(location.key) ?? 0);
      return;
    }
    document.getElementById('main')?.focus({ preventScroll: true });
    const target = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
    // Only a newly drawn page moves the scroll position.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pageKey]);
}
