import { execFileSync } from 'node:child_process';
import { ROOT } from './server-process';

/**
 * Global setup for Vitest and Playwright: compiles the server (scripts/build-server.mjs, well
 * under a second) so that every test that starts a server or runs a command runs today's source
 * as the compiled JavaScript users run, never a stale build.
 */
export default function buildServer(): void {
  execFileSync(process.execPath, ['scripts/build-server.mjs', '--quiet'], { cwd: ROOT, stdio: 'inherit' });
}
