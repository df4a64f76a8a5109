import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../setup/server-process';
import { createScratchPostgresDatabase } from '../../setup/test-database';

/**
 * A throwaway Postgres cluster (initdb into a temp dir, on its own free port) that a test may
 * stop and start at will without touching the machine's shared Postgres.
 */
export type PrivatePostgres = {
  url: string;
  port: number;
  start(): Promise<void>;
  stop(): Promise<void>;
  destroy(): Promise<void>;
};

export function postgresBinDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')) && existsSync(join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : null;
}

function postgresUid(): { uid: number; gid: number } {
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  return { uid, gid };
}

export async function createPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBinDir();
  if (!bin) {
    throw new Error(
      'The Postgres server binaries (initdb, pg_ctl under /usr/lib/postgresql/<version>/bin) are not installed; ' +
        'this fault test needs them to run a private Postgres it can stop and start (apt-get install postgresql).',
    );
  }
  const isRoot = process.getuid?.() === 0;
  const owner = isRoot ? postgresUid() : null;
  const dir = mkdtempSync(join(tmpdir(), 'ktc-pg-'));
  const dataDir = join(dir, 'data');
  const socketDir = join(dir, 'socket');
  mkdirSync(socketDir);
  chmodSync(dir, 0o700);
  if (owner) {
    chownSync(dir, owner.uid, owner.gid);
    chownSync(socketDir, owner.uid, owner.gid);
  }
  const port = await freePort();

  // Postgres refuses to run as root: as root, every command runs as the postgres user.
  const run = async (tool: string, args: string[]) => {
    const command = isRoot ? 'runuser' : join(bin, tool);
    const fullArgs = isRoot ? ['-u', 'postgres', '--', join(bin, tool), ...args] : args;
    await promisify(execFile)(command, fullArgs, { timeout: 60_000 });
  };

  await run('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
  const log = join(dir, 'postgres.log');
  const options = `-p ${port} -k ${socketDir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const instance: PrivatePostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start: () => run('pg_ctl', ['-D', dataDir, '-l', log, '-o', options, '-w', '-t', '30', 'start']),
    stop: () => run('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', '-t', '30', 'stop']),
    async destroy() {
      try {
        await instance.stop();
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await instance.start();
  return instance;
}

/** A fresh database on TEST_DATABASE_URL's server when set (CI), otherwise a private cluster: tests using it never skip. */
export async function sharedPostgres(): Promise<{ url: string; dispose(): Promise<void> }> {
  if (process.env.TEST_DATABASE_URL) {
    const scratch = await createScratchPostgresDatabase();
    return { url: scratch.url, dispose: scratch.drop };
  }
  const instance = await createPrivatePostgres();
  return { url: instance.url, dispose: () => instance.destroy() };
}
