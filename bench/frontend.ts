import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/setup/chromium';
import { freePort } from '../tests/setup/server-process';
import type { BenchContext } from './lib/environment';
import { privatePages, publishedRoundPages, type FamilyPage } from './lib/family-pages';
import { ADMIN_ENV, seedScoredRound } from './lib/judged-round';
import { BUSY_NOTE, describeLoad, onBusyMachine, waitForQuiet, type MachineLoad } from './lib/machine-load';
import { figure, median, type Figure, type PartResult } from './lib/report';
import { ourTasksByTheClock, type ClockTask, type TraceEvent } from './lib/trace-tasks';

const PART = '1. Front end (Lighthouse, mobile)';
// Both languages (ADR 015): the Tamil pages load their own catalog.
const ROUTES = [
  '/',
  '/registration',
  '/events',
  '/contact',
  '/contest/category',
  '/contest/dance',
  '/ta/',
  '/ta/registration',
  '/ta/contest/category',
  '/ta/contest/dance',
];
/**
 * The pages families open from our emails (issue 49): the private page (drawn in the browser from
 * the app shell), the results pages and a certificate's verification, made real on the server.
 */
const FAMILY_ROUND_ENTRIES = 40;

/** `--routes=/my,/verify`: only the routes starting with one of these (for working on some pages). */
const chosen = (label: string, routes: readonly string[] | undefined) => !routes || routes.some((prefix) => label.startsWith(prefix));
const JS_BUDGET_KB = 120;
const AUDIT_TIMEOUT_MS = 180_000;
/** A failed Lighthouse run (NO_NAVSTART and the like) is tried again this many times. */
const RETRIES = 2;
const TARGETS_LONG_TASK_MS = 50;
const TARGETS = { performance: 98, fcpMs: 1200, lcpMs: 1800, tbtMs: 100, cls: 0.02, longTaskMs: TARGETS_LONG_TASK_MS };

type NetworkItem = { url: string; resourceType?: string; transferSize?: number; networkRequestTime?: number; mimeType?: string };

type RouteRun = {
  score: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** The audits that cost each category points (accessibility, best practices, SEO), by id. */
  lostPoints: Record<'accessibility' | 'best-practices' | 'seo', string[]>;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  observedLoad: number;
  jsBeforeLoad: string[];
  jsBeforeLoadTransferred: number;
  threeBeforeLoad: boolean;
  threeFetched: boolean;
  /**
   * Lighthouse's own measure of this machine's CPU (`environment.benchmarkIndex`, a JavaScript
   * loop). Its 4x slowdown assumes a fast desktop; below 1,000 it warns that the host is about
   * half as fast as that, and TBT and task lengths grow with the host's slowness.
   */
  benchmarkIndex: number;
  /** Main-thread tasks over 50 ms (at Lighthouse's 4x CPU slowdown) attributed to our own scripts. */
  ourLongTasks: Array<{ url: string; startMs: number; durationMs: number }>;
  /**
   * The same kind of task as Lighthouse's own trace shows it, before the 4x: tasks of our scripts
   * of 12.5 ms or more by the clock, with the main thread's own time in each. Much less thread
   * time than clock time is a task that waited for a core (ADR 032).
   */
  ourTasksByTheClock: ClockTask[];
};

/** 50 ms at Lighthouse's 4x: a task this long by the clock in its trace can be one of our long tasks. */
const CLOCK_TASK_MS = TARGETS_LONG_TASK_MS / 4;

type LongTaskItem = { url?: string; startTime?: number; duration?: number };

/**
 * Lighthouse drives Chromium through the DevTools protocol, and with an inspector attached V8
 * collects source positions on the main thread for code it compiled in the background without
 * them: a second parse of the largest functions. React DOM's 200 KB CommonJS wrapper took
 * 10.5-12 ms to evaluate here under the protocol, 2.3-3.6 ms in a Chromium no tool is attached
 * to (as a visitor's), and 1.7-3.1 ms under the protocol with this flag, which has V8 compile the
 * positions with the code (ADR 032). Without it, Lighthouse's 4x simulation counted some 35 ms
 * per page load that no phone spends.
 */
