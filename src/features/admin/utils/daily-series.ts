import { addDays, type IsoDate } from '@domain/season';

/**
 * Per-day numbers on a continuous calendar (issue 26): the overview sends only the days that have
 * something, so the days in between are filled with zeros here, between the first and the last day.
 * Days are Chennai calendar dates ('YYYY-MM-DD'), so no time zone is involved.
 */
export type DailyTable = {
  days: IsoDate[];
  /** One row of values per series, index for index with `days`. */
  series: { key: string; label: string; values: number[] }[];
  /** Every series added up, per day. */
  totals: number[];
  /** The running sum of `totals`. */
  cumulative: number[];
};

export type DailyPoint<K extends string> = { day: string; key: K; value: number };

export function dailyTable<K extends string>(points: readonly DailyPoint<K>[], series: readonly { key: K; label: string }[]): DailyTable {
  const byDay = new Map<string, Map<K, number>>();
  for (const { day, key, value } of points) {
    const values = byDay.get(day) ?? new Map<K, number>();
    values.set(key, (values.get(key) ?? 0) + value);
    byDay.set(day, values);
  }
  const known = [...byDay.keys()].sort();
  const first = known[0] as IsoDate | undefined;
  const last = known.at(-1) as IsoDate | undefined;
  const days: IsoDate[] = [];
  if (first && last) for (let day = first; day <= last; day = addDays(day, 1)) days.push(day);

  const rows = series.map(({ key, label }) => ({ key, label, values: days.map((day) => byDay.get(day)?.get(key) ?? 0) }));
  const totals = days.map((_, i) => rows.reduce((sum, row) => sum + (row.values[i] ?? 0), 0));
  let running = 0;
  const cumulative = totals.map((value) => (running += value));
  return { days, series: rows, totals, cumulative };
}

const dayMonth = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const dayMonthYear = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** "12 Sep 2026". */
export function shortDay(day: IsoDate): string {
  return dayMonthYear.format(new Date(`${day}T00:00:00Z`));
}

/**
 * The chart in one sentence, for its caption: "1,234 registrations from 1 Aug to 24 Nov 2026;
 * busiest day 12 Sep 2026 with 88."
 */
export function dailySummary(table: DailyTable, amount: (n: number) => string, busiestWord = 'busiest day'): string {
  const { days, totals, cumulative } = table;
  const first = days[0];
  const last = days.at(-1);
  if (!first || !last) return '';
  const total = amount(cumulative.at(-1) ?? 0);
  if (first === last) return `${total} on ${shortDay(first)}.`;
  let busiest = 0;
  totals.forEach((value, i) => {
    if (value > (totals[busiest] ?? 0)) busiest = i;
  });
  const sameYear = first.slice(0, 4) === last.slice(0, 4);
  const from = sameYear ? dayMonth.format(new Date(`${first}T00:00:00Z`)) : shortDay(first);
  return `${total} from ${from} to ${shortDay(last)}; ${busiestWord} ${shortDay(days[busiest] ?? first)} with ${amount(totals[busiest] ?? 0)}.`;
}
