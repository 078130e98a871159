// Browser entry: unregister old service workers, read the page the server embedded, load its
// screen's code, then hydrate the server's markup (or render into an empty shell). Hydration
// waits for the server's markup to be painted: the page shows at once, and the work of making
// it interactive follows the first frame instead of holding it back.
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from './lib/router';
import { App } from './app/App';
import { loadPage, locationKey, type LoadedPage } from './app/usePage';
import { readEmbedded } from './lib/bootstrap';
import { unregisterServiceWorkers } from './lib/serviceWorkers';
import './styles/global.css';

async function start() {
  void unregisterServiceWorkers(navigator.serviceWorker);

  const root = document.getElementById('root');
  if (!root) throw new Error('the page has no #root element');
  // The screen's code is asked for after the paint too, so that nothing competes with the
  // page's first frame.
  if (root.firstElementChild) await afterFirstPaint();

  const embedded = readEmbedded(document);
  let page: LoadedPage | null = null;
  if (embedded?.outcome.outcome === 'redirect') {
    // Normally the server answers a redirect itself; if it embeds one, follow it here.
    window.history.replaceState(null, '', embedded.outcome.to);
  } else if (embedded) {
    page = await loadPage(locationKey(window.location), embedded.outcome);
  }
  const app = (
    <StrictMode>
      <BrowserRouter>
        <App chrome={embedded?.chrome ?? null} initialPage={page} />
      </BrowserRouter>
    </StrictMode>
  );
  // Server-rendered markup is hydrated; an empty shell is rendered into.
  if (root.firstElementChild) hydrateRoot(root, app);
  else createRoot(root).render(app);
  void startPreview();
}

/** On a preview page only (the server put its preview bar there, with the content's locale),
 *  loads Contentful's Live Preview SDK: its own chunk, never fetched by public pages. */
async function startPreview() {
  const locale = document.getElementById('supplysite-preview-bar')?.dataset.locale;
  if (!locale) return;
  const { startLivePreview } = await import('./app/livePreview');
  await startLivePreview(locale).catch((error: unknown) => console.error('live preview did not start', error));
}

/** Resolves once the browser reports the page's first contentful paint (Paint Timing); where
 *  that is not reported, after the next frame. A hidden tab paints nothing: after half a
 *  second the page is made interactive regardless. */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    setTimeout(resolve, 500);
    if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
      requestAnimationFrame(() => setTimeout(resolve));
      return;
    }
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'paint', buffered: true });
  });
}

void start();
