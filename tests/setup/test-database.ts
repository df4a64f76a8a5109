import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { openDatabase, type Database } from '../../server/db/client';

export type DatabaseKind = 'pglite' | 'postgres';

/** PGlite always; real Postgres too when TEST_DATABASE_URL is set (CI sets it). */
export function testDatabaseKinds(): DatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

export type TestDatabase = Database & { url?: string; dispose(): Promise<void> };

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or a new Postgres database
 * created beside TEST_DATABASE_URL and dropped afterwards, so runs never see each other's rows.
 */
export async function openTestDatabase(kind: DatabaseKind): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const database = await openDatabase({ kind: 'pglite' });
    return { ...database, dispose: () => database.close() };
  }
  const { url, drop } = await createScratchPostgresDatabase();
  const database = await openDatabase({ kind: 'postgres', url, maxConnections: 5 });
  return {
    ...database,
    url,
    async dispose() {
      await database.close();
      await drop();
    },
  };
}

/** Creates an empty Postgres database next to TEST_DATABASE_URL; `drop` removes it. */
export async function createScratchPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error('TEST_DATABASE_URL is not set.');
  return scratchDatabaseBeside(baseUrl, 'ktc_test');
}

/**
 * Creates an empty database on the server `baseUrl` names, beside its database (tests and the
 * bench never fill the one they were given); `drop` removes it, sessions and all.
 */
export async function scratchDatabaseBeside(baseUrl: string, prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = postgres(baseUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = postgres(baseUrl, { max: 1, onnotice: () => {} });
      await cleanup.unsafe(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
