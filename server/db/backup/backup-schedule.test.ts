import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../lib/logger';
import { startBackupSchedule, type BackupSchedule } from './backup-schedule';
import { backupFileName } from './backups';

function recordingLog() {
  const lines: Array<{ level: string; message: string } & Record<string, unknown>> = [];
  return { lines, log: createLogger((line) => lines.push(JSON.parse(line) as (typeof lines)[number])) };
}

async function until(check: () => boolean, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe('automatic backups', () => {
  const cleanups: Array<() => unknown> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  const start = (options: Parameters<typeof startBackupSchedule>[0]): BackupSchedule => {
    const schedule = startBackupSchedule(options);
    cleanups.push(() => schedule.stop());
    return schedule;
  };
  const dir = () => {
    const d = mkdtempSync(join(tmpdir(), 'ktc-schedule-'));
    cleanups.push(() => rmSync(d, { recursive: true, force: true }));
    return d;
  };
  const fakeBackups = (fail: () => boolean) => ({
    extension: '.tar.gz',
    async write(out: string) {
      if (fail()) throw new Error('disk full');
      writeFileSync(out, 'backup', { mode: 0o600 });
      return { file: out, bytes: 6, blockedMs: 1, totalMs: 2, entryFiles: { files: 0, copied: 0, copiedBytes: 0 } };
    },
  });

  it('writes one per interval and keeps only the newest `keep`', async () => {
    const backupDir = dir();
    // An older backup from before this start counts towards the ones kept.
    writeFileSync(join(backupDir, backupFileName(new Date(Date.now() - 3600_000), '.tar.gz')), 'old');
    writeFileSync(join(backupDir, 'notes.txt'), 'not ours, never deleted');
    const { lines, log } = recordingLog();
    start({ dir: backupDir, intervalMs: 30, keep: 3, backups: fakeBackups(() => false), log, firstDelayMs: 0 });
    await until(() => lines.filter((l) => l.message === 'automatic backup written').length >= 5);
    const left = readdirSync(backupDir).sort();
    expect(left.filter((n) => n.endsWith('.tar.gz'))).toHaveLength(3);
    expect(left).toContain('notes.txt');
  });

  it('logs a failure and retries, and never throws into the server', async () => {
    let calls = 0;
    const { lines, log } = recordingLog();
    start({ dir: dir(), intervalMs: 40, keep: 14, backups: fakeBackups(() => ++calls <= 2), log, firstDelayMs: 0 });
    await until(() => lines.some((l) => l.message === 'automatic backup written'));
    const failures = lines.filter((l) => l.message === 'automatic backup failed; will retry');
    expect(failures).toHaveLength(2);
    expect(failures[0]).toMatchObject({ level: 'error', failures: 1, problem: { message: 'disk full' } });
  });

  it('waits a full interval after the newest existing backup before writing the next', async () => {
    const backupDir = dir();
    writeFileSync(join(backupDir, backupFileName(new Date(), '.tar.gz')), 'fresh');
    const { log } = recordingLog();
    const schedule = start({ dir: backupDir, intervalMs: 24 * 3600_000, keep: 14, backups: fakeBackups(() => false), log, firstDelayMs: 0 });
    await until(() => schedule.nextAt !== null);
    expect((schedule.nextAt as Date).getTime() - Date.now()).toBeGreaterThan(23 * 3600_000);
  });
});
