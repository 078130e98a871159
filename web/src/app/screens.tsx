// Which component draws which screen. The server names the screen in each outcome; screens
// load as separate chunks so a page downloads only its own code. (The server-side renderer
// will use the same table with static imports.)
import type { ComponentType, ReactElement } from 'react';
import { NotFoundScreen } from '../features/not-found/NotFoundScreen';
import type { Outcome, PageView, ScreenName, ScreenViews } from '../lib/view';

/** A screen component draws one screen's view model. */
export type ScreenComponent<S extends ScreenName> = ComponentType<{ view: ScreenViews[S] }>;

type Loaders = { [S in ScreenName]: () => Promise<ScreenComponent<S>> };

/** Screen name (as `PageView` tags it) → its lazily loaded component. */
export const screenLoaders: Loaders = {
  home: () => import('../features/home/HomeScreen').then((m) => m.HomeScreen),
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
  notFound: () => Promise.resolve(NotFoundScreen),
};

/** Loads the screen's code and returns the element that draws the outcome. */
export async function screenElement(outcome: Exclude<Outcome, { outcome: 'redirect' }>): Promise<ReactElement> {
  if (outcome.outcome === 'not_found') return <NotFoundScreen view={outcome.view ?? null} />;
  return elementFor(outcome, screenLoaders);
}

async function elementFor(page: PageView, loaders: Loaders): Promise<ReactElement> {
  // Each arm pairs a screen's loader with its own view type.
  switch (page.screen) {
    case 'home':
      return withView(await loaders.home(), page.view);
    case 'videoPopup':
      return withView(await loaders.videoPopup(), page.view);
    case 'solutions':
      return withView(await loaders.solutions(), page.view);
    case 'product':
      return withView(await loaders.product(), page.view);
    case 'caseStudyIndex':
      return withView(await loaders.caseStudyIndex(), page.view);
    case 'caseStudy':
      return withView(await loaders.caseStudy(), page.view);
    case 'insights':
      return withView(await loaders.insights(), page.view);
    case 'insight':
      return withView(await loaders.insight(), page.view);
    case 'aboutUs':
      return withView(await loaders.aboutUs(), page.view);
    case 'privacy':
      return withView(await loaders.privacy(), page.view);
    case 'contactUs':
      return withView(await loaders.contactUs(), page.view);
    case 'page':
      return withView(await loaders.page(), page.view);
    case 'notFound':
      return withView(await loaders.notFound(), page.view);
    default:
      return <UnknownScreen name={(page as { screen: string }).screen} />;
  }
}

function withView<V>(Screen: ComponentType<{ view: V }>, view: V): ReactElement {
  return <Screen view={view} />;
}

/** A screen this UI does not know is a render error: the error screen says which. */
function UnknownScreen({ name }: { name: string }): never {
  throw new Error(`no screen for "${name}"`);
}
