import { useEffect } from 'react';
import { useFormTouched } from './use-form-touched';

/**
 * Starts loading a module the first time the visitor touches a form, so the code a form needs
 * only on submit (zod, Dexie, the sync engine) is ready by then without weighing on page load.
 * Through the service worker it is ready offline too: every chunk is precached.
 */
export function usePreloadWhenFormTouched(load: () => Promise<unknown>): void {
  const touched = useFormTouched();
  useEffect(() => {
    if (touched) void load().catch(() => undefined);
  }, [touched, load]);
}
