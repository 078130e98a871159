// The application: the shared layout (navigation, footer) around the current screen, the
// loading overlay, document head updates and the render-error screen.
import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { LoadingOverlay } from '../components/LoadingOverlay/LoadingOverlay';
import { SiteFooter } from '../components/SiteFooter/SiteFooter';
import { SiteNav } from '../components/SiteNav/SiteNav';
import { applyHead } from '../lib/head';
import type { Chrome, ScreenView } from '../lib/view';
import { ErrorBoundary } from './ErrorScreen';
import { usePage, type LoadedPage } from './usePage';
import { useScrollOnNavigation } from './useScrollOnNavigation';
import styles from './App.module.css';

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

  useEffect(() => {
    if (!page) return;
    applyHead(viewOf(page).head, document);
  }, [page]);

  return (
    <>
      <a className={styles.skip} href="#main">
        Skip to content
      </a>
      {chrome && <SiteNav nav={chrome.nav} />}
      <main id="main" className={styles.main} tabIndex={-1}>
        {page && <Screen page={page} />}
      </main>
      {chrome && <SiteFooter footer={chrome.footer} brand={chrome.nav.home.label} />}
      {loading && <LoadingOverlay />}
    </>
  );
}

function Screen({ page }: { page: LoadedPage }) {
  const { Screen: Component } = page;
  return <Component view={viewOf(page)} />;
}

/** The not-found outcome carries no view; its head is fixed. */
const NOT_FOUND_VIEW: ScreenView = { head: { title: 'Page not found', robots: 'noindex, follow' } };

function viewOf(page: LoadedPage): ScreenView {
  return page.outcome.outcome === 'page' ? page.outcome.view : NOT_FOUND_VIEW;
}
