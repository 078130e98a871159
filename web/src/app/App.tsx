// The application: the shared layout (navigation, footer) around the current screen, the
// loading overlay, document head updates, the marketing tracker, where the visit came from
// (lib/attribution.ts) and the render-error screen.
import { useCallback, useEffect, useState } from 'react';
import { notePage } from '../lib/attribution';
import { useLocation } from '../lib/router';
import { LoadingOverlay } from '../components/LoadingOverlay/LoadingOverlay';
import { SiteFooter } from '../components/SiteFooter/SiteFooter';
import { SiteNav } from '../components/SiteNav/SiteNav';
import type { Chrome } from '../lib/view';
import { ErrorBoundary } from './ErrorScreen';
import { usePage, type LoadedPage } from './usePage';
import { useScrollOnNavigation } from './useScrollOnNavigation';
import { useTracker } from './useTracker';
import styles from './App.module.css';
import { UI } from '../lib/contract.gen';

export interface AppProps {
  chrome: Chrome | null;
  /** The page embedded by the server for the first location, ready to draw. */
  initialPage: LoadedPage | null;
}

export function App({ chrome: initialChrome, initialPage }: AppProps) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKey={pathname}>
      <Shell chrome={initialChrome} initialPage={initialPage} />
    </ErrorBoundary>
  );
}

function Shell({ chrome: initialChrome, initialPage }: AppProps) {
  const [chrome, setChrome] = useState(initialChrome);
  const keepFirstChrome = useCallback((next: Chrome) => setChrome((current) => current ?? next), []);
  const { page, loading } = usePage(initialPage, keepFirstChrome);
  useScrollOnNavigation(page?.key);
  useTracker(page?.key);
  const { pathname } = useLocation();
  // Every page shown, the first one included: the first captures where the visit came from.
  useEffect(() => notePage(pathname), [pathname]);

  // The server wrote the first page's head; later pages bring theirs (its writer loads then).
  useEffect(() => {
    if (!page || page === initialPage) return;
    const head = page.head;
    if (head) void import('../lib/head').then((m) => m.applyHead(head, document));
    else document.title = NOT_FOUND_TITLE;
  }, [page, initialPage]);

  return (
    <>
      <a className={styles.skip} href="#main">
        Skip to content
      </a>
      {chrome && <SiteNav chrome={chrome} />}
      <main id="main" className={styles.main} tabIndex={-1}>
        {page?.element}
      </main>
      {chrome && <SiteFooter footer={chrome.footer} brand={chrome.brand} />}
      {loading && <LoadingOverlay label={chrome?.loadingLabel} />}
    </>
  );
}

/** The title of a bare not-found outcome (the server's not-found view brings its own head). */
const NOT_FOUND_TITLE = UI.pageNotFound;
