import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ROOT, startServer, type RunningServer } from '../../tests/setup/server-process';
import { scratchDatabaseBeside, type DatabaseKind } from '../../tests/setup/test-database';

export type { DatabaseKind };

/** A fresh, empty database for one part of the bench: a temp PGlite dir, or a scratch Postgres database. */
export type FreshDatabase = {
  kind: DatabaseKind;
  label: string;
  /** Env that points the server (or the seed CLI) at it. */
  env: Record<string, string>;
  dataDir: string;
  url?: string;
  dispose(): Promise<void>;
};

export type BenchContext = {
  kind: DatabaseKind;
  distDir: string;
  freshDatabase(label: string): Promise<FreshDatabase>;
  startServer(database: FreshDatabase, env?: Record<string, string>): Promise<RunningServer>;
  /** Peak resident memory (VmHWM) of each server process, recorded just before it stops. */
  peakRss: Array<{ label: string; kib: number }>;
  log(message: string): void;
};

export function createContext(options: { distDir: string; log(message: string): void }): BenchContext {
  const baseUrl = process.env.DATABASE_URL || undefined;
  const kind: DatabaseKind = baseUrl ? 'postgres' : 'pglite';
  const context: BenchContext = {
    kind,
    distDir: options.distDir,
    peakRss: [],
    log: options.log,
    async freshDatabase(label): Promise<FreshDatabase> {
      const dataDir = mkdtempSync(join(tmpdir(), `ktc-bench-${label}-`));
      if (!baseUrl) {
        const env: Record<string, string> = { DATA_DIR: dataDir };
        return { kind, label, env, dataDir, dispose: async () => rmSync(dataDir, { recursive: true, force: true }) };
      }
      // Never fill the database DATABASE_URL names with bench rows: work in a scratch one beside it.
      const scratch = await scratchDatabaseBeside(baseUrl, `ktc_bench_${label.replace(/\W/g, '_')}`);
      return {
        kind,
        label,
        env: { DATA_DIR: dataDir, DATABASE_URL: scratch.url },
        dataDir,
        url: scratch.url,
        async dispose() {
          rmSync(dataDir, { recursive: true, force: true });
          await scratch.drop();
        },
      };
    },
    async startServer(database, env = {}) {
      // The bench sends tens of thousands of writes from one address: the public write limits
      // stay on (their cost is part of every figure) but a thousandfold, so none is refused.
      // Each server logs its event-loop delay once a second (bench/lib/loop-delay.ts reads it);
      // BENCH_CPU_PROF_DIR=<dir> writes a CPU profile of each server there when it stops.
      const profileDir = process.env.BENCH_CPU_PROF_DIR;
      const server = await startServer({
        dataDir: database.dataDir,
        env: { ...database.env, DIST_DIR: options.distDir, PUBLIC_WRITE_LIMIT_FACTOR: '1000', LOOP_DELAY_LOG_SECONDS: '1', ...env },
        ...(profileDir ? { nodeFlags: ['--cpu-prof', `--cpu-prof-dir=${resolve(profileDir)}`] } : {}),
      });
      const stop = server.stop.bind(server);
      server.stop = async (signal) => {
        const kib = peakRssKib(server.process.pid);
        if (kib !== null) context.peakRss.push({ label: database.label, kib });
        return stop(signal);
      };
      return server;
    },
  };
  return context;
}

/** A memory figure of a live process from /proc (VmHWM: its peak resident set; VmRSS: now), in KiB; null once it has gone. */
export function memoryKib(pid: number | undefined, field: 'VmHWM' | 'VmRSS' = 'VmHWM'): number | null {
  if (!pid) return null;
  try {
    const match = new RegExp(`${field}:\\s+(\\d+)\\s+kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/** VmHWM (peak resident set) of a live process, in KiB; null once it has gone. */
export const peakRssKib = (pid: number | undefined) => memoryKib(pid, 'VmHWM');

/** Builds the client unless told not to; DIST_DIR lets a developer build somewhere other than dist/. */
export function buildClient(distDir: string, log: (message: string) => void): void {
  log(`building the client into ${distDir} ...`);
  const outDir = resolve(distDir);
  execFileSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
  execFileSync(process.execPath, ['scripts/compress-dist.mjs', outDir], { cwd: ROOT, stdio: 'inherit' });
}

export function distExists(distDir: string): boolean {
  return existsSync(join(distDir, 'index.html'));
}
