import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres, type PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { lockDataDir, type DataDirLock } from './data-dir-lock';
import * as schema from './schema';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));
const INITDB_SCRIPT = fileURLToPath(new URL('./pglite-initdb.mjs', import.meta.url));

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

/**
 * Both drivers expose the same drizzle query builder; we type the handle as the postgres-js
 * flavour and keep driver differences (raw rows, closing) behind this module.
 */
export type Db = PostgresJsDatabase<typeof schema>;

/** Raw SQL's rows on a `Db` or a transaction, the same shape on both drivers (PGlite wraps them in `rows`). */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as T[] | { rows: T[] };
  return Array.isArray(result) ? result : result.rows;
}

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The embedded engine, for what only it can do (online backups). Undefined on Postgres. */
  pglite?: PGlite;
  /** The data directory this process holds, on PGlite with a data dir. */
  lock?: DataDirLock;
  /** Runs raw SQL and returns its rows, the same shape on both drivers. */
  rows<T = Record<string, unknown>>(query: SQL): Promise<T[]>;
  /** Cheap round trip, used by the health check. */
  ping(): Promise<void>;
  close(): Promise<void>;
};

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; maxConnections?: number }
  /**
   * dataDir undefined: in memory (tests). With a dataDir, the directory's lock is taken first
   * (or `lock`, already taken by the caller, is used), and released on close.
   */
  | { kind: 'pglite'; dataDir?: string; lock?: DataDirLock };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const database = openPostgres(options);
    await database.migrate().catch(async (error: unknown) => {
      await database.close();
      throw error;
    });
    return database;
  }
  // Never open a data directory another process holds (ADR 008): the lock comes first.
  const lock = options.dataDir ? (options.lock ?? lockDataDir(options.dataDir)) : undefined;
  try {
    const database = await openPglite(options.dataDir, lock);
    try {
      await migratePglite(database.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
      // PGlite has no autovacuum daemon: without fresh statistics a grown table gets sequential
      // scans where an index would do. ANALYZE samples, so it stays quick on large tables.
      await database.pglite.exec('analyze');
    } catch (error) {
      await database.close();
      throw error;
    }
    return database;
  } catch (error) {
    lock?.release();
    throw error;
  }
}

async function openPglite(dataDir: string | undefined, lock: DataDirLock | undefined): Promise<Database & { pglite: PGlite }> {
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    // A new directory is created by a child process (see pglite-initdb.mjs); we hold its lock meanwhile.
    if (!existsSync(join(dataDir, 'PG_VERSION'))) {
      await promisify(execFile)(process.execPath, [INITDB_SCRIPT, dataDir], { timeout: 120_000 });
    }
  }
  const client = await PGlite.create({ dataDir, extensions: { pg_trgm }, startParams: PGLITE_START_PARAMS });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    ...(lock ? { lock } : {}),
    async rows<T>(query: SQL) {
      const result = (await db.execute(query)) as unknown as { rows: T[] };
      return result.rows;
    },
    async ping() {
      await client.query('select 1');
    },
    async close() {
      try {
        if (!client.closed) await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

function openPostgres(options: { url: string; maxConnections?: number }): Database & { migrate(): Promise<void> } {
  const client = postgres(options.url, {
    max: options.maxConnections ?? 10,
    onnotice: () => {},
    // Fail fast while the database is down, so requests get a 503 instead of hanging: one
    // connect attempt at most 5 s, and no growing wait between attempts (postgres.js's default
    // backoff reaches 20 s, and queued queries would wait through it).
    connect_timeout: 5,
    backoff: () => 0.1,
    // Short OLTP queries: JIT compilation once cost ~1 s on the duplicates view for nothing.
    connection: { jit: 'off' },
    idle_timeout: 60,
  });
  const db = drizzlePostgres(client, { schema });
  return {
    db,
    kind: 'postgres',
    async migrate() {
      // Several instances may start at once against one Postgres: one migrates, the others wait
      // on a session-level advisory lock held by a dedicated connection.
      const lockClient = postgres(options.url, { max: 1, onnotice: () => {}, connect_timeout: 5 });
      try {
        await lockClient`select pg_advisory_lock(7261504)`;
        await migratePostgres(drizzlePostgres(lockClient, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
        await lockClient`select pg_advisory_unlock(7261504)`;
      } finally {
        await lockClient.end({ timeout: 2 });
      }
    },
    async rows<T>(query: SQL) {
      return (await db.execute(query)) as unknown as T[];
    },
    async ping() {
      await client`select 1`;
    },
    async close() {
      await client.end({ timeout: 2 });
    },
  };
}

/** What a store function that may run inside a transaction needs: raw SQL with rows back. */
export type Queryable = { rows<T>(query: SQL): Promise<T[]> };

/** Runs `work` in one transaction, with the same `rows` helper the database has. */
export async function inTransaction<T>(database: Database, work: (tx: Queryable) => Promise<T>): Promise<T> {
  return database.db.transaction(async (tx) =>
    work({
      async rows<R>(query: SQL) {
        const result = (await tx.execute(query)) as unknown as R[] | { rows: R[] };
        return Array.isArray(result) ? result : result.rows;
      },
    }),
  );
}