const LIGHTHOUSE_JS_FLAGS = '--no-enable-lazy-source-positions';

async function launchChromium(): Promise<{ port: number; child: ChildProcess; profile: string }> {
  const port = await freePort();
  const profile = mkdtempSync(join(tmpdir(), 'ktc-bench-chrome-'));
  const child = spawn(
    CHROMIUM_PATH,
    [
      '--headless=new',
      `--remote-debugging-port=${port}`,
      '--remote-debugging-address=127.0.0.1',
      `--user-data-dir=${profile}`,
      ...CHROMIUM_ARGS,
      `--js-flags=${LIGHTHOUSE_JS_FLAGS}`,
      'about:blank',
    ],
    // Its own process group, so stopping it stops its helper processes too (see stopChromium).
    { stdio: 'ignore', detached: true },
  );
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/json/version`);
      if (response.ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`Chromium at ${CHROMIUM_PATH} did not open its debugging port in 30 s`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { port, child, profile };
}

/** gzip size of a built file: its precompressed .gz twin, or gzip on the spot for files too small to have one. */
function gzipSizeOf(distDir: string, pathname: string): number | null {
  const file = join(distDir, decodeURIComponent(pathname));
  if (!existsSync(file)) return null;
  if (existsSync(`${file}.gz`)) return statSync(`${file}.gz`).size;
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

/** The first visit's precache (issue 27: at most 400 KB on the wire). */
const PRECACHE_BUDGET_KB = 400;

/**
 * What the service worker downloads when it installs: every file in its precache list (dist/sw.js)
 * at the size the server sends it to a browser that accepts brotli (its precompressed .br twin;
 * the file itself when it has none, as the server sends it).
 */
export function precacheOnTheWire(distDir: string): { files: number; bytes: number; raw: number } {
  const worker = readFileSync(join(distDir, 'sw.js'), 'utf8');
  const urls = [...new Set([...worker.matchAll(/url:"([^"]+)"/g)].map((match) => match[1]!))];
  let bytes = 0;
  let raw = 0;
  for (const url of urls) {
    const file = join(distDir, url);
    raw += statSync(file).size;
    bytes += existsSync(`${file}.br`) ? statSync(`${file}.br`).size : statSync(file).size;
  }
  return { files: urls.length, bytes, raw };
}

/** three.js announces itself on window.__THREE__; a chunk carrying that string is three.js. */
function isThreeChunk(distDir: string, pathname: string): boolean {
  const file = join(distDir, decodeURIComponent(pathname));
  return existsSync(file) && readFileSync(file, 'utf8').includes('__THREE__');
}

async function audit(url: string, port: number, distDir: string): Promise<RouteRun & { jsBeforeLoadGzip: number }> {
  // A Chromium that dies mid-audit would leave Lighthouse waiting forever: bound each audit.
  let timer: NodeJS.Timeout | undefined;
  const result = await Promise.race([
    lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'] }),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`Lighthouse took over ${AUDIT_TIMEOUT_MS / 1000} s on ${url}`)), AUDIT_TIMEOUT_MS);
    }),
  ]).finally(() => clearTimeout(timer));
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr, artifacts } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse could not load ${url}: ${lhr.runtimeError.message}`);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const metrics = (lhr.audits.metrics?.details as { items?: Array<{ observedLoad?: number }> } | undefined)?.items?.[0];
  const observedLoad = metrics?.observedLoad ?? Number.NaN;
  const items = ((lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? []).filter((item) => {
    const u = new URL(item.url);
    return u.origin === new URL(url).origin && u.pathname.endsWith('.js') && u.pathname !== '/sw.js';
  });
  const beforeLoad = items.filter((item) => (item.networkRequestTime ?? Infinity) < observedLoad);
  const paths = beforeLoad.map((item) => new URL(item.url).pathname);
  const origin = new URL(url).origin;
  // Our scripts only: tasks attributed to the page's own URL are HTML parsing, style and layout.
  const isOurScript = (scriptUrl: string) => scriptUrl.startsWith(origin) && new URL(scriptUrl).pathname.endsWith('.js');
  const longTasks = ((lhr.audits['long-tasks']?.details as { items?: LongTaskItem[] } | undefined)?.items ?? [])
    .filter((task) => typeof task.url === 'string' && isOurScript(task.url))
    .map((task) => ({ url: new URL(task.url ?? '').pathname, startMs: task.startTime ?? 0, durationMs: task.duration ?? 0 }));
  const traceEvents = (artifacts as { Trace?: { traceEvents?: TraceEvent[] } } | undefined)?.Trace?.traceEvents ?? [];
  const clockTasks = ourTasksByTheClock(traceEvents, isOurScript, CLOCK_TASK_MS).map((task) => ({ ...task, url: new URL(task.url).pathname }));
  const category = (id: string) => (lhr.categories[id]?.score ?? Number.NaN) * 100;
  const lostIn = (id: string) =>
    (lhr.categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => {
        // Chromium's own issues (CSP, forms, cookies...) say what they are only in their items.
        const kinds = ((lhr.audits[ref.id]?.details as { items?: Array<{ issueType?: string }> } | undefined)?.items ?? []).flatMap((item) => (item.issueType ? [item.issueType] : []));
        return kinds.length > 0 ? `${ref.id} (${kinds.join(', ')})` : ref.id;
      });
  return {
    lostPoints: { accessibility: lostIn('accessibility'), 'best-practices': lostIn('best-practices'), seo: lostIn('seo') },
    score: category('performance'),
    accessibility: category('accessibility'),
    bestPractices: category('best-practices'),
    seo: category('seo'),
    fcp: numeric('first-contentful-paint'),
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    observedLoad,
    jsBeforeLoad: paths,
    jsBeforeLoadTransferred: beforeLoad.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    jsBeforeLoadGzip: paths.reduce((sum, p) => sum + (gzipSizeOf(distDir, p) ?? 0), 0),
    threeBeforeLoad: paths.some((p) => isThreeChunk(distDir, p)),
    threeFetched: items.some((item) => isThreeChunk(distDir, new URL(item.url).pathname)),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    ourLongTasks: longTasks,
    ourTasksByTheClock: clockTasks,
  };
}

