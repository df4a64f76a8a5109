import { rmSync } from 'node:fs';
import { startServer } from '../tests/setup/server-process';
import type { BenchContext } from './lib/environment';
import { figure, median, type Figure, type PartResult } from './lib/report';

const PART = '5. Server start and memory';
const STARTS = 3;
/** ADR 008: at most 400 MiB peak under the API load, on PGlite (bench/README.md says where it goes). */
const PEAK_RSS_TARGET_MIB = 400;
/** The process must exit cleanly and promptly on SIGTERM (DECISIONS: PGlite's handle is closed). */
const SHUTDOWN_TARGET_S = 5;

/**
 * Cold start: spawn `node dist-server/main.js` (as `npm run serve`) on a PGlite data dir that already exists (migrated,
 * as after a first run) and time until /api/health answers 200. startServer polls every 100 ms,
 * so the figure is accurate to about 0.1 s.
 */
export async function measureColdStart(ctx: BenchContext): Promise<{ figures: Figure[]; details: Record<string, unknown> }> {
  // Always PGlite: that is the case the issue names (an existing embedded data dir).
  const first = await startServer({ env: { DIST_DIR: ctx.distDir } });
  await first.stop();
  const dataDir = first.dataDir;
  const timings: number[] = [];
  const shutdowns: number[] = [];
  try {
    for (let i = 0; i < STARTS; i++) {
      const started = performance.now();
      const server = await startServer({ dataDir, env: { DIST_DIR: ctx.distDir } });
      timings.push(performance.now() - started);
      const stopping = performance.now();
      const code = await server.stop('SIGTERM');
      if (code !== 0) throw new Error(`the server exited with ${code} after SIGTERM`);
      shutdowns.push(performance.now() - stopping);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  return {
    figures: [
      figure(PART, `cold start to healthy /api/health, existing PGlite dir (median of ${STARTS})`, median(timings) / 1000, {
        unit: 's',
        note: 'includes node start-up and the migration check',
      }),
      figure(PART, `SIGTERM to a clean exit (code 0), PGlite (median of ${STARTS})`, median(shutdowns) / 1000, {
        unit: 's',
        target: `< ${SHUTDOWN_TARGET_S} s`,
        pass: Math.max(...shutdowns) / 1000 < SHUTDOWN_TARGET_S,
        note: `slowest ${(Math.max(...shutdowns) / 1000).toFixed(2)} s; the server's own deadline is 5 s`,
      }),
    ],
    details: { coldStartMs: timings, shutdownMs: shutdowns },
  };
}

/** Peak RSS of the server processes that ran under load, read from VmHWM just before each stopped. */
export function peakRssFigures(ctx: BenchContext): Omit<PartResult, 'seconds' | 'part'> {
  if (ctx.peakRss.length === 0) return { figures: [], notMeasured: 'no server ran under load in this bench run' };
  const peak = ctx.peakRss.reduce((max, r) => (r.kib > max.kib ? r : max));
  return {
    figures: [
      figure(PART, 'peak RSS of the server during the load runs', peak.kib / 1024, {
        unit: 'MiB',
        target: `<= ${PEAK_RSS_TARGET_MIB} MiB`,
        pass: peak.kib / 1024 <= PEAK_RSS_TARGET_MIB,
        note: `during: ${peak.label}`,
      }),
      ...ctx.peakRss.map((r) => figure(PART, `  peak RSS, ${r.label}`, r.kib / 1024, { unit: 'MiB' })),
    ],
  };
}
