// The view models the UI renders. Their types are generated from the Rust view models
// (contract.gen.ts, rewritten by core's contract test), so a change on one side that the other
// does not follow fails the type check. This module only names what the UI derives from them.
import type { Embedded, PageAnswer, PageView } from './contract.gen';

export type * from './contract.gen';

/** What the server decided for a path: a page, a redirect or the not-found screen. */
export type Outcome = PageAnswer;

/** The name of each screen (`home`, `caseStudy`, …). */
export type ScreenName = PageView['screen'];

/** Each screen's view model by screen name. */
export type ScreenViews = { [S in ScreenName]: Extract<PageView, { screen: S }>['view'] };

/** An outcome with the site chrome when the answer carried it (the embedded page data). */
export interface PagePayload {
  chrome?: Embedded['chrome'];
  outcome: Embedded['outcome'];
}
