// Page data for the current location: the page the server embedded on first load, then one
// API request per in-app navigation. The shown page stays until the next one's data and code
// have both arrived; until then `loading` is true and the shell shows the 'Loading...' overlay.
// Redirect outcomes are followed client-side, replacing the history entry.
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from '../lib/router';
import { fetchPage } from '../lib/api';
import type { ReactElement } from 'react';
import type { Chrome, Head, Outcome } from '../lib/view';
import { screenElement } from './screens';

/** A page ready to draw: its head and the element that draws it, code loaded. */
export interface LoadedPage {
  /** Path and query the page is for. */
  key: string;
  /** Null for a bare not-found outcome, which has no view model. */
  head: Head | null;
  element: ReactElement;
}

/** Loads the screen code for an outcome that renders. */
export async function loadPage(key: string, outcome: Exclude<Outcome, { outcome: 'redirect' }>): Promise<LoadedPage> {
  return {
    key,
    head: outcome.view?.head ?? null,
    element: await screenElement(outcome),
  };
}

export interface PageState {
  page: LoadedPage | null;
  loading: boolean;
}

/** The window event whose `detail`, a {@link LoadedPage}, replaces the page shown. */
export const PAGE_SWAP_EVENT = 'supplysite:swap-page';

/** Path plus query: what the page API is asked for. */
export const locationKey = (location: { pathname: string; search: string }) => location.pathname + location.search;

export function usePage(initial: LoadedPage | null, onChrome: (chrome: Chrome) => void): PageState {
  const location = useLocation();
  const navigate = useNavigate();
  const key = locationKey(location);
  const [page, setPage] = useState(initial);
  const loading = page?.key !== key;

  useEffect(() => {
    if (!loading) return;
    const controller = new AbortController();
    (async () => {
      const payload = await fetchPage(key, controller.signal);
      // A failed request is logged by fetchPage; the overlay stays (docs/behaviour.md §8).
      if (!payload || controller.signal.aborted) return;
      if (payload.chrome) onChrome(payload.chrome);
      const { outcome } = payload;
      if (outcome.outcome === 'redirect') {
        // An editor's redirect may send the visitor to another site: leave the app for it.
        if (isExternal(outcome.to)) window.location.replace(outcome.to);
        else navigate(outcome.to, { replace: true });
        return;
      }
      const loaded = await loadPage(key, outcome);
      if (!controller.signal.aborted) setPage(loaded);
    })().catch((error: unknown) => console.error(`could not load ${key}`, error));
    return () => controller.abort();
  }, [key, loading, navigate, onChrome]);

  // A page made again in place (Live Preview, after an editor saved) replaces the shown one.
  useEffect(() => {
    const swap = (event: Event) => setPage((event as CustomEvent<LoadedPage>).detail);
    window.addEventListener(PAGE_SWAP_EVENT, swap);
    return () => window.removeEventListener(PAGE_SWAP_EVENT, swap);
  }, []);

  return { page, loading };
}

/** True for a redirect target on another site (`https://…`) rather than a path of this one. */
export function isExternal(to: string): boolean {
  return /^https:\/\//i.test(to);
}
