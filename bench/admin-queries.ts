import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, type RunningServer } from '../tests/setup/server-process';
import { REGISTRATION_SORTS } from '@domain/registration-rules';
import type { BenchContext } from './lib/environment';
import { figure, percentile, type Figure, type PartResult } from './lib/report';
import { BENCH_ADMIN, runSeed, signInBenchAdmin } from './lib/seeded-server';
import { TEST_TOTP_SECRET } from '../tests/setup/second-factor-codes';

const PART = '3. Admin queries at scale';
const RUNS = 50;
const WARMUP = 3;
const DEEP_PAGE = 200;
const SORTS = REGISTRATION_SORTS;

type Query = { name: string; path: string };
type Timed = { name: string; path: string; p95: number; p50: number; runs: number; note?: string };

type ListAnswer = { items: Array<{ name: string | null; city: string }>; total: number; filtered: number; nextCursor: string | null };

const OVERVIEW_QUERY = 'season overview (all charts)';
/** ADR 017: the overview's queries at 100,000 registrations answer in under 100 ms at p95. */
const OVERVIEW_TARGET_MS = 100;

async function getList(server: RunningServer, cookie: string, path: string): Promise<ListAnswer> {
  const response = await fetch(`${server.url}${path}`, { headers: { cookie } });
  if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  return (await response.json()) as ListAnswer;
}

async function time(server: RunningServer, cookie: string, query: Query): Promise<Timed> {
  const samples: number[] = [];
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const started = performance.now();
    await getList(server, cookie, query.path);
    if (i >= WARMUP) samples.push(performance.now() - started);
  }
  return { ...query, p95: percentile(samples, 95), p50: percentile(samples, 50), runs: samples.length };
}

/** The queries an admin runs, with search terms and filter values taken from the data itself. */
async function queriesFor(server: RunningServer, cookie: string): Promise<{ queries: Query[]; deepPage: { page: number; path: string } }> {
  const first = await getList(server, cookie, '/api/registrations');
  const middle = first.items[Math.floor(first.items.length / 2)];
  const term = (middle?.name ?? 'ann').replace(/\s/g, '').slice(0, 3).toLowerCase();
  const citiesResponse = await fetch(`${server.url}/api/registrations/cities`, { headers: { cookie } });
  const { cities } = (await citiesResponse.json()) as { cities: string[] };
  const city = cities[0] ?? 'Chennai';

  // Follow the keyset cursor to page 200 (or the last page, when there are fewer).
  let cursor: string | null = null;
  let page = 1;
  let answer = first;
  let path = '/api/registrations';
  while (page < DEEP_PAGE && answer.nextCursor) {
    cursor = answer.nextCursor;
    path = `/api/registrations?cursor=${encodeURIComponent(cursor)}`;
    answer = await getList(server, cookie, path);
    page++;
  }

  return {
    queries: [
      { name: 'first page', path: '/api/registrations' },
      { name: '3-letter search', path: `/api/registrations?q=${encodeURIComponent(term)}` },
      { name: 'category + city filter', path: `/api/registrations?category=dance&city=${encodeURIComponent(city)}` },
      ...SORTS.map((sort) => ({ name: `sort by ${sort}`, path: `/api/registrations?sort=${sort}&dir=desc` })),
    ],
    deepPage: { page, path },
  };
}

async function measureAt(ctx: BenchContext, count: number): Promise<{ timings: Timed[]; total: number; seedSeconds: number; overview: Timed }> {
  const database = await ctx.freshDatabase(`admin-${count}`);
  try {
    ctx.log(`  seeding ${count} registrations ...`);
    const seedStarted = performance.now();
    await runSeed(database.env, count);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const server = await ctx.startServer(database, { ADMIN_USERNAME: BENCH_ADMIN.username, ADMIN_PASSWORD: BENCH_ADMIN.password, ADMIN_TOTP_SECRET: TEST_TOTP_SECRET, SCRYPT_LOG_N: '10' });
    try {
      const cookie = await signInBenchAdmin(server);
      const { total } = await getList(server, cookie, '/api/registrations?limit=1');
      const { queries, deepPage } = await queriesFor(server, cookie);
      ctx.log(`  timing ${queries.length + 1} queries x ${RUNS} at ${total} rows ...`);
      const timings: Timed[] = [];
      for (const query of queries) timings.push(await time(server, cookie, query));
      const deep = await time(server, cookie, { name: `page ${DEEP_PAGE}`, path: deepPage.path });
      if (deepPage.page < DEEP_PAGE) deep.note = `only ${deepPage.page} pages exist at this size; timed the last one`;
      timings.push(deep);
      // The season overview (every chart's query in one request), against its own target.
      const overview = await time(server, cookie, { name: OVERVIEW_QUERY, path: '/api/overview' });
      return { timings, total, seedSeconds, overview };
    } finally {
      await server.stop();
      server.cleanup();
    }
  } finally {
    await database.dispose();
  }
}

export async function measureAdminQueries(ctx: BenchContext, options: { sizes: [number, number] }): Promise<Omit<PartResult, 'seconds'>> {
  if (!existsSync(join(ROOT, 'server/cli/seed.ts'))) {
    return { part: PART, figures: [], notMeasured: 'npm run seed (server/cli/seed.ts) does not exist yet' };
  }
  const [small, large] = options.sizes;
  const atSmall = await measureAt(ctx, small);
  const atLarge = await measureAt(ctx, large);
  const figures: Figure[] = [
    figure(PART, `rows seeded (small / large)`, `${atSmall.total} / ${atLarge.total}`, {
      note: `seed took ${atSmall.seedSeconds.toFixed(1)} s / ${atLarge.seedSeconds.toFixed(1)} s`,
    }),
  ];
  for (const large of atLarge.timings) {
    const smallTiming = atSmall.timings.find((t) => t.name === large.name);
    const ratio = smallTiming ? large.p95 / smallTiming.p95 : Number.NaN;
    figures.push(
      figure(PART, `${large.name}: p95 at ${atLarge.total}`, large.p95, { unit: 'ms', target: '< 50 ms', pass: large.p95 < 50 }),
      figure(PART, `${large.name}: p95 at ${atSmall.total}`, smallTiming?.p95 ?? null, {
        unit: 'ms',
        ...(smallTiming?.note ? { note: smallTiming.note } : {}),
      }),
      figure(PART, `${large.name}: ratio ${atLarge.total}/${atSmall.total}`, ratio, { unit: 'x', target: '<= 3', pass: ratio <= 3 }),
    );
  }
  figures.push(
    figure(PART, `${OVERVIEW_QUERY}: p95 at ${atLarge.total}`, atLarge.overview.p95, {
      unit: 'ms',
      target: `< ${OVERVIEW_TARGET_MS} ms`,
      pass: atLarge.overview.p95 < OVERVIEW_TARGET_MS,
      note: `p50 ${atLarge.overview.p50.toFixed(1)} ms; GET /api/overview runs every chart's query`,
    }),
    figure(PART, `${OVERVIEW_QUERY}: p95 at ${atSmall.total}`, atSmall.overview.p95, { unit: 'ms' }),
  );
  return { part: PART, figures, details: { runs: RUNS, small: atSmall, large: atLarge } };
}
