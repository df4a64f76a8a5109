import { spawn } from 'node:child_process';
import { ROOT, serverEntry, type ServerEntry } from '../../setup/server-process';

export type CliRun = { code: number | null; stdout: string; stderr: string; ms: number };

/**
 * Runs one of our commands the way `npm run <name>` does (node dist-server/<name>.js),
 * with a clean environment plus `env`, and waits for it to exit.
 */
export function runCli(command: ServerEntry, args: string[], env: Record<string, string>, input?: string): Promise<CliRun> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--enable-source-maps', serverEntry(command), ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', SCRYPT_LOG_N: '10', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, stdout, stderr, ms: Date.now() - started }));
    child.stdin.end(input ?? '');
  });
}
