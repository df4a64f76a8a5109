import { resolve } from 'node:path';
import { openDatabase, type Database } from '../db/client';
import { DataDirInUseError, lockDataDir } from '../db/data-dir-lock';
import type { Env } from '../env';

/**
 * How a command reaches the database (ADR 008): on Postgres it opens its own connection; on
 * PGlite it takes DATA_DIR's lock and opens it, or, when a running server holds the directory,
 * hands the work to that server over its control socket. It never opens a held directory.
 */
export async function withDatabaseOrServer<T>(
  env: Pick<Env, 'DATA_DIR' | 'DATABASE_URL'>,
  run: {
    local(database: Database): Promise<T>;
    /** Absent: the command cannot run beside a server, and says so. */
    viaServer?(socketPath: string, serverPid: number): Promise<T>;
  },
): Promise<T> {
  if (env.DATABASE_URL) {
    const database = await openDatabase({ kind: 'postgres', url: env.DATABASE_URL, maxConnections: 2 });
    try {
      return await run.local(database);
    } finally {
      await database.close();
    }
  }
  const dataDir = resolve(env.DATA_DIR);
  let lock;
  try {
    lock = lockDataDir(dataDir);
  } catch (error) {
    const socket = error instanceof DataDirInUseError ? error.holder?.controlSocket : undefined;
    if (error instanceof DataDirInUseError && socket && run.viaServer) {
      try {
        return await run.viaServer(socket, error.holder?.pid ?? 0);
      } catch (cause) {
        const code = (cause as NodeJS.ErrnoException).code;
        if (code === 'ECONNREFUSED' || code === 'ENOENT') {
          throw new Error(`${error.message}\nIts control socket (${socket}) does not answer: the server may be stopping. Try again in a moment.`);
        }
        throw cause;
      }
    }
    throw error;
  }
  const database = await openDatabase({ kind: 'pglite', dataDir, lock });
  try {
    return await run.local(database);
  } finally {
    await database.close();
  }
}

/** The answer of a control request, or its error as a thrown Error. */
export function resultOf(response: { ok: true; result: Record<string, unknown> } | { ok: false; error: string }): Record<string, unknown> {
  if (!response.ok) throw new Error(response.error);
  return response.result;
}
