import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../../server/app';
import type { Deps } from '../../server/context';
import { loadEnv } from '../../server/env';
import { silentLogger } from '../../server/lib/logger';
import { openForSuite } from './per-suite';
import { openTestDatabase, type DatabaseKind, type TestDatabase } from './test-database';

export type TestApp = {
  app: ReturnType<typeof createApp>;
  database: TestDatabase;
  deps: Deps;
  /** app.request with a same-origin Origin and our CSRF header, as the real client sends. */
  request(path: string, init?: RequestInit): Promise<Response>;
  close(): Promise<void>;
};

export const TEST_ORIGIN = 'http://localhost';

export async function createTestApp(kind: DatabaseKind, overrides: Partial<Deps> = {}): Promise<TestApp> {
  const database = await openTestDatabase(kind);
  const env = testEnv();
  const deps: Deps = { database, env, log: silentLogger, now: () => new Date(), ...overrides };
  const app = createApp(deps);
  return {
    app,
    database,
    deps,
    async request(path, init = {}) {
      const headers = new Headers(init.headers);
      // A page of this site: its origin is PUBLIC_URL's when that is set (the CSRF check wants it).
      if (!headers.has('Origin')) headers.set('Origin', deps.env.PUBLIC_URL ? new URL(deps.env.PUBLIC_URL).origin : TEST_ORIGIN);
      if (!headers.has('X-Requested-With')) headers.set('X-Requested-With', 'fetch');
      if (!headers.has('Host')) headers.set('Host', 'localhost');
      return app.request(`${TEST_ORIGIN}${path}`, { ...init, headers });
    },
    close: () => database.dispose(),
  };
}

/** Where tests keep entry files unless they say otherwise: never the repository's ./data. */
export const TEST_ENTRIES_DIR = join(tmpdir(), `ktc-test-entries-${process.pid}`);

/** The environment tests run with (cheap password hashing), plus `extra`. */
export function testEnv(extra: Record<string, string> = {}) {
  return loadEnv({ NODE_ENV: 'test', SCRYPT_LOG_N: '10', ENTRIES_DIR: TEST_ENTRIES_DIR, ...extra });
}

/** A test app for the enclosing describe: opened before its tests, closed after (see openForSuite). */
export function useTestApp(kind: DatabaseKind, overrides: Partial<Deps> = {}): TestApp {
  return openForSuite(
    () => createTestApp(kind, overrides),
    (t) => t.close(),
  );
}

/** A migrated test database for the enclosing describe, without an app in front (see openForSuite). */
export function useTestDatabase(kind: DatabaseKind): TestDatabase {
  return openForSuite(
    () => openTestDatabase(kind),
    (database) => database.dispose(),
  );
}

/** JSON request init for app.request. */
export function json(body: unknown, method = 'POST'): RequestInit {
  return { method, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
}
