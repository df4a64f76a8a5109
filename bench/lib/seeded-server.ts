import { spawn } from 'node:child_process';
import { ROOT, type RunningServer } from '../../tests/setup/server-process';

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

/** Signs the bench admin in; returns the Cookie header value. */
export async function signInBenchAdmin(server: RunningServer): Promise<string> {
  const response = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url, 'x-requested-with': 'fetch' },
    body: JSON.stringify({ ...BENCH_ADMIN, remember: false }),
  });
  if (response.status !== 200) throw new Error(`admin sign-in answered ${response.status}`);
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('ktc_session='));
  if (!cookie) throw new Error('admin sign-in set no ktc_session cookie');
  return cookie.split(';')[0] ?? '';
}
