import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT } from '../../tests/setup/server-process';
import { openDatabase } from './client';
import { DataDirInUseError, lockDataDir, readLockHolder } from './data-dir-lock';

describe('the data directory lock', () => {
  const dirs: string[] = [];
  const fresh = () => {
    const dir = mkdtempSync(join(tmpdir(), 'ktc-lock-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('lets one holder in and turns the next away at once, naming the holder', () => {
    const dir = fresh();
    const lock = lockDataDir(dir, { command: 'node server/main.ts' });
    let refused: unknown;
    try {
      lockDataDir(dir);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(DataDirInUseError);
    expect((refused as Error).message).toContain(`The data directory ${dir} is in use by process ${process.pid} (node server/main.ts`);
    expect((refused as Error).message).toContain('What to do');
    lock.release();
    lockDataDir(dir).release();
  });

  it('keeps the directory and the lock file private to this user', () => {
    const dir = fresh();
    const lock = lockDataDir(dir);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(statSync(join(dir, '.lock')).mode & 0o777).toBe(0o600);
    lock.update({ controlSocket: join(dir, 'control.sock') });
    expect(readLockHolder(dir)).toMatchObject({ pid: process.pid, controlSocket: join(dir, 'control.sock') });
    lock.release();
  });

  it('is dropped by the kernel when the holder is killed with SIGKILL', async () => {
    const dir = fresh();
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '-e', `const { lockDataDir } = await import('./server/db/data-dir-lock.ts'); lockDataDir(${JSON.stringify(dir)}); console.log('locked'); setInterval(() => {}, 1000);`],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((resolve) => child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('locked') && resolve()));
    expect(() => lockDataDir(dir)).toThrow(`in use by process ${child.pid}`);
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    // The dead holder's record is still in the file, but nothing holds the lock any more.
    expect(readLockHolder(dir)?.pid).toBe(child.pid);
    lockDataDir(dir).release();
  });

  it('is taken by openDatabase before PGlite opens anything, and given back on close', async () => {
    const dir = fresh();
    const held = lockDataDir(dir);
    await expect(openDatabase({ kind: 'pglite', dataDir: dir })).rejects.toBeInstanceOf(DataDirInUseError);
    held.release();
    const database = await openDatabase({ kind: 'pglite', dataDir: dir });
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
    await database.close();
    lockDataDir(dir).release();
  }, 60_000);
});
