import { mkdir, readdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { describeError, type Logger } from '../../lib/logger';
import { backupFileName, type Backups } from './backups';
import { pruneEntryFileCopies } from './entry-file-copies';

export type BackupScheduleOptions = {
  dir: string;
  intervalMs: number;
  keep: number;
  backups: Pick<Backups, 'write' | 'extension'>;
  log: Logger;
  now?: () => Date;
  /** The first backup waits at least this long after start, so a restart loop never piles them up. */
  firstDelayMs?: number;
};

export type BackupSchedule = {
  /** When the next backup is due (for the log and tests). */
  readonly nextAt: Date | null;
  stop(): Promise<void>;
};

const NAME = /^ktc-backup-(\d{8}T\d{9}Z)\.(tar\.gz|dump)$/;
const MAX_RETRY_MS = 60 * 60_000;

function parseStamp(stamp: string): number {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})Z$/.exec(stamp);
  return m ? Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!, +m[7]!) : Number.NaN;
}

/** Our backups in `dir`, oldest first. */
export async function listBackups(dir: string): Promise<Array<{ name: string; at: number }>> {
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[];
    throw error;
  });
  return names
    .map((name) => ({ name, at: parseStamp(NAME.exec(name)?.[1] ?? '') }))
    .filter((b) => Number.isFinite(b.at))
    .sort((a, b) => a.at - b.at || a.name.localeCompare(b.name));
}

/**
 * Writes a backup every interval into `dir` and keeps the newest `keep`. A failure is logged and
 * retried sooner (1 min, doubling, at most 1 h or the interval); nothing here ever throws into
 * the server.
 */
export function startBackupSchedule(options: BackupScheduleOptions): BackupSchedule {
  const now = options.now ?? (() => new Date());
  const firstDelayMs = Math.min(options.firstDelayMs ?? 5 * 60_000, options.intervalMs);
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;
  let failures = 0;
  let nextAt: Date | null = null;

  const schedule = (delayMs: number) => {
    if (stopped) return;
    nextAt = new Date(now().getTime() + delayMs);
    timer = setTimeout(() => {
      timer = null;
      running = runOnce().finally(() => (running = null));
    }, delayMs);
    timer.unref();
  };

  const runOnce = async () => {
    try {
      await mkdir(options.dir, { recursive: true, mode: 0o700 });
      const out = join(options.dir, backupFileName(now(), options.backups.extension));
      const result = await options.backups.write(out);
      failures = 0;
      const { deleted, deletedEntryFiles } = await prune();
      options.log.info('automatic backup written', {
        file: result.file,
        bytes: result.bytes,
        entryFiles: result.entryFiles,
        blockedMs: Math.round(result.blockedMs),
        totalMs: Math.round(result.totalMs),
        deletedOld: deleted,
        deletedEntryFiles,
      });
      schedule(options.intervalMs);
    } catch (error) {
      failures++;
      const retryMs = Math.min(60_000 * 2 ** (failures - 1), MAX_RETRY_MS, options.intervalMs);
      options.log.error('automatic backup failed; will retry', { retryInSeconds: Math.round(retryMs / 1000), failures, problem: describeError(error) });
      schedule(retryMs);
    }
  };

  const prune = async (): Promise<{ deleted: number; deletedEntryFiles: number }> => {
    const all = await listBackups(options.dir);
    const old = all.slice(0, Math.max(0, all.length - options.keep));
    let deleted = 0;
    for (const backup of old) {
      await unlink(join(options.dir, backup.name)).then(
        () => deleted++,
        (error: unknown) => options.log.warn('could not delete an old backup', { file: backup.name, problem: describeError(error) }),
      );
    }
    const deletedEntryFiles = await pruneEntryFileCopies(options.dir, await listBackups(options.dir));
    return { deleted, deletedEntryFiles };
  };

  void listBackups(options.dir)
    .then((existing) => {
      const newest = existing.at(-1)?.at;
      const dueIn = newest === undefined ? 0 : newest + options.intervalMs - now().getTime();
      schedule(Math.max(firstDelayMs, dueIn));
      options.log.info('automatic backups on', { dir: options.dir, next: nextAt?.toISOString(), keep: options.keep });
    })
    .catch((error: unknown) => {
      options.log.error('automatic backups: cannot read the backup directory; will retry', { problem: describeError(error) });
      schedule(firstDelayMs);
    });

  return {
    get nextAt() {
      return nextAt;
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      if (running) await running;
    },
  };
}
