// Browser entry: unregister old service workers, read the page the server embedded, load its
// screen's code, then hydrate the server's markup (or render into an empty shell). The page
// asks for this script only once the server's markup has been painted (the loader the build
// writes into index.html), so making the page interactive follows the first frame instead of
// holding it back.
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from './lib/router';
import { App } from './app/App';
import { isExternal, loadPage, locationKey, type LoadedPage } from './app/usePage';
import { readEmbedded } from './lib/bootstrap';
import { unregisterServiceWorkers } from './lib/serviceWorkers';
import { startVitals } from './lib/vitals';
import './styles/global.css';

async function start() {
  void unregisterServiceWorkers(navigator.serviceWorker);

  const root = document.getElementById('root');
  if (!root) throw new Error('the page has no #root element');
  const embedded = readEmbedded(document);
  let page: LoadedPage | null = null;
  if (embedded?.outcome.outcome === 'redirect') {
    // Normally the server answers a redirect itself; if it embeds one, follow it here.
    if (isExternal(embedded.outcome.to)) {
      window.location.replace(embedded.outcome.to);
      return;
    }
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
  // Server-rendered markup is hydrated, as a transition: React then works in slices and yields
  // to the browser between them, so a tap or a scroll during hydration is answered at once.
  // An empty shell is rendered into.
  if (root.firstElementChild) startTransition(() => void hydrateRoot(root, app));
  else createRoot(root).render(app);
  void startPreview();
  startVitals();
}

/** On a preview page only (the server put its preview bar there, with the content's locale),
 *  loads Contentful's Live Preview SDK: its own chunk, never fetched by public pages. */
async function startPreview() {
  const locale = document.getElementById('supplysite-preview-bar')?.dataset.locale;
  if (!locale) return;
  const { startLivePreview } = await import('./app/livePreview');
  await startLivePreview(locale).catch((error: unknown) => console.error('live preview did not start', error));
}

void start();
