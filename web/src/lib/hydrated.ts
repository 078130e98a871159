// Whether the component is running in the browser after hydration: false on the server and
// during hydration (so markup matches), true from then on.
import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
