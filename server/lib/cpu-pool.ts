import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { cpuTasks, type CpuTasks } from './cpu-tasks';

/**
 * CPU-heavy work off the thread that answers requests (issue 47, ADR 035): certificates' PDFs and
 * emails' QR images are made in one worker thread (piscina) at a lower priority (nice +10), so the
 * kernel gives the request thread the core first and the event loop never waits for a drawing.
 *
 * One thread: this is a 2-core, 400 MiB server (a thread is another V8 heap, HarfBuzz and its
 * fonts, ~30-40 MiB), and the jobs that use it are background jobs with no deadline. The worker
 * is the compiled `dist-server/cpu-worker.js` beside the compiled server; with no compiled worker
 * (the tests, `npm run dev` with tsx) the same functions run in this thread instead.
 */

const WORKER_FILE = fileURLToPath(new URL('./cpu-worker.js', import.meta.url));

let pool: Piscina | null | undefined;

function poolOf(): Piscina | null {
  if (pool === undefined) {
    pool = existsSync(WORKER_FILE)
      ? new Piscina({
          filename: WORKER_FILE,
          minThreads: 0,
          maxThreads: 1,
          // Started on the first task, gone after a minute without one: a server at rest holds no second heap.
          idleTimeout: 60_000,
          niceIncrement: 10,
          resourceLimits: { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 8 },
        })
      : null;
  }
  return pool;
}

type Bytes = Promise<Uint8Array>;

/** Runs one task in the worker thread (or here, with no compiled worker); answers its bytes as a Buffer. */
export async function offTheLoop<K extends keyof CpuTasks>(name: K, argument: Parameters<CpuTasks[K]>[0]): Promise<Buffer> {
  const worker = poolOf();
  const bytes = await (worker ? (worker.run(argument, { name }) as Bytes) : (cpuTasks[name] as (a: typeof argument) => Bytes)(argument));
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Stops the worker thread (the server is stopping); tasks in hand finish first. */
export async function closeCpuPool(): Promise<void> {
  const worker = pool;
  pool = undefined;
  await worker?.close();
}
