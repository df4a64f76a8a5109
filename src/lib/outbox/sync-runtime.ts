import { liveQuery } from 'dexie';
import { OUTBOX_KIND_NAMES, type OutboxKind } from './kinds';
import { isUnsynced, outboxDb } from './outbox-db';
import { SyncEngine } from './sync-engine';

let engine: SyncEngine | null = null;

/**
 * The tab's one sync engine, started on first use (app start: the header badge loads this
 * module after first paint). Every page that writes to the outbox goes through here too.
 */
export function syncEngine(): SyncEngine {
  if (!engine) {
    engine = new SyncEngine({
      db: outboxDb(),
      fetch: (input, init) => globalThis.fetch(input, init),
      locks: 'locks' in navigator && navigator.locks ? navigator.locks : null,
    });
    engine.start(window);
  }
  return engine;
}

export type PendingCounts = Record<OutboxKind, number> & { total: number };

/** Live counts of records not yet on the server, across every tab of this profile. */
export function watchPendingCounts(onChange: (counts: PendingCounts) => void): () => void {
  const subscription = liveQuery(async () => {
    const counts = Object.fromEntries([...OUTBOX_KIND_NAMES, 'total'].map((key) => [key, 0])) as PendingCounts;
    await outboxDb()
      .records.filter(isUnsynced)
      .each((record) => {
        counts[record.kind] += 1;
        counts.total += 1;
      });
    return counts;
  }).subscribe({ next: onChange, error: () => undefined });
  return () => subscription.unsubscribe();
}
