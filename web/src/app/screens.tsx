// Which component draws which screen. The server names the screen in each outcome. The home
// screen is part of the entry script (the home page loads one script); every other screen is
// a chunk of its own, so a page downloads only its own code. The server-rendering bundle
// inlines these imports.
import type { ComponentType, ReactElement } from 'react';
import { HomeScreen } from '../features/home/HomeScreen';
import type { Outcome, PageView, ScreenName, ScreenViews } from '../lib/view';

/** A screen component draws one screen's view model. */
type ScreenComponent<S extends ScreenName> = ComponentType<{ view: ScreenViews[S] }>;

type Loaders = { [S in ScreenName]: () => Promise<ScreenComponent<S>> };

/** The not-found screen, which also draws a bare not-found answer (no view model). */
function loadNotFound() {
  return import('../features/not-found/NotFoundScreen').then((m) => m.NotFoundScreen);
}

/** Screen name (as `PageView` tags it) → its lazily loaded component. */
const screenLoaders: Loaders = {
  home: () => Promise.resolve(HomeScreen),
  videoPopup: () => import('../features/video-popup/VideoPopupScreen').then((m) => m.VideoPopupScreen),
  solutions: () => import('../features/solutions/SolutionsScreen').then((m) => m.SolutionsScreen),
  product: () => import('../features/product/ProductScreen').then((m) => m.ProductScreen),
  caseStudyIndex: () => import('../features/case-studies/CaseStudyIndexScreen').then((m) => m.CaseStudyIndexScreen),
  caseStudy: () => import('../features/case-study/CaseStudyScreen').then((m) => m.CaseStudyScreen),
  insights: () => import('../features/insights/InsightsScreen').then((m) => m.InsightsScreen),
  insight: () => import('../features/insight/InsightScreen').then((m) => m.InsightScreen),
  aboutUs: () => import('../features/about/AboutScreen').then((m) => m.AboutScreen),
  privacy: () => import('../features/privacy/PrivacyScreen').then((m) => m.PrivacyScreen),
  contactUs: () => import('../features/contact/ContactScreen').then((m) => m.ContactScreen),
  page: () => import('../features/page/PageBuilderScreen').then((m) => m.PageBuilderScreen),
  search: () => import('../features/search/SearchScreen').then((m) => m.SearchScreen),
  notFound: loadNotFound,
};

/** Loads the screen's code and returns the element that draws the outcome. */
export async function screenElement(outcome: Exclude<Outcome, { outcome: 'redirect' }>): Promise<ReactElement> {
  if (outcome.outcome === 'not_found') {
    const NotFoundScreen = await loadNotFound();
    return <NotFoundScreen view={outcome.view ?? null} />;
  }
  return elementFor(outcome, screenLoaders);
}

async function elementFor(page: PageView, loaders: Loaders): Promise<ReactElement> {
  // `Loaders` pairs each screen name with a component for that screen's view, and a PageView
  // pairs the same name with the same view, so the lookup below gives a matching pair; an
  // index by a union of names cannot express that pairing, hence the one cast.
  const load = Object.hasOwn(loaders, page.screen)
    ? (loaders[page.screen] as () => Promise<ComponentType<{ view: PageView['view'] }>>)
    : null;
  if (!load) return <UnknownScreen name={(page as { screen: string }).screen} />;
  const Screen = await load();
  return <Screen view={page.view} />;
}

/** A screen this UI does not know is a render error: the error screen says which. */
function UnknownScreen({ name }: { name: string }): never {
  throw new Error(`no screen for "${name}"`);
}
