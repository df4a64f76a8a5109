import { useEffect } from 'react';
import { useAfterLoad } from './use-after-load';

/**
 * Starts loading a module once the page has loaded and the browser is idle, so code a form
 * needs only on submit is ready by then (and, through the service worker, ready offline too).
 */
export function useIdlePreload(load: () => Promise<unknown>): void {
  const afterLoad = useAfterLoad();
  useEffect(() => {
    if (afterLoad) void load().catch(() => undefined);
  }, [afterLoad, load]);
}
