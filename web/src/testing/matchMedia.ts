// A matchMedia for jsdom that evaluates min-width/max-width and prefers-reduced-motion against
// a chosen viewport, and notifies listeners when the test changes it.

interface Viewport {
  width: number;
  reducedMotion?: boolean;
}

let viewport: Viewport = { width: 1280 };
const lists = new Set<{ query: string; notify: () => void }>();

function evaluate(query: string): boolean {
  return query.split(/\s+and\s+/).every((part) => {
    const m = part.trim().match(/^\((min|max)-width:\s*(\d+)px\)$/);
    if (m) return m[1] === 'min' ? viewport.width >= Number(m[2]) : viewport.width <= Number(m[2]);
    if (part.includes('prefers-reduced-motion: reduce')) return viewport.reducedMotion === true;
    return false;
  });
}

/** Installs the fake on window with the given viewport. */
export function installMatchMedia(initial: Viewport) {
  viewport = initial;
  lists.clear();
  window.matchMedia = (query: string) => {
    const listeners = new Set<() => void>();
    const list = {
      media: query,
      get matches() {
        return evaluate(query);
      },
      onchange: null,
      addEventListener: (_: string, fn: () => void) => listeners.add(fn),
      removeEventListener: (_: string, fn: () => void) => listeners.delete(fn),
      addListener: (fn: () => void) => listeners.add(fn),
      removeListener: (fn: () => void) => listeners.delete(fn),
      dispatchEvent: () => true,
    };
    lists.add({ query, notify: () => listeners.forEach((fn) => fn()) });
    return list as unknown as MediaQueryList;
  };
}

/** Changes the viewport and tells every listening media query list. */
export function setViewport(next: Viewport) {
  viewport = next;
  lists.forEach((l) => l.notify());
}
