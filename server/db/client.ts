import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres, type PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { lockDataDir, type DataDirLock } from './data-dir-lock';
import { createPglite } from './pglite-open';
import { PgliteThread } from './pglite-thread';
import * as schema from './schema';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));
const INITDB_SCRIPT = fileURLToPath(new URL('./pglite-initdb.mjs', import.meta.url));

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

/** What the server uses of the embedded engine, in this thread or in the database thread. */
export type EmbeddedEngine = {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
  close(): Promise<void>;
  readonly closed: boolean;
};

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The embedded engine, for what only it can do (online backups). Undefined on Postgres. */
  pglite?: EmbeddedEngine;
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
  | {
      kind: 'pglite';
      dataDir?: string;
      lock?: DataDirLock;
      /**
       * The server's own: PGlite in a thread of its own, so its statements never hold the event
       * loop that answers people (ADR 035). `onStop` hears of that thread ending unasked.
       * Commands and tests keep it in their one thread.
       */
      ownThread?: { onStop(error: Error): void };
    };

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
    const database = await openPglite(options.dataDir, lock, options.ownThread);
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

async function openPglite(
  dataDir: string | undefined,
  lock: DataDirLock | undefined,
  ownThread: { onStop(error: Error): void } | undefined,
): Promise<Database & { pglite: EmbeddedEngine }> {
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    // A new directory is created by a child process (see pglite-initdb.mjs); we hold its lock meanwhile.
    if (!existsSync(join(dataDir, 'PG_VERSION'))) {
      await promisify(execFile)(process.execPath, [INITDB_SCRIPT, dataDir], { timeout: 120_000 });
    }
  }
  const client: EmbeddedEngine = ownThread ? await PgliteThread.start(dataDir, ownThread.onStop) : await createPglite(dataDir);
  const db = drizzlePglite(client as never, { schema }) as unknown as Db;
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
