import { spawnSync } from 'node:child_process';
import { chmodSync, closeSync, constants, ftruncateSync, mkdirSync, openSync, readFileSync, statSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * One process per PGlite data directory (ADR 008). The lock is flock(2) on DATA_DIR/.lock: the
 * kernel drops it when the holding process dies, kill -9 included, so it never goes stale.
 *
 * Node has no flock of its own, so util-linux's `flock` command takes it on our file descriptor:
 * the lock belongs to the open file description, which this process keeps open after the
 * short-lived `flock` child exits. Node opens files close-on-exec, so no other child inherits it.
 */

export const LOCK_FILE = '.lock';
const FLOCK_CONFLICT_EXIT = 75;

/** What a holder writes into the lock file, so a second process can say who has the directory. */
export type LockHolder = {
  pid: number;
  command: string;
  startedAt: string;
  /** A Unix socket where the holder (a running server) takes admin, seed and backup requests. */
  controlSocket?: string;
};

export type DataDirLock = {
  dataDir: string;
  holder: LockHolder;
  /** Rewrites the holder record (the server adds its control socket once it listens). */
  update(extra: Partial<LockHolder>): void;
  /** Drops the lock. Exiting drops it too. */
  release(): void;
};

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder | null,
  ) {
    super(describeInUse(dataDir, holder));
    this.name = 'DataDirInUseError';
  }
}

function describeInUse(dataDir: string, holder: LockHolder | null): string {
  const who = holder
    ? `process ${holder.pid} (${holder.command}, started ${holder.startedAt})`
    : 'another process (it has not said which yet)';
  return [
    `The data directory ${dataDir} is in use by ${who}.`,
    'Only one process may open the embedded database at a time; nothing was opened.',
    'What to do:',
    '  - If that is the running server: `npm run admin`, `npm run seed` and `npm run backup` work while it',
    '    runs (they ask it over its local control socket). Stop it first (Ctrl+C, or',
    `    \`kill ${holder?.pid ?? '<pid>'}\`) before \`npm run restore\` or \`npm run db:copy\`.`,
    '  - To run a second server, give it its own DATA_DIR, or move to Postgres (DATABASE_URL; see README).',
  ].join('\n');
}

/** The current holder's record, or null when the file is missing, empty or unreadable. */
export function readLockHolder(dataDir: string): LockHolder | null {
  try {
    const parsed = JSON.parse(readFileSync(join(dataDir, LOCK_FILE), 'utf8')) as Partial<LockHolder>;
    if (typeof parsed.pid !== 'number' || typeof parsed.command !== 'string' || typeof parsed.startedAt !== 'string') return null;
    return {
      pid: parsed.pid,
      command: parsed.command,
      startedAt: parsed.startedAt,
      ...(typeof parsed.controlSocket === 'string' ? { controlSocket: parsed.controlSocket } : {}),
    };
  } catch {
    return null;
  }
}

/**
 * Takes the exclusive lock on `dataDir` (creating it, private to this user) or throws
 * DataDirInUseError at once. Never waits.
 */
export function lockDataDir(rawDataDir: string, options: { command?: string } = {}): DataDirLock {
  const dataDir = resolve(rawDataDir);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // Children's personal data lives here: only this user may enter it (PGlite creates its files 0666).
  if ((statSync(dataDir).mode & 0o077) !== 0) chmodSync(dataDir, 0o700);

  const path = join(dataDir, LOCK_FILE);
  // No O_TRUNC: a process that loses the race must not wipe the holder's record.
  const fd = openSync(path, constants.O_RDWR | constants.O_CREAT, 0o600);
  const result = spawnSync('flock', ['--exclusive', '--nonblock', '--conflict-exit-code', String(FLOCK_CONFLICT_EXIT), '3'], {
    stdio: ['ignore', 'ignore', 'pipe', fd],
  });
  if (result.error || result.status !== 0) {
    closeSync(fd);
    if (result.status === FLOCK_CONFLICT_EXIT) throw new DataDirInUseError(dataDir, readLockHolder(dataDir));
    const missing = (result.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
    throw new Error(
      missing
        ? 'Locking the data directory needs the `flock` command (util-linux), which is not installed.'
        : `Could not lock ${path}: ${result.error?.message ?? result.stderr.toString().trim()}`,
    );
  }

  let holder: LockHolder = {
    pid: process.pid,
    command: options.command ?? describeCommand(),
    startedAt: new Date().toISOString(),
  };
  let open = true;
  const write = () => {
    const bytes = Buffer.from(`${JSON.stringify(holder)}\n`);
    writeSync(fd, bytes, 0, bytes.length, 0);
    ftruncateSync(fd, bytes.length);
  };
  write();
  return {
    dataDir,
    get holder() {
      return holder;
    },
    update(extra) {
      holder = { ...holder, ...extra };
      if (open) write();
    },
    release() {
      if (!open) return;
      open = false;
      // The file stays: unlinking it would let a waiter lock a path that no longer exists.
      closeSync(fd);
    },
  };
}

function describeCommand(): string {
  const script = process.argv[1] ? process.argv[1].replace(`${process.cwd()}/`, '') : 'node';
  // A --to postgres://user:password@… argument must not end up in another process's message.
  const args = process.argv.slice(2).map((arg) => arg.replace(/\/\/([^:/@\s]+):[^@\s]*@/g, '//$1:***@'));
  return ['node', script, ...args].join(' ').slice(0, 200);
}
