import { spawn } from 'node:child_process';
import { ROOT, type RunningServer } from '../../tests/setup/server-process';
import { signInWithCode } from '../../tests/setup/second-factor-codes';

/** The bench's admin account (created by the server from ADMIN_USERNAME and ADMIN_PASSWORD). */
export const BENCH_ADMIN = { username: 'bench-admin', password: 'bench admin password, not for production' };

/** Runs one of our commands (`node <args>`) with a database's environment; rejects with its output's tail. */
export function runCommand(args: string[], env: Record<string, string>, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', NODE_ENV: 'production', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${what} failed (${code}):\n${output.slice(-2000)}`))));
  });
}

/** `npm run seed -- --count N` against a fresh database's environment. */
export function runSeed(env: Record<string, string>, count: number): Promise<void> {
  return runCommand(['--import', 'tsx', 'server/cli/seed.ts', '--count', String(count)], env, `npm run seed -- --count ${count}`);
}

/**
 * Signs the bench admin in (password and authenticator code); returns the Cookie header value.
 * A code is good once per database, and parts reopen a database on new ports: the codes used are
 * remembered per admin, whatever the database or address, so none is sent twice and refused (at
 * worst a sign-in waits for the next code).
 */
export function signInBenchAdmin(server: RunningServer): Promise<string> {
  return signInWithCode(server.url, BENCH_ADMIN, { codesKey: BENCH_ADMIN.username });
}
