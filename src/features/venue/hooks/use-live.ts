import { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';

/** The value of an IndexedDB query, kept fresh on every change from any tab (Dexie liveQuery). */
export function useLive<T>(read: () => Promise<T>, deps: readonly unknown[], initial: T): T {
  const [value, setValue] = useState<T>(initial);
  useEffect(() => {
    const subscription = liveQuery(read).subscribe({ next: setValue, error: () => undefined });
    return () => subscription.unsubscribe();
    // `read` is rebuilt each render; the caller names what it depends on.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return value;
}
