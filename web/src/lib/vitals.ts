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
import { paths } from './routes';

/** Where the reports go. */
const VITALS_ENDPOINT = '/api/vitals';

/** The fixed paths that are their own template (core's route table). */
const FIXED = new Set<string>([
  paths.home,
  paths.videoPopup,
  paths.caseStudyIndex,
  paths.solutions,
  paths.aboutUs,
  paths.privacy,
  paths.contactUs,
  paths.insights,
  paths.search,
]);

/** The product pages' paths: one template, `/:product`. */
const PRODUCTS = new Set<string>([
  paths.etender,
  paths.reverseAuction,
  paths.sourcingManagement,
  paths.supplierInformation,
  paths.contractManagement,
  paths.supplierPerformance,
  paths.productInformation,
  paths.foodIndustry,
]);

/**
 * The route template of a page's path, as the server's route table names it (core's
 * `Route::template`): `/insights/:slug` for an article, `/:product` for a product page,
 * `/*path` for a path no route matches.
 */
export function routeTemplate(pathname: string): string {
  const path = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  if (FIXED.has(path)) return path;
  if (PRODUCTS.has(path)) return '/:product';
  const slugged = /^\/(case-study|page|insights)\/[^/]+$/.exec(path);
  if (slugged && path !== paths.insightsFeed) return `/${slugged[1]}/:slug`;
  return '/*path';
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
  const route = routeTemplate(win.location.pathname);
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
