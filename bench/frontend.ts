import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/setup/chromium';
import { freePort } from '../tests/setup/server-process';
import type { BenchContext } from './lib/environment';
import { figure, type Figure, type PartResult } from './lib/report';

const PART = '1. Front end (Lighthouse, mobile)';
const ROUTES = ['/', '/registration', '/contest/category'];
const JS_BUDGET_KB = 120;
const AUDIT_TIMEOUT_MS = 180_000;

type NetworkItem = { url: string; resourceType?: string; transferSize?: number; networkRequestTime?: number; mimeType?: string };

type RouteRun = {
  score: number;
  lcp: number;
  tbt: number;
  cls: number;
  observedLoad: number;
  jsBeforeLoad: string[];
  jsBeforeLoadTransferred: number;
  threeBeforeLoad: boolean;
  threeFetched: boolean;
};

async function launchChromium(): Promise<{ port: number; child: ChildProcess; profile: string }> {
  const port = await freePort();
  const profile = mkdtempSync(join(tmpdir(), 'ktc-bench-chrome-'));
  const child = spawn(
    CHROMIUM_PATH,
    ['--headless=new', `--remote-debugging-port=${port}`, '--remote-debugging-address=127.0.0.1', `--user-data-dir=${profile}`, ...CHROMIUM_ARGS, 'about:blank'],
    { stdio: 'ignore' },
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

/** three.js announces itself on window.__THREE__; a chunk carrying that string is three.js. */
function isThreeChunk(distDir: string, pathname: string): boolean {
  const file = join(distDir, decodeURIComponent(pathname));
  return existsSync(file) && readFileSync(file, 'utf8').includes('__THREE__');
}

async function audit(url: string, port: number, distDir: string): Promise<RouteRun & { jsBeforeLoadGzip: number }> {
  // A Chromium that dies mid-audit would leave Lighthouse waiting forever: bound each audit.
  let timer: NodeJS.Timeout | undefined;
  const result = await Promise.race([
    lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] }),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`Lighthouse took over ${AUDIT_TIMEOUT_MS / 1000} s on ${url}`)), AUDIT_TIMEOUT_MS);
    }),
  ]).finally(() => clearTimeout(timer));
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
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
  return {
    score: (lhr.categories.performance?.score ?? Number.NaN) * 100,
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    observedLoad,
    jsBeforeLoad: paths,
    jsBeforeLoadTransferred: beforeLoad.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    jsBeforeLoadGzip: paths.reduce((sum, p) => sum + (gzipSizeOf(distDir, p) ?? 0), 0),
    threeBeforeLoad: paths.some((p) => isThreeChunk(distDir, p)),
    threeFetched: items.some((item) => isThreeChunk(distDir, new URL(item.url).pathname)),
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

export async function measureFrontEnd(ctx: BenchContext, options: { runs: number }): Promise<Omit<PartResult, 'seconds'>> {
  if (!existsSync(CHROMIUM_PATH)) {
    return { part: PART, figures: [], notMeasured: `no Chromium at ${CHROMIUM_PATH} (set CHROME_PATH)` };
  }
  const database = await ctx.freshDatabase('lighthouse');
  const server = await ctx.startServer(database);
  const chrome = await launchChromium();
  const figures: Figure[] = [];
  const details: Record<string, unknown> = {};
  try {
    for (const route of ROUTES) {
      const runs: Array<RouteRun & { jsBeforeLoadGzip: number }> = [];
      for (let i = 0; i < options.runs; i++) {
        ctx.log(`  lighthouse ${route} (${i + 1}/${options.runs}) ...`);
        runs.push(await audit(`${server.url}${route}`, chrome.port, ctx.distDir));
      }
      details[route] = runs;
      const score = median(runs.map((r) => r.score));
      const cls = median(runs.map((r) => r.cls));
      const gzipKb = Math.max(...runs.map((r) => r.jsBeforeLoadGzip)) / 1024;
      const threeBeforeLoad = runs.some((r) => r.threeBeforeLoad);
      const add = (name: string, value: Figure['value'], extra: Parameters<typeof figure>[3] = {}) =>
        figures.push(figure(PART, `${route} ${name}`, value, extra));
      add(`performance score (median of ${runs.length})`, score, { target: '>= 95', pass: score >= 95 });
      add('LCP', median(runs.map((r) => r.lcp)), { unit: 'ms' });
      add('TBT', median(runs.map((r) => r.tbt)), { unit: 'ms' });
      add('CLS', cls, { target: '<= 0.02', pass: cls <= 0.02 });
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
    const exited = new Promise((resolve) => chrome.child.once('exit', resolve));
    chrome.child.kill('SIGKILL');
    await exited;
    rmSync(chrome.profile, { recursive: true, force: true, maxRetries: 3 });
    await server.stop();
    server.cleanup();
    await database.dispose();
  }
  return { part: PART, figures, details };
}
