import { sql } from 'drizzle-orm';
import { inTransaction, type Database } from './client';

/**
 * PGlite has no autovacuum daemon, so nothing refreshed a table's statistics while the server
 * ran: the planner kept the estimates of the server's start (often an empty season) for every
 * query of the admin pages, the overview and the jobs, however large the tables grew.
 *
 * This does what Postgres's autoanalyze does, by size instead of by counters (PGlite's backend
 * does not report its statistics counters while it runs): a table whose file grew by more than
 * a tenth since its last ANALYZE, or that was never analyzed and is no longer empty, is analyzed
 * again. ANALYZE samples, so it stays quick on a large table. Postgres has its own autovacuum;
 * this is for PGlite only. (Plans cached inside the backend are a separate matter: PGlite runs
 * with custom plans only, client.ts.)
 */

/** Pages a table may grow by, beyond a tenth of its size at the last ANALYZE, before another. */
const SLACK_PAGES = 4;

/**
 * The sample of a refresh: 30 x 300 = 9,000 rows, where Postgres's default (100) reads 30,000.
 * On PGlite an ANALYZE holds the one connection, and under a stream of registrations the
 * registrations table grows by a tenth every few seconds: at 100,000 rows the default took
 * 310-600 ms each time (every request waited that long; bench part 2's slowest statements), 30
 * takes ~100 ms. The server's start analyzes everything at the default.
 */
const REFRESH_STATISTICS_TARGET = 30;

export async function refreshGrownStatistics(database: Database): Promise<string[]> {
  const grown = await database.rows<{ name: string }>(sql`
    select c.relname as name
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind = 'r'
      and pg_relation_size(c.oid) / current_setting('block_size')::int
          > case when c.reltuples < 0 then 0 else c.relpages * 1.1 + ${SLACK_PAGES} end
    order by c.relname`);
  for (const { name } of grown) {
    // The names come from pg_class itself; quoting keeps any of them one identifier.
    await inTransaction(database, async (tx) => {
      await tx.rows(sql.raw(`set local default_statistics_target = ${REFRESH_STATISTICS_TARGET}`));
      await tx.rows(sql.raw(`analyze "${name.replaceAll('"', '""')}"`));
    });
  }
  return grown.map((table) => table.name);
}
