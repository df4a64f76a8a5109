import { sql } from 'drizzle-orm';
import { BABY_AGE_BANDS, type BabyCategorySlug } from '@domain/age-bands';
import { CATEGORY_SLUGS } from '@domain/categories';
import type { Overview } from '@domain/overview';
import { SEASON } from '@domain/season';
import type { Database } from '../../db/client';

/** Live rows and rows erased by the retention job (anonymous counts); the partial index registrations_counted_day. */
const COUNTED = sql.raw(`(r.deleted_at is null or r.erased_at is not null)`);
const DAY = sql.raw(`to_char(r.created_at at time zone '${SEASON.timeZone}', 'YYYY-MM-DD')`);

export const TOP_CITIES = 10;
const LATE_SECONDS = 24 * 60 * 60;

type Count = { count: number | string };
const n = (value: number | string | null | undefined) => Number(value ?? 0);

/**
 * The whole overview. Each chart is one grouped scan of the counted rows; at 100,000 rows each
 * answers in a few tens of milliseconds (bench/admin-queries.ts, "overview").
 */
export async function seasonOverview(database: Database): Promise<Overview> {
  const [totals] = await database.rows<{ total: number | string; erased: number | string; late: number | string }>(sql`
    select count(*) as total, count(*) filter (where r.erased_at is not null) as erased,
      count(*) filter (where r.created_at - r.device_saved_at > make_interval(secs => ${LATE_SECONDS})) as late
    from registrations r where ${COUNTED}`);
  const perDay = await database.rows<{ day: string } & Count>(sql`
    select ${DAY} as day, count(*) as count from registrations r where ${COUNTED} group by 1 order by 1`);
  const perCategory = await database.rows<{ category: string } & Count>(sql`
    select c as category, count(*) as count from registrations r cross join unnest(r.categories) c where ${COUNTED} group by 1`);
  const cities = await database.rows<{ city: string } & Count>(sql`
    select min(r.city) as city, count(*) as count from registrations r where ${COUNTED}
    group by lower(r.city) order by count(*) desc, lower(r.city) asc`);
  const perType = await database.rows<{ type: 'participant' | 'institute' } & Count>(sql`
    select r.type, count(*) as count from registrations r where ${COUNTED} group by 1`);
  const babies = await database.rows<{ category: string; months: number } & Count>(sql`
    select c as category, r.age as months, count(*) as count
    from registrations r cross join unnest(r.categories) c
    where ${COUNTED} and r.age_unit = 'months' and c in ('crawling', 'fastest-walking')
    group by 1, 2`);
  const health = await database.rows<{
    day: string;
    records: number | string;
    median: number | string;
    worst: number | string;
    late: number | string;
  }>(sql`
    select day, count(*) as records, percentile_cont(0.5) within group (order by delay) as median,
      max(delay) as worst, count(*) filter (where delay > ${LATE_SECONDS}) as late
    from (
      select ${DAY} as day, extract(epoch from r.created_at - r.device_saved_at) as delay
      from registrations r where ${COUNTED} and r.device_saved_at is not null
    ) d group by day order by day`);

  const categoryCount = new Map(perCategory.map((row) => [row.category, n(row.count)]));
  const babyCount = new Map(babies.map((row) => [`${row.category}:${n(row.months)}`, n(row.count)]));
  const rest = cities.slice(TOP_CITIES);
  return {
    total: n(totals?.total),
    erased: n(totals?.erased),
    lateRecords: n(totals?.late),
    perDay: perDay.map((row) => ({ day: row.day, count: n(row.count) })),
    perCategory: CATEGORY_SLUGS.map((category) => ({ category, count: categoryCount.get(category) ?? 0 })),
    perCity: cities.slice(0, TOP_CITIES).map((row) => ({ city: row.city, count: n(row.count) })),
    otherCities: { cities: rest.length, count: rest.reduce((sum, row) => sum + n(row.count), 0) },
    perType: (['participant', 'institute'] as const).map((type) => ({
      type,
      count: n(perType.find((row) => row.type === type)?.count),
    })),
    babyAges: (Object.keys(BABY_AGE_BANDS) as BabyCategorySlug[]).flatMap((category) => {
      const band = BABY_AGE_BANDS[category];
      const months: number[] = [];
      for (let m = band.minMonths; m <= band.maxMonths; m++) months.push(m);
      return months.map((m) => ({ category, months: m, count: babyCount.get(`${category}:${m}`) ?? 0 }));
    }),
    fieldHealth: health.map((row) => ({
      day: row.day,
      records: n(row.records),
      medianSeconds: Math.round(n(row.median)),
      worstSeconds: Math.round(n(row.worst)),
      overADay: n(row.late),
    })),
  };
}
