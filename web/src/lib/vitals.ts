// Core Web Vitals from real visitors (docs/behaviour.md §7). Once the page has loaded and the
// browser is idle, the `web-vitals` library is fetched (a chunk of its own, outside the home
// page's script budget) and reports LCP, INP, CLS and TTFB, each when it is final (mostly when
// the page is hidden or left), to `POST /api/vitals` with `navigator.sendBeacon`: the route
// template of the page the visit landed on, the metric's name and its value, and nothing else
// (no identifier, no address, no cookie: a beacon to this origin carries the site's cookies,
// and the site sets none outside editors' preview). The library measures the page load, so
// every report names the landing page's template, even after in-app navigation. A visitor
// sending Global Privacy Control is not measured, as the tracker does not follow them.
import { globalPrivacyControl } from './settings';
import { EMBEDDED_ID } from './bootstrap';

/** Where the reports go. */
const VITALS_ENDPOINT = '/api/vitals';

/**
 * The route template of the page the visit landed on, as the server named it on the page's
 * data element (its `data-route`): `/insights/:slug` for an article, `/:product` for a product
 * page, `/*path` for a path no route matches, and for a page the server did not draw.
 */
export function routeTemplate(doc: Document): string {
  return doc.getElementById(EMBEDDED_ID)?.dataset.route || '/*path';
}

/** What one report says: the route template, the metric's name and its value. */
export function vitalsReport(route: string, name: string, value: number): string {
  return JSON.stringify({ route, name, value });
}

/** A measurement as the library hands it over (only these two fields are read). */
interface Measured {
  name: string;
  value: number;
}

/**
 * Starts measuring after the load, when the browser is idle; does nothing for a visitor
 * sending Global Privacy Control or a browser without `sendBeacon`.
 */
export function startVitals(win: Window = window): void {
  if (globalPrivacyControl() || typeof win.navigator.sendBeacon !== 'function') return;
  const route = routeTemplate(win.document);
  const send = ({ name, value }: Measured) => {
    win.navigator.sendBeacon(VITALS_ENDPOINT, vitalsReport(route, name, value));
  };
  const begin = () => {
    import('web-vitals')
      .then(({ onLCP, onINP, onCLS, onTTFB }) => {
        onLCP(send);
        onINP(send);
        onCLS(send);
        onTTFB(send);
      })
      .catch((error: unknown) => console.warn('web vitals are not measured', error));
  };
  const whenIdle = () => {
    if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(begin, { timeout: 5000 });
    else win.setTimeout(begin, 0);
  };
  if (win.document.readyState === 'complete') whenIdle();
  else win.addEventListener('load', whenIdle, { once: true });
}