type Chrome = Awaited<ReturnType<typeof launchChromium>>;

/**
 * Stops Chromium and every process it started (a renderer or the GPU process killed alone could
 * still be writing to the profile while it is removed: ENOTEMPTY), then removes the profile.
 */
async function stopChromium(chrome: Chrome): Promise<void> {
  const exited = new Promise((resolve) => chrome.child.once('exit', resolve));
  try {
    process.kill(-chrome.child.pid!, 'SIGKILL');
  } catch {
    chrome.child.kill('SIGKILL');
  }
  await exited;
  try {
    rmSync(chrome.profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  } catch {
    // A profile left in the temporary folder costs nothing; failing here would leave the bench's server running.
  }
}

const round1 = (value: number) => Math.round(value * 10) / 10;

export async function measureFrontEnd(ctx: BenchContext, options: { runs: number; routes?: readonly string[] }): Promise<Omit<PartResult, 'seconds'>> {
  if (!existsSync(CHROMIUM_PATH)) {
    return { part: PART, figures: [], notMeasured: `no Chromium at ${CHROMIUM_PATH} (set CHROME_PATH)` };
  }
  const database = await ctx.freshDatabase('lighthouse');
  // A published round of a few entries, so the results pages and a certificate are real.
  await seedScoredRound(ctx, database, { entries: FAMILY_ROUND_ENTRIES });
  const server = await ctx.startServer(database, ADMIN_ENV);
  ctx.log('  publishing the round and registering a family in each language ...');
  const familyPages: FamilyPage[] = [...(await privatePages(server, database)), ...(await publishedRoundPages(server))];
  const routes: FamilyPage[] = [...ROUTES.map((path) => ({ label: path, path })), ...familyPages].filter((route) => chosen(route.label, options.routes));
  let chrome = await launchChromium();
  const figures: Figure[] = [];
  const details: Record<string, unknown> = {};
  const loadBefore = loadavg()[0] ?? Number.NaN;
  const precache = precacheOnTheWire(ctx.distDir);
  figures.push(
    figure(PART, 'first visit: service worker precache on the wire', round1(precache.bytes / 1024), {
      unit: 'KB',
      target: `<= ${PRECACHE_BUDGET_KB} KB`,
      pass: precache.bytes / 1024 <= PRECACHE_BUDGET_KB,
      note: `${precache.files} files, ${Math.round(precache.raw / 1024)} KB uncompressed (brotli as the server sends them); other pages and chunks are cached as they are used`,
    }),
  );
  figures.push(
    figure(PART, 'Chromium for Lighthouse: V8 flags', LIGHTHOUSE_JS_FLAGS, {
      note: 'source positions compiled with the code, as no inspector asks for them on a phone: without it the protocol Lighthouse uses makes V8 parse React DOM a second time on the main thread',
    }),
  );
  try {
    for (const { label: route, path, noindex } of routes) {
      const runs: Array<RouteRun & { jsBeforeLoadGzip: number }> = [];
      const failures: string[] = [];
      const loads: MachineLoad[] = [];
      let busyRefusals = 0;
      for (let i = 0; i < options.runs; i++) {
        // Lighthouse multiplies the CPU time it sees by four: a run on a busy machine is refused.
        const load = await waitForQuiet();
        if (!load.quiet) {
          busyRefusals += 1;
          failures.push(`machine busy before the run (${describeLoad(load)})`);
          ctx.log(`  lighthouse ${route}: machine busy (${describeLoad(load)}), run refused`);
          continue;
        }
        loads.push(load);
        for (let attempt = 0; attempt <= RETRIES; attempt++) {
          ctx.log(`  lighthouse ${route} (${i + 1}/${options.runs}${attempt > 0 ? `, retry ${attempt}` : ''}) ...`);
          try {
            runs.push(await audit(`${server.url}${path}`, chrome.port, ctx.distDir));
            break;
          } catch (error) {
            const reason = error instanceof Error ? error.message : String(error);
            failures.push(reason);
            ctx.log(`    failed: ${reason}`);
            // A fresh browser for the next try: a broken trace or a hung tab must not poison it.
            await stopChromium(chrome);
            chrome = await launchChromium();
          }
        }
      }
      details[route] = { runs, failures };
      const busy = onBusyMachine(loads);
      const add = (name: string, value: Figure['value'], extra: Parameters<typeof figure>[3] = {}) =>
        figures.push(figure(PART, `${route} ${name}`, value, busy ? { ...extra, pass: null, note: [BUSY_NOTE, extra.note].filter(Boolean).join('; ') } : extra));
      if (runs.length === 0) {
        // Reported, never dropped: the other routes keep their figures.
        add('not measured', `Lighthouse failed ${failures.length} times: ${failures.at(-1) ?? 'unknown error'}`, { pass: null });
        continue;
      }
      const missing = options.runs - runs.length;
      const of =
        missing === 0
          ? `median of ${runs.length}`
          : `median of ${runs.length}; ${missing} run(s) ${busyRefusals > 0 ? `refused on a busy machine (${busyRefusals}) or ` : ''}failed 3 times`;
      add('machine before each run', loads.map(describeLoad).join('; '), { note: 'share of all cores in use over 1.5 s before the run, and the 1-minute load average' });
      add('machine speed (Lighthouse benchmark index, each run)', runs.map((r) => Math.round(r.benchmarkIndex)).join(', '), {
        note: "a JavaScript loop; Lighthouse warns below 1000 (a host half as fast as its 4x slowdown assumes); it does not time the browser's own parsing, style and layout",
      });
      const med = (pick: (run: RouteRun) => number) => median(runs.map(pick));
      const score = med((r) => r.score);
      const fcp = med((r) => r.fcp);
      const lcp = med((r) => r.lcp);
      const tbt = med((r) => r.tbt);
      const cls = med((r) => r.cls);
      const gzipKb = Math.max(...runs.map((r) => r.jsBeforeLoadGzip)) / 1024;
      const threeBeforeLoad = runs.some((r) => r.threeBeforeLoad);
      const longest = med((r) => Math.max(0, ...r.ourLongTasks.map((t) => t.durationMs)));
      const longTaskCount = med((r) => r.ourLongTasks.length);
      add(`performance score (${of})`, score, { target: `>= ${TARGETS.performance}`, pass: score >= TARGETS.performance });
      add('FCP', fcp, { unit: 'ms', target: `<= ${TARGETS.fcpMs} ms`, pass: fcp <= TARGETS.fcpMs });
      add('LCP', lcp, { unit: 'ms', target: `<= ${TARGETS.lcpMs} ms`, pass: lcp <= TARGETS.lcpMs });
      add('TBT', tbt, { unit: 'ms', target: `<= ${TARGETS.tbtMs} ms`, pass: tbt <= TARGETS.tbtMs });
      add('CLS', cls, { target: `<= ${TARGETS.cls}`, pass: cls <= TARGETS.cls });
      add('longest task from our scripts (4x CPU)', longest, {
        unit: 'ms',
        target: `<= ${TARGETS.longTaskMs} ms`,
        pass: longest <= TARGETS.longTaskMs,
        note: `median of each run's longest; median ${longTaskCount} such tasks per run, from our own .js files`,
      });
      const clockTasks = runs.flatMap((r) => r.ourTasksByTheClock);
      add(
        `our tasks of ${CLOCK_TASK_MS} ms or more by the clock, in Lighthouse's traces`,
        clockTasks.length === 0
          ? 'none'
          : clockTasks.map((task) => `${task.wallMs.toFixed(1)} ms (${task.threadMs.toFixed(1)} on the thread)`).join(', '),
        {
          note: `all ${runs.length} runs, before the 4x; a task with far less time on the thread than by the clock waited for a core`,
        },
      );
      for (const [name, id, pick] of [
        ['accessibility', 'accessibility', (r: RouteRun) => r.accessibility],
        ['best practices', 'best-practices', (r: RouteRun) => r.bestPractices],
        ['SEO', 'seo', (r: RouteRun) => r.seo],
      ] as const) {
        const value = med(pick);
        const lost = [...new Set(runs.flatMap((r) => r.lostPoints[id]))];
        const lostNote = lost.length > 0 ? `points lost to: ${lost.join(', ')}` : undefined;
        // A private page is noindex on purpose: its SEO score is context.
        if (name === 'SEO' && noindex) add(`${name} score`, value, { note: `noindex by design (the app shell): not a search result${lostNote ? `; ${lostNote}` : ''}` });
        else add(`${name} score`, value, { target: '100', pass: value === 100, note: lostNote });
      }
      add('JS before load, gzip', gzipKb, {
        unit: 'KB',
        target: `<= ${JS_BUDGET_KB} KB`,
        pass: gzipKb <= JS_BUDGET_KB,
        note: `${runs[0]?.jsBeforeLoad.length ?? 0} files; ${(Math.max(...runs.map((r) => r.jsBeforeLoadTransferred)) / 1024).toFixed(1)} KB as actually transferred (brotli)`,
      });
      add('three.js fetched before load', threeBeforeLoad, { target: 'no', pass: !threeBeforeLoad });
      add('three.js fetched at all during the audit', runs.some((r) => r.threeFetched));
    }
  } finally {
    await stopChromium(chrome);
    await server.stop();
    server.cleanup();
    await database.dispose();
  }
  // Lighthouse multiplies the CPU time it observes by 4: on a busy machine every figure suffers.
  figures.push(
    figure(PART, 'machine load (1-min load average, before / after)', `${round1(loadBefore)} / ${round1(loadavg()[0] ?? Number.NaN)}`, {
      note: 'on 2 cores, anything above ~0.5 inflates TBT and task lengths',
    }),
  );
  return { part: PART, figures, details };
}
