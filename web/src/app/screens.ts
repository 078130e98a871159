// Which component draws which screen. The server names the screen in each outcome; screens
// load as separate chunks so a page downloads only its own. The server-side renderer will use
// the same table with static imports.
import type { ComponentType } from 'react';
import { NotFoundScreen } from '../features/not-found/NotFoundScreen';
import type { Outcome, ScreenView } from '../lib/view';

/** A screen component: it draws one screen's view model. */
export type ScreenComponent = ComponentType<{ view: ScreenView }>;

type Loader = () => Promise<{ default: ScreenComponent }>;

/** Screen name (as the server spells it in `outcome.screen`) → its lazily loaded component. */
export const screenLoaders: Record<string, Loader> = {};

/** The component for an outcome that renders (page or not found). */
export async function loadScreen(outcome: Exclude<Outcome, { outcome: 'redirect' }>): Promise<ScreenComponent> {
  if (outcome.outcome === 'not_found') return NotFoundScreen;
  const loader = screenLoaders[outcome.screen];
  return loader ? (await loader()).default : unknownScreen(outcome.screen);
}

/** A screen the UI does not know is a render error: the error screen says which. */
function unknownScreen(name: string): ScreenComponent {
  return function UnknownScreen() {
    throw new Error(`no screen for "${name}"`);
  };
}
