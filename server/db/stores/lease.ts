import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client';
import type { entries, mailOutbox } from '../schema';

/** The work instances take turns at under a lease: entries to check, emails to send. */
type LeasedTable = typeof entries | typeof mailOutbox;

/** The database's now plus `ms`: when a lease ends or the next attempt is due. */
export const fromNow = (ms: number) => sql`now() + make_interval(secs => ${ms / 1000})`;

/**
 * The id of the due row to claim next, locked: FOR UPDATE SKIP LOCKED lets instances claim side
 * by side without waiting on each other. The claim re-checks `due` under the lock, so two of them
 * never take the same row, and uses it as a scalar subquery (`id = (...)` runs once; `id in (...)`
 * may be re-scanned per row and claim them all).
 */
export const nextDueId = (db: Db, table: LeasedTable, due: SQL | undefined) =>
  db.select({ id: table.id }).from(table).where(due).orderBy(table.nextAttemptAt).limit(1).for('update', { skipLocked: true });
