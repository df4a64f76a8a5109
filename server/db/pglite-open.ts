import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * PGlite's memory, measured under the bench's API load (bench/README.md): Postgres's default
 * 128 MB of shared buffers are mostly a second copy of what the OS page cache already holds for
 * this single-process database, and WebAssembly memory, once grown, never shrinks.
 *
 * Custom plans only (ADR 025): the one backend lives as long as the server, and a plan it caches
 * for a foreign-key check or a trigger's statement is made for the table's size at the time.
 * Made on a fresh season's empty `registrations`, the foreign-key check of every confirmation
 * email was a sequential scan for the rest of the process (a 100-row batch went from 25 ms to
 * 228 ms at 20,000 rows, and kept growing). Planning each time costs ~10% of a batch; a stale
 * plan cost the table's size on every row.
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB', '-c', 'plan_cache_mode=force_custom_plan'];

/** Opens the embedded engine the same way in this thread or in the database thread (ADR 035). */
export function createPglite(dataDir: string | undefined): Promise<PGlite> {
  return PGlite.create({ dataDir, extensions: { pg_trgm }, startParams: PGLITE_START_PARAMS });
}
