import { spawn } from 'node:child_process';
import { ROOT, type RunningServer } from '../../tests/setup/server-process';
import { signInWithCode } from '../../tests/setup/second-factor-codes';

/** The bench's admin account (created by the server from ADMIN_USERNAME and ADMIN_PASSWORD). */
export const BENCH_ADMIN = { username: 'bench-admin', password: 'bench admin password, not for production' };

/** `npm run seed -- --count N` against a fresh database's environment. */
export function runSeed(env: Record<string, string>, count: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli/seed.ts', '--count', String(count)], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', NODE_ENV: 'production', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`npm run seed -- --count ${count} failed (${code}):\n${output.slice(-2000)}`))));
  });
}

/** Signs the bench admin in (password and authenticator code); returns the Cookie header value. */
export function signInBenchAdmin(server: RunningServer): Promise<string> {
  return signInWithCode(server.url, BENCH_ADMIN);
}
