import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resultOf } from '../../server/cli/database-or-server';
import { readLockHolder } from '../../server/db/data-dir-lock';
import { sendControlRequest } from '../../server/lib/control-channel';

export const ROOT = new URL('../../', import.meta.url).pathname;

/**
 * How `npm run serve` starts the server (package.json), read from the script itself so test and
 * bench servers run as the organisers' does: its leading `NAME=value` settings (the allocator's,
 * README "Memory") and Node's flags.
 */
export function serveCommand(script: string): { env: Record<string, string>; flags: string[] } {
  const words = script.trim().split(/\s+/);
  const node = words.indexOf('node');
  if (node === -1 || words[words.length - 1] !== 'dist-server/main.js') throw new Error(`package.json's serve script is not "[NAME=value ...] node [--flag ...] dist-server/main.js": ${script}`);
  const settings = words.slice(0, node).map((word) => /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(word));
  const flags = words.slice(node + 1, -1);
  if (settings.some((match) => match === null) || flags.some((flag) => !flag.startsWith('--'))) throw new Error(`package.json's serve script has a word this cannot read: ${script}`);
  return { env: Object.fromEntries(settings.map((match) => [match![1]!, match![2]!])), flags };
}

/** package.json's `serve` script, as written. */
export const SERVE_SCRIPT = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: { serve: string } }).scripts.serve;
const SERVE = serveCommand(SERVE_SCRIPT);
/** Node's flags in `npm run serve`. */
export const SERVE_FLAGS = SERVE.flags;
/** The settings `npm run serve` puts in the server's environment. */
export const SERVE_ENV = SERVE.env;

/** The compiled file of one of our commands (scripts/build-server.mjs), as `npm run <name>` runs it. */
export type ServerEntry = 'main' | 'admin' | 'seed' | 'backup' | 'restore' | 'retention' | 'db-copy';
export function serverEntry(name: ServerEntry): string {
  return join(ROOT, 'dist-server', `${name}.js`);
}

export type RunningServer = {
  url: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  /** Everything the server printed, for assertions and for debugging a failure. */
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  /** Deletes the temp data dir (after stop). */
  cleanup(): void;
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts the real built server (node dist-server/main.js serving dist/, as `npm start` does) on a free port with its own
 * temp DATA_DIR, and waits until /api/health answers.
 */
export async function startServer(
  options: { env?: Record<string, string>; dataDir?: string; port?: number; nodeFlags?: string[] } = {},
): Promise<RunningServer> {
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'ktc-data-'));
  let output = '';
  // The flags and compiled entry of `npm start` / `npm run serve` (package.json), so tests and the
  // bench run what users run. tests/setup/build-server.ts compiles it before any test starts.
  const child = spawn(process.execPath, [...SERVE_FLAGS, ...(options.nodeFlags ?? []), serverEntry('main')], {
    cwd: ROOT,
    env: {
      ...SERVE_ENV,
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SCRYPT_LOG_N: '10',
      // Helpers building in parallel use their own output dir; CI uses dist/.
      ...(process.env.DIST_DIR ? { DIST_DIR: process.env.DIST_DIR } : {}),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const url = `http://127.0.0.1:${port}`;
  // Generous: a first start creates the database, and CI's 2 cores may be busy with other tests.
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Server exited during start-up:\n${output}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`Server did not become healthy in 120 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }

  return {
    url,
    port,
    dataDir,
    process: child,
    output: () => output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
    cleanup() {
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Moves a running server's clock `offsetMs` away from the real time (0: back to it) over its
 * control socket, which the lock file in DATA_DIR names, as `npm run admin` finds it. The server
 * must have been started with TEST_CLOCK=on (and on PGlite: a Postgres server has no control
 * socket). Answers the server's new now.
 */
export async function moveServerClock(server: Pick<RunningServer, 'dataDir'>, offsetMs: number): Promise<Date> {
  const socket = readLockHolder(server.dataDir)?.controlSocket;
  if (!socket) throw new Error(`The server on ${server.dataDir} has no control socket (is it running on PGlite?).`);
  const result = resultOf(await sendControlRequest(socket, { command: 'clock', offsetMs }, 30_000));
  return new Date(String(result.now));
}

/**
 * Queues the reminders due at a running server's (moved) clock now, as its 15-minute job would,
 * over the control socket. A TEST_CLOCK=on server only. Answers how many of each were queued.
 */
export async function queueServerReminders(server: Pick<RunningServer, 'dataDir'>): Promise<{ payments: number; judges: number }> {
  const socket = readLockHolder(server.dataDir)?.controlSocket;
  if (!socket) throw new Error(`The server on ${server.dataDir} has no control socket (is it running on PGlite?).`);
  const result = resultOf(await sendControlRequest(socket, { command: 'reminders' }, 30_000));
  return { payments: Number(result.payments), judges: Number(result.judges) };
}
