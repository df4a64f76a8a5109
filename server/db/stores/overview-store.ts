import { sql } from 'drizzle-orm';
import { BABY_AGE_BANDS, type BabyCategorySlug } from '@domain/age-bands';
import { CATEGORY_SLUGS } from '@domain/categories';
import type { Overview } from '@domain/overview';
import type { Database } from '../client';
import { isCategorySlug } from '@domain/categories';
import { modeOf } from '@domain/fees';
import { levelPrice } from '@domain/season';

export const TOP_CITIES = 10;

/** The delay buckets of overview_counts ('delay' chart): bucket b holds delays d with floor(ln(1 + d) * 8) = b. */
const BUCKETS_PER_E = 8;
const bucketStart = (b: number) => Math.exp(b / BUCKETS_PER_E) - 1;
const bucketEnd = (b: number) => Math.exp((b + 1) / BUCKETS_PER_E) - 1;
/** A bucket's middle on the log scale: within about 6% of every delay in it. */
const bucketMiddle = (b: number) => Math.exp((b + 0.5) / BUCKETS_PER_E) - 1;

/** "anna nagar" → "Anna Nagar": cities are counted by their lower-cased name. */
function cityLabel(key: string): string {
  return key.replace(/(^|[\s-])(\p{L})/gu, (_, sep: string, letter: string) => sep + letter.toUpperCase());
}

/**
 * The whole overview from overview_counts, a few hundred counter rows kept by triggers on
 * registrations (migration overview_counters), so it answers in milliseconds at any size
 * (bench/admin-queries.ts, "season overview"). Field health's median and worst are read from
 * the delay histogram: each within about 6% of the true value (bucketMiddle, bucketEnd).
 */
export async function seasonOverview(database: Database): Promise<Overview> {
  // The delay histogram is days x ~60 buckets (7,500 rows for a 4-month season): each day's
  // median and worst bucket are found in the database, so a few hundred rows travel, not
  // thousands (at 100,000 registrations: 36 ms to read them all on PGlite, issue 28).
  const [rows, delays] = await Promise.all([
    database.rows<{ chart: string; key: string; n: number | string }>(
      sql`select chart, key, n from overview_counts where n <> 0 and chart <> 'delay'`,
    ),
    database.rows<{ day: string; records: number | string; median: number | string; worst: number | string }>(sql`
      with histogram as (
        select split_part(key, '|', 1) as day, split_part(key, '|', 2)::int as bucket, n
        from overview_counts where chart = 'delay' and n > 0
      ),
      running as (
        select day, bucket, sum(n) over (partition by day order by bucket) as seen, sum(n) over (partition by day) as records
        from histogram
      )
      select day, records, min(bucket) filter (where seen * 2 >= records) as median, max(bucket) as worst
      from running group by day, records order by day`),
  ]);
  const charts = new Map<string, Map<string, number>>();
  for (const row of rows) {
    const counts = charts.get(row.chart) ?? new Map<string, number>();
    counts.set(row.key, Number(row.n));
    charts.set(row.chart, counts);
  }
  const chart = (name: string) => [...(charts.get(name) ?? new Map<string, number>())].map(([key, n]) => ({ key, n }));
  const countOf = (name: string, key: string) => charts.get(name)?.get(key) ?? 0;

  const perDay = chart('day').sort((a, b) => a.key.localeCompare(b.key));
  const cities = chart('city').sort((a, b) => b.n - a.n || a.key.localeCompare(b.key));
  const rest = cities.slice(TOP_CITIES);

  const fieldHealth = delays.map((row) => {
    const median = Number(row.median);
    return {
      day: row.day,
      records: Number(row.records),
      medianSeconds: Math.round(median === 0 ? bucketStart(0) : bucketMiddle(median)),
      worstSeconds: Math.round(bucketEnd(Number(row.worst))),
      overADay: countOf('late', row.day),
    };
  });

  const counted = perDay.reduce((sum, row) => sum + row.n, 0);
  return {
    total: counted,
    erased: countOf('erased', 'all'),
    lateRecords: chart('late').reduce((sum, row) => sum + row.n, 0),
    perDay: perDay.map((row) => ({ day: row.key, count: row.n })),
    perCategory: CATEGORY_SLUGS.map((category) => ({ category, count: countOf('category', category) })),
    perCity: cities.slice(0, TOP_CITIES).map((row) => ({ city: cityLabel(row.key), count: row.n })),
    otherCities: { cities: rest.length, count: rest.reduce((sum, row) => sum + row.n, 0) },
    perType: (['participant', 'institute'] as const).map((type) => ({ type, count: countOf('type', type) })),
    babyAges: (Object.keys(BABY_AGE_BANDS) as BabyCategorySlug[]).flatMap((category) => {
      const band = BABY_AGE_BANDS[category];
      const months: number[] = [];
      for (let m = band.minMonths; m <= band.maxMonths; m++) months.push(m);
      return months.map((m) => ({ category, months: m, count: countOf('baby', `${category}:${m}`) }));
    }),
    fieldHealth,
    money: moneyOf(chart('due'), chart('money')),
  };
}

/**
 * The money (ADR 024): what live children's registrations owe (each contest entered, at the season
 * module's prices), what the ledger holds (payments less refunds, waivers), and the money
 * collected per day and method.
 */
function moneyOf(due: { key: string; n: number }[], money: { key: string; n: number }[]) {
  const duePaise = due.reduce((sum, { key, n }) => (isCategorySlug(key) ? sum + n * levelPrice('level1', modeOf(key)) * 100 : sum), 0);
  const perDay = new Map<string, { day: string; method: 'cash' | 'upi' | 'bank'; collectedPaise: number }>();
  let collectedPaise = 0;
  let waivedPaise = 0;
  for (const { key, n } of money) {
    const [day = '', method = 'none', kind = 'payment'] = key.split('|');
    if (kind === 'waiver') {
      waivedPaise += n;
      continue;
    }
    const signed = kind === 'refund' ? -n : n;
    collectedPaise += signed;
    if (method !== 'cash' && method !== 'upi' && method !== 'bank') continue;
    const row = perDay.get(`${day}|${method}`) ?? { day, method, collectedPaise: 0 };
    row.collectedPaise += signed;
    perDay.set(`${day}|${method}`, row);
  }
  return {
    duePaise,
    collectedPaise,
    waivedPaise,
    perDay: [...perDay.values()].filter((row) => row.collectedPaise !== 0).sort((a, b) => a.day.localeCompare(b.day) || a.method.localeCompare(b.method)),
  };
}
