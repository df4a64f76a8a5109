import { outboxDb } from './outbox-db';
import type { OutboxRecord } from './kinds';

/**
 * For tests only (lint lets only `*.test.ts(x)` import it): put this browser profile's outbox in
 * a given state and empty it, which no feature may do.
 */
export async function resetOutbox(): Promise<void> {
  await outboxDb().records.clear();
}

export async function setRecord(id: string, change: Partial<OutboxRecord>): Promise<void> {
  await outboxDb().records.update(id, change as Partial<OutboxRecord>);
}

/** The records table itself, for a test that makes storing fail (`vi.spyOn(outboxTable(), 'add')`). */
export function outboxTable() {
  return outboxDb().records;
}

/** A roster as builds before the venue feature's own database kept it, in version 2's tables. */
export async function seedLegacyRosters(roster: object[], rosters: object[]): Promise<void> {
  const db = outboxDb();
  await db.table('roster').bulkPut(roster);
  await db.table('rosters').bulkPut(rosters);
}
