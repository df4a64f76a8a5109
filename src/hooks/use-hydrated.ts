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

/**
 * `clientValue` in the browser, `serverValue` while prerendering and hydrating. Unlike
 * useHydrated, a component re-renders after hydration only when the two differ (a visit with no
 * query string costs nothing). Values must be primitives.
 */
export function useClientValue<T extends string | number | boolean | null>(clientValue: T, serverValue: T): T {
  return useSyncExternalStore(
    noSubscription,
    () => clientValue,
    () => serverValue,
  );
}
