// Browser entry: unregister old service workers, read the page the server embedded, load its
// screen's code, then hydrate the server's markup (or render into an empty shell).
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

  const embedded = readEmbedded(document);
  let initialPage: LoadedPage | null = null;
  if (embedded?.outcome.outcome === 'redirect') {
    // Normally the server answers a redirect itself; if it embeds one, follow it here.
    window.history.replaceState(null, '', embedded.outcome.to);
  } else if (embedded) {
    initialPage = await loadPage(locationKey(window.location), embedded.outcome);
  }

  const root = document.getElementById('root');
  if (!root) throw new Error('the page has no #root element');
  const app = (
    <StrictMode>
      <BrowserRouter>
        <App chrome={embedded?.chrome ?? null} initialPage={initialPage} />
      </BrowserRouter>
    </StrictMode>
  );
  // Server-rendered markup is hydrated; an empty shell is rendered into.
  if (root.firstElementChild) hydrateRoot(root, app);
  else createRoot(root).render(app);
}

void start();
