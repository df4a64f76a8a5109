import { sql } from 'drizzle-orm';
import type { Database } from './client';

/**
 * PGlite has no autovacuum daemon, so nothing refreshes a table's statistics while the server
 * runs, and nothing tells the plans cached in the one backend that a table grew. The plan of a
 * foreign-key check is made once, on the first insert: on a nearly empty `registrations` it is a
 * sequential scan, and it stayed one while the season filled the table. Every registration then
 * read the whole table once for its confirmation email's foreign key (measured: a 100-row batch
 * 25 ms at 20,000 rows with fresh statistics, 228 ms without, growing with the table; issue 28).
 *
 * This does what Postgres's autoanalyze does, by size instead of by counters (PGlite's backend
 * does not report its statistics counters while it runs): a table whose file grew by more than
 * a tenth since its last ANALYZE, or that was never analyzed and is no longer empty, is analyzed
 * again. ANALYZE samples, so it stays quick on a large table, and it makes the backend plan its
 * cached statements afresh. Postgres has its own autovacuum; this is for PGlite only.
 */

/** Pages a table may grow by, beyond a tenth of its size at the last ANALYZE, before another. */
const SLACK_PAGES = 4;

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
    await database.rows(sql.raw(`analyze "${name.replaceAll('"', '""')}"`));
  }
  return grown.map((table) => table.name);
}
