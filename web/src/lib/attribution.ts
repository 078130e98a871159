// Where a visit came from, captured first-party for the enquiry it may end in (docs/behaviour.md
// §7): on the first page of a visit the landing path (with no query but the campaign
// parameters), the referrer's host (never its path or query), the `utm_*` values and whether an
// advertisement's click id (`gclid`, `msclkid`) was there (never the id); then, page by page,
// the page shown before the current one, so the contact form can say which page the visitor
// came to it from. Everything is kept in session storage (gone when the tab closes) and nowhere
// else; nothing at all is kept for a visitor who sends Global Privacy Control or when the
// server turns capture off, and anything kept before is removed.
import type { Attribution } from './contract.gen';
import { globalPrivacyControl, siteSettings } from './settings';

/** The session-storage key of the visit's first page. */
export const VISIT_KEY = 'supplysite.visit';
/** The session-storage key of the pages shown: `{"current":…,"previous":…}`. */
export const PAGES_KEY = 'supplysite.pages';

/** The campaign parameters kept, beside the attribution's keys. */
const CAMPAIGN = [
  ['utm_source', 'source'],
  ['utm_medium', 'medium'],
  ['utm_campaign', 'campaign'],
  ['utm_term', 'term'],
  ['utm_content', 'content'],
] as const;

/** Click ids kept as a flag only. */
const CLICK_IDS = ['gclid', 'msclkid'];

/** The visit's first page as captured: the attribution without the conversion page. */
type Visit = Omit<Attribution, 'conversionPage'>;

/** Whether capture may run for this visitor. */
function captureAllowed(doc: Document = document): boolean {
  return siteSettings(doc).leadCapture && !globalPrivacyControl();
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** What the first page of a visit at `url`, reached from `referrer`, says about where it came from. */
export function firstPage(url: URL, referrer: string): Visit {
  const visit: Visit = {};
  const kept = new URLSearchParams();
  for (const [param, key] of CAMPAIGN) {
    const value = url.searchParams.get(param);
    if (value !== null && value.trim()) {
      visit[key] = value;
      kept.set(param, value);
    }
  }
  if (CLICK_IDS.some((id) => url.searchParams.has(id))) visit.adClick = true;
  const query = kept.toString();
  visit.landingPage = query ? `${url.pathname}?${query}` : url.pathname;
  const from = referrerHost(referrer, url.host);
  if (from) visit.referrer = from;
  return visit;
}

/** The referrer's host, unless there is none or it is this site. */
function referrerHost(referrer: string, ownHost: string): string | null {
  if (!referrer) return null;
  try {
    const host = new URL(referrer).host;
    return host && host !== ownHost ? host : null;
  } catch {
    return null;
  }
}

/**
 * Notes a page shown: on the first page of a visit, captures where it came from; on every
 * page, remembers the one before. With capture not allowed, removes anything kept.
 */
export function notePage(path: string, doc: Document = document) {
  const store = storage();
  if (!store) return;
  try {
    if (!captureAllowed(doc)) {
      store.removeItem(VISIT_KEY);
      store.removeItem(PAGES_KEY);
      return;
    }
    if (store.getItem(VISIT_KEY) === null) {
      store.setItem(VISIT_KEY, JSON.stringify(firstPage(new URL(doc.location.href), doc.referrer)));
    }
    const pages = readPages(store);
    if (pages.current !== path) {
      store.setItem(PAGES_KEY, JSON.stringify({ current: path, previous: pages.current }));
    }
  } catch (cause) {
    console.error('where the visit came from could not be kept', cause);
  }
}

function readPages(store: Storage): { current?: string; previous?: string } {
  try {
    const pages: unknown = JSON.parse(store.getItem(PAGES_KEY) ?? '{}');
    return typeof pages === 'object' && pages !== null ? (pages as { current?: string; previous?: string }) : {};
  } catch {
    return {};
  }
}

/**
 * The attribution to send with an enquiry made on the current page: the visit's first page and
 * the page shown before this one; undefined when nothing was captured or capture is not allowed.
 */
export function visitAttribution(doc: Document = document): Attribution | undefined {
  const store = storage();
  if (!store || !captureAllowed(doc)) return undefined;
  try {
    const raw = store.getItem(VISIT_KEY);
    if (raw === null) return undefined;
    const visit = JSON.parse(raw) as Visit;
    const previous = readPages(store).previous;
    return previous ? { ...visit, conversionPage: previous } : visit;
  } catch {
    return undefined;
  }
}
