// Media-query state for components. Read through useSyncExternalStore: the server and the
// hydrating client both see the "no match" snapshot, then the client updates, so markup
// always agrees and nothing touches window during render.
import { useCallback, useSyncExternalStore } from 'react';

/** Whether `query` matches; false on the server and during hydration. */
function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Whether the visitor asked the system for reduced motion. */
export function usePrefersReducedMotion(): boolean {
  return useMediaQuery('(prefers-reduced-motion: reduce)');
}

/**
 * The narrowest of `maxWidths` (in px) that the viewport fits in, or null when it is wider
 * than all of them. Server and hydration snapshot: null (the widest layout).
 */
export function useMaxWidthBreakpoint(maxWidths: readonly number[]): number | null {
  const key = maxWidths.join(',');
  const subscribe = useCallback(
    (onChange: () => void) => {
      const lists = key
        .split(',')
        .filter(Boolean)
        .map((w) => window.matchMedia(`(max-width: ${w}px)`));
      lists.forEach((l) => l.addEventListener('change', onChange));
      return () => lists.forEach((l) => l.removeEventListener('change', onChange));
    },
    [key],
  );
  const snapshot = () => {
    const matching = key
      .split(',')
      .filter(Boolean)
      .map(Number)
      .filter((w) => window.matchMedia(`(max-width: ${w}px)`).matches);
    return matching.length ? Math.min(...matching) : null;
  };
  return useSyncExternalStore(subscribe, snapshot, () => null);
}
