// Page data for the current location: the page the server embedded on first load, then one
// API request per in-app navigation. The shown page stays until the next one's data and code
// have both arrived; until then `loading` is true and the shell shows the 'Loading...' overlay.
// Redirect outcomes are followed client-side, replacing the history entry.
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { fetchPage } from '../lib/api';
import type { Chrome, Outcome } from '../lib/view';
import { loadScreen, type ScreenComponent } from './screens';

/** A page ready to draw: its outcome and the component that draws it. */
export interface LoadedPage {
  /** Path and query the page is for. */
  key: string;
  outcome: Exclude<Outcome, { outcome: 'redirect' }>;
  Screen: ScreenComponent;
}

export interface PageState {
  page: LoadedPage | null;
  loading: boolean;
}

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
      // A failed request is logged by fetchPage; the overlay stays (SPEC §8: data absent).
      if (!payload || controller.signal.aborted) return;
      if (payload.chrome) onChrome(payload.chrome);
      const { outcome } = payload;
      if (outcome.outcome === 'redirect') {
        navigate(outcome.to, { replace: true });
        return;
      }
      const Screen = await loadScreen(outcome);
      if (!controller.signal.aborted) setPage({ key, outcome, Screen });
    })().catch((error: unknown) => console.error(`could not load ${key}`, error));
    return () => controller.abort();
  }, [key, loading, navigate, onChrome]);

  return { page, loading };
}
