import { sql } from 'drizzle-orm';
import { METRIC_NAMES, ratingOf, VITALS_KEEP_DAYS, type MetricName, type Rating, type VitalsPeriod } from '@domain/vitals';
import type { VitalsReport } from '@domain/vitals-report';
import type { Language } from '@domain/languages';
import type { Database, Db } from '../client';
import { webVitals } from '../schema';

const DAY_MS = 24 * 3600_000;

/** Stores one page view's metrics: the pattern, language and values, nothing about who sent them. */
export async function recordVitals(db: Db, report: VitalsReport, now: Date): Promise<void> {
  await db.insert(webVitals).values(
    report.metrics.map((metric) => ({
      metric: metric.name,
      page: report.page,
      lang: report.lang,
      value: metric.value,
      navigationType: report.navigationType ?? null,
      recordedAt: now.toISOString(),
    })),
  );
}

export type VitalsCell = { p75: number; samples: number; rating: Rating };
export type VitalsRow = { page: string; lang: Language; samples: number; metrics: Partial<Record<MetricName, VitalsCell>> };

/**
 * The 75th percentile of each metric per page and language over the last `days` days, with how
 * many values it rests on and its rating against THRESHOLDS. Busiest pages first.
 */
export async function vitalsSummary(database: Database, days: VitalsPeriod, now: Date): Promise<VitalsRow[]> {
  const since = new Date(now.getTime() - days * DAY_MS).toISOString();
  const rows = await database.rows<{ page: string; lang: Language; metric: MetricName; p75: number | string; samples: number | string }>(sql`
    select page, lang, metric, percentile_cont(0.75) within group (order by value) as p75, count(*) as samples
    from web_vitals
    where recorded_at >= ${since}::timestamptz
    group by page, lang, metric`);
  const byPage = new Map<string, VitalsRow>();
  for (const row of rows) {
    if (!(METRIC_NAMES as readonly string[]).includes(row.metric)) continue;
    const key = `${row.page}|${row.lang}`;
    const entry = byPage.get(key) ?? { page: row.page, lang: row.lang, samples: 0, metrics: {} };
    const p75 = Number(row.p75);
    const samples = Number(row.samples);
    entry.metrics[row.metric] = { p75, samples, rating: ratingOf(row.metric, p75) };
    entry.samples = Math.max(entry.samples, samples);
    byPage.set(key, entry);
  }
  return [...byPage.values()].sort((a, b) => b.samples - a.samples || a.page.localeCompare(b.page) || a.lang.localeCompare(b.lang));
}

/** Deletes measurements older than VITALS_KEEP_DAYS; answers how many went. */
export async function pruneVitals(database: Database, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - VITALS_KEEP_DAYS * DAY_MS).toISOString();
  const [row] = await database.rows<{ n: number | string }>(
    sql`with gone as (delete from web_vitals where recorded_at < ${cutoff}::timestamptz returning 1) select count(*) as n from gone`,
  );
  return Number(row?.n ?? 0);
}
