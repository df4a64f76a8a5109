// `npm run bench`: measures the product against its targets and writes bench/results/latest.json.
// Options: --no-build (use the existing build), --only=1,3 (some parts), --quick (short runs, for
// trying the bench itself; its figures are not comparable). DIST_DIR picks the build dir.
import { cpus } from 'node:os';
import { resolve } from 'node:path';
import { ROOT } from '../tests/setup/server-process';
import { measureAdminQueries } from './admin-queries';
import { measureEntries } from './entries';
import { measureFees } from './fees';
import { measureJudging } from './judging';
import { measureApiThroughput } from './api-throughput';
import { measureFirstTap } from './first-tap';
import { measureFrontEnd } from './frontend';
import buildServer from '../tests/setup/build-server';
import { buildClient, createContext, distExists, type BenchContext } from './lib/environment';
import { renderTable, writeReport, type PartResult, type Report } from './lib/report';
import { measureOfflineSync } from './offline-sync';
import { measureColdStart, peakRssFigures } from './startup-memory';
import { measureVenueRoster } from './venue-roster';
import { measureCertificates } from './certificates';
import { measureSiteDuringPublish } from './site-during-publish';
import { measureVenueJudging } from './venue-judging';
import { measurePlaces } from './places';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const only = args.find((a) => a.startsWith('--only='))?.slice('--only='.length).split(',');
const wanted = (part: number) => !only || only.includes(String(part));
/** `--routes=/my,/ta/my`: part 1 measures only the pages starting with these. */
const routes = args.find((a) => a.startsWith('--routes='))?.slice('--routes='.length).split(',');

const log = (message: string) => process.stderr.write(`${message}\n`);

async function timed(part: string, measure: () => Promise<Omit<PartResult, 'seconds'>>): Promise<PartResult> {
  log(`${part} ...`);
  const started = performance.now();
  try {
    const result = await measure();
    return { ...result, seconds: (performance.now() - started) / 1000 };
  } catch (error) {
    // One broken part must not hide the others' figures: it is reported as not measured, with why.
    const reason = error instanceof Error ? error.message.split('\n')[0] ?? error.message : String(error);
    log(`${part} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return { part, figures: [], notMeasured: `failed: ${reason}`, seconds: (performance.now() - started) / 1000 };
  }
}

async function main() {
  const startedAt = new Date().toISOString();
  const distDir = resolve(ROOT, process.env.DIST_DIR ?? 'dist');
  if (!args.includes('--no-build')) buildClient(distDir, log);
  else if (!distExists(distDir)) throw new Error(`--no-build, but there is no build in ${distDir}`);
  // The server is always compiled from today's source (well under a second): a stale
  // dist-server/ would measure yesterday's code.
  buildServer();

  const ctx: BenchContext = createContext({ distDir, log });
  log(`database: ${ctx.kind === 'postgres' ? 'Postgres (DATABASE_URL; each part works in a scratch database beside it)' : 'PGlite'}`);
  const parts: PartResult[] = [];
  let coldStart: Awaited<ReturnType<typeof measureColdStart>> | undefined;

  if (wanted(5)) {
    await timed('5. Server start and memory', async () => {
      coldStart = await measureColdStart(ctx);
      return { part: '5', figures: [] };
    });
  }
  if (wanted(2)) parts.push(await timed('2. API throughput', () => measureApiThroughput(ctx, { seconds: quick ? 3 : 10, backupRuns: quick ? 1 : 5 })));
  if (wanted(3)) {
    parts.push(await timed('3. Admin queries at scale', () => measureAdminQueries(ctx, { sizes: quick ? [1_000, 10_000] : [1_000, 100_000] })));
  }
  if (wanted(1)) {
    parts.push(await timed('1. Front end (Lighthouse, mobile)', () => measureFrontEnd(ctx, { runs: quick ? 1 : 3, ...(routes ? { routes } : {}) })));
    parts.push(await timed('1. Front end: first tap on a slow phone', () => measureFirstTap(ctx, { runs: quick ? 1 : 3, ...(routes ? { routes } : {}) })));
  }
  if (wanted(4)) parts.push(await timed('4. Offline sync in the browser', () => measureOfflineSync(ctx, { records: 500 })));
  if (wanted(6)) parts.push(await timed('6. Venue roster on the phone', () => measureVenueRoster(ctx, { entries: 5_000 })));
  if (wanted(7)) parts.push(await timed('7. Fees at scale', () => measureFees(ctx, { registrations: quick ? 10_000 : 100_000, rows: quick ? 2_000 : 10_000 })));
  if (wanted(8)) {
    parts.push(
      await timed('8. Entries', () =>
        measureEntries(ctx, quick ? { rateMiBps: 4, rateSeconds: 5, bigMiB: 100, videoSeconds: 10 } : { rateMiBps: 4, rateSeconds: 15, bigMiB: 500, videoSeconds: 60 }),
      ),
    );
  }
  if (wanted(9)) parts.push(await timed('9. Judging', () => measureJudging(ctx, { entries: quick ? 2_000 : 10_000 })));
  if (wanted(10)) parts.push(await timed('10. Certificates', () => measureCertificates(ctx, { count: quick ? 1_000 : 5_000 })));
  if (wanted(11)) {
    parts.push(await timed('11. The site during a publish', () => measureSiteDuringPublish(ctx, { entries: quick ? 2_000 : 10_000, statementRows: quick ? 2_000 : 10_000 })));
  }
  if (wanted(12)) parts.push(await timed('12. Judging at the venue', () => measureVenueJudging(ctx, { sessions: quick ? 50 : 500 })));
  if (wanted(13)) parts.push(await timed('13. Places at the later levels', () => measurePlaces(ctx, { places: quick ? 1_000 : 5_000 })));
  if (wanted(5)) {
    const rss = peakRssFigures(ctx);
    parts.push({
      part: '5. Server start and memory',
      figures: [...(coldStart?.figures ?? []), ...rss.figures],
      ...(rss.notMeasured && !coldStart ? { notMeasured: rss.notMeasured } : {}),
      seconds: 0,
      ...(coldStart ? { details: coldStart.details } : {}),
    });
  }
  parts.sort((a, b) => a.part.localeCompare(b.part));

  const report: Report = {
    startedAt,
    finishedAt: new Date().toISOString(),
    database: ctx.kind,
    machine: { cpus: cpus().length, node: process.version, platform: `${process.platform} ${process.arch}` },
    parts,
  };
  const dated = writeReport(report, resolve(ROOT, 'bench/results'));
  process.stdout.write(`${renderTable(report)}\n`);
  if (quick) process.stdout.write('(--quick: short runs and 10k rows instead of 100k; not comparable with a full run)\n');
  log(`written: bench/results/latest.json and ${dated}`);
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
