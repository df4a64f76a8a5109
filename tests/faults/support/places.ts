import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach } from 'vitest';
import { openDatabase, type Database } from '../../../server/db/client';
import { startServer, type RunningServer } from '../../setup/server-process';
import { createScratchPostgresDatabase, type DatabaseKind } from '../../setup/test-database';

/** Where a server under test keeps its data: its own DATA_DIR, and on Postgres a scratch database too. */
export type Place = {
  /** The server's and the commands' environment for this place (DATA_DIR, and DATABASE_URL on Postgres). */
  env: Record<string, string>;
  dataDir: string;
  /** Opens the database directly; only while no server holds the place on PGlite (ADR 008). */
  open(): Promise<Database>;
  /** The ids of every stored registration, read straight from the database. */
  storedIds(): Promise<Set<string>>;
  drop(): Promise<void>;
};

/**
 * An empty place: a fresh DATA_DIR, and on Postgres a fresh database beside TEST_DATABASE_URL;
 * dropped after the test (`onCleanup` is the test's, from useCleanups).
 */
export async function emptyPlace(kind: DatabaseKind, onCleanup: ReturnType<typeof useCleanups>): Promise<Place> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ktc-place-'));
  const scratch = kind === 'postgres' ? await createScratchPostgresDatabase() : null;
  const open = () => (scratch ? openDatabase({ kind: 'postgres', url: scratch.url, maxConnections: 1 }) : openDatabase({ kind: 'pglite', dataDir }));
  const place: Place = {
    env: scratch ? { DATA_DIR: dataDir, DATABASE_URL: scratch.url } : { DATA_DIR: dataDir },
    dataDir,
    open,
    async storedIds() {
      const database = await open();
      try {
        return new Set((await database.rows<{ id: string }>(sql`select id::text as id from registrations`)).map((r) => r.id));
      } finally {
        await database.close();
      }
    },
    async drop() {
      rmSync(dataDir, { recursive: true, force: true });
      await scratch?.drop();
    },
  };
  onCleanup(() => place.drop());
  return place;
}

/**
 * Cleanups for each test of the enclosing describe, run after it in reverse order (the last thing
 * started stops first), whether the test passed or not. Returns the function that registers one.
 */
export function useCleanups(): (cleanup: () => Promise<unknown> | unknown) => void {
  const cleanups: Array<() => Promise<unknown> | unknown> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  return (cleanup) => cleanups.push(cleanup);
}

/**
 * A server on `place` (with `env` added to the place's), killed after the test whatever happened:
 * `onCleanup` is the test's (useCleanups). A test may stop it itself first, and start another.
 */
export async function serverOn(place: Place, onCleanup: ReturnType<typeof useCleanups>, env: Record<string, string> = {}): Promise<RunningServer> {
  const server = await startServer({ dataDir: place.dataDir, env: { ...place.env, ...env } });
  onCleanup(() => server.stop('SIGKILL'));
  return server;
}
