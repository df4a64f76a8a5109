import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../client';
import type { entries, mailOutbox } from '../schema';

/** The work instances take turns at under a lease: entries to check, emails to send. */
type LeasedTable = typeof entries | typeof mailOutbox;

/** The database's now plus `ms`: when a lease ends or the next attempt is due. */
export const fromNow = (ms: number) => sql`now() + make_interval(secs => ${ms / 1000})`;

/** One kind of due row (queued, or a lease run out) and the order to take them in, which an index should serve. */
export type DueRows = { due: SQL | undefined; orderBy: PgColumn };

/**
 * The id of the due row to claim next, locked: FOR UPDATE SKIP LOCKED lets instances claim side
 * by side without waiting on each other. The claim re-checks the rows' condition under the lock,
 * so two of them never take the same row, and uses this as a scalar (`id = (...)` runs once;
 * `id in (...)` may be re-scanned per row and claim them all).
 *
 * Each kind of due row is asked for on its own, in the order given, and the first found wins
 * (`coalesce` runs the next query only when the one before found nothing). One condition with an
 * `or` over two kinds made Postgres read and sort every due row to take the first: with 20,000
 * emails queued after a publish, each claim took 8-17 ms, one email at a time (issue 47).
 */
export const nextDueId = (db: Db, table: LeasedTable, ...kinds: DueRows[]) =>
  sql`coalesce(${sql.join(
    kinds.map(({ due, orderBy }) => sql`(${db.select({ id: table.id }).from(table).where(due).orderBy(orderBy).limit(1).for('update', { skipLocked: true })})`),
    sql`, `,
  )})`;
