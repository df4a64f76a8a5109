import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

/**
 * False while the server renders and while the browser hydrates that HTML, true from the next
 * render on (and at once where nothing is hydrated). Anything that can differ between the build
 * and the visitor's browser (the time, the URL's query, stored settings) waits for it, so
 * hydration always sees exactly what the prerender wrote.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
