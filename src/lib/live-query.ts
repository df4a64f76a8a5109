import type { liveQuery } from 'dexie';
import { useEffect, useState } from 'react';

export type LiveQueryResult<T> = { data: T | undefined; isPending: boolean; isError: boolean };

type Dexie = { liveQuery: typeof liveQuery };
let dexie: Promise<Dexie> | undefined;

/**
 * Loads Dexie for the live queries (once). A page that must read its records offline from a
 * first visit (the saved list) loads it ahead, with the page's own code: once the connection is
 * gone it cannot be fetched.
 */
export function loadLiveQueries(): Promise<Dexie> {
  if (!dexie) {
    dexie = import('dexie');
    // A load that failed (offline) is tried again by the next query.
    dexie.catch(() => {
      dexie = undefined;
    });
  }
  return dexie;
}

/**
 * A query over IndexedDB, kept fresh: Dexie's liveQuery reports every change, from this tab or
 * another one. The one live hook (the outbox's records, venue mode's roster, a family's entries
 * waiting on the device). `key` names what `read` reads: a new key reads again. No data yet (or
 * `enabled` false): `isPending`. Dexie itself is imported when a query first starts, so a page
 * that may show one (the family's page) does not evaluate it before drawing (ADR 032).
 */
export function useLiveQuery<T>(key: string, read: () => Promise<T>, enabled = true): LiveQueryResult<T> {
  const [state, setState] = useState<LiveQueryResult<T> & { key: string }>({ key, data: undefined, isPending: true, isError: false });
  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    let subscription: { unsubscribe(): void } | undefined;
    const failed = () => {
      if (!stopped) setState({ key, data: undefined, isPending: false, isError: true });
    };
    loadLiveQueries().then(({ liveQuery }) => {
      if (stopped) return;
      subscription = liveQuery(read).subscribe({ next: (data) => setState({ key, data, isPending: false, isError: false }), error: failed });
    }, failed);
    return () => {
      stopped = true;
      subscription?.unsubscribe();
    };
    // `read` is rebuilt on every render and depends only on what `key` names.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, enabled]);
  if (!enabled || state.key !== key) return { data: undefined, isPending: true, isError: false };
  return state;
}
