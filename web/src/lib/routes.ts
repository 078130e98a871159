// Route strings of the site (docs/behaviour.md §2), in one place. The server decides which screen a path
// shows; the UI only needs to build links and the API address.

/**
 * The site search; its query is read by the server (`q`, `type`, `product`, `page`). A constant
 * of its own so the search field's and the search page's chunks import one string from the
 * entry script: importing `paths` there would keep the whole object in the entry.
 */
export const searchPath = '/search';

export const paths = {
  home: '/',
  videoPopup: '/videopopup',
  caseStudyIndex: '/case-study-index',
  solutions: '/supplier-management-platform',
  aboutUs: '/about-us',
  privacy: '/privacy',
  contactUs: '/contact-us',
  insights: '/insights',
  search: searchPath,
  /** The Atom feed of the insights: a file for feed readers, not a screen. */
  insightsFeed: '/insights/feed.xml',
  etender: '/etender',
  reverseAuction: '/reverse-auction-eauction',
  sourcingManagement: '/sourcing-management',
  supplierInformation: '/supplier-information-management',
  contractManagement: '/contract-management',
  supplierPerformance: '/supplier-performance-management',
  productInformation: '/product-information-management',
  foodIndustry: '/food-industry-software',
} as const;

/** The insight article with this slug. */
export const insightPath = (slug: string) => `/insights/${encodeURIComponent(slug)}`;

/** The view-model API for a site path (path plus query, as the visitor sees it). */
export const pageApiPath = (path: string) => `/api/page?path=${encodeURIComponent(path)}`;

/** True for a link the client router should handle: a same-site absolute path to a screen. */
export function isInternalHref(href: string): boolean {
  return (
    href.startsWith('/') &&
    !href.startsWith('//') &&
    !href.startsWith('/api/') &&
    href.split(/[?#]/)[0] !== paths.insightsFeed
  );
}
