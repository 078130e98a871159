// The view models the UI renders, mirroring `supplysite_core::view` (JSON from
// `GET /api/page?path=…` and from the page's embedded `__SUPPLYSITE__` script).
//
// Until the Rust view models land, this holds the envelope the server and UI agreed on
// (chrome + outcome) and the shapes the shared components need; screen views are added as
// they are mirrored.

/** The page's <head>: filled in by the server on first load, updated by the UI on navigation. */
export interface Head {
  title: string;
  description?: string | null;
  canonical?: string | null;
  robots?: string | null;
}

/** A link with its visible label. */
export interface LinkView {
  label: string;
  href: string;
}

/** A group of the Solutions menu (Source, Supply, Product, Food Industry). */
export interface NavGroupView {
  label: string;
  links: LinkView[];
}

/** The site-wide navigation and footer, the same for every page. */
export interface Chrome {
  nav: {
    home: LinkView;
    solutions: { label: string; groups: NavGroupView[]; overview: LinkView };
    links: LinkView[];
  };
  footer: {
    products: LinkView[];
    menu: LinkView[];
    contact: {
      address: string[];
      phones: { label: string; number: string }[];
      message: LinkView;
    };
    copyright: string;
  };
}

/** Any screen's view: every screen has a head; the rest depends on the screen. */
export interface ScreenView {
  head: Head;
  [field: string]: unknown;
}

/** What the server decided for a path. */
export type Outcome =
  | { outcome: 'page'; screen: string; view: ScreenView }
  | { outcome: 'redirect'; to: string }
  | { outcome: 'not_found' };

/** The JSON the server embeds in the page and answers on the page API. */
export interface PagePayload {
  chrome?: Chrome;
  outcome: Outcome;
}

/** A hosted video: which player and the video's id on it. */
export interface VideoRef {
  service: 'youtube' | 'vimeo';
  id: string;
}
