import { useId, useState } from 'react';
import { METRIC_NAMES, THRESHOLDS, VITALS_PERIODS, type MetricName, type Rating, type VitalsPeriod } from '@domain/vitals';
import { useVitals, type VitalsSummary } from '../api/get-vitals';
import { PlainTable } from './plain-table';
import './vitals-table.css';
import { plural } from '@domain/plural';

const RATING_TEXT: Record<Rating, string> = { good: 'good', 'needs-improvement': 'needs improvement', poor: 'poor' };
const LANGUAGE_NAME = { en: 'English', ta: 'Tamil' } as const;
const METRIC_TITLE: Record<MetricName, string> = {
  LCP: 'Largest contentful paint',
  INP: 'Interaction to next paint',
  CLS: 'Cumulative layout shift',
  FCP: 'First contentful paint',
  TTFB: 'Time to first byte',
};

/** Times as people read them (850 ms, 2.4 s); layout shift is a plain score. */
function metricValue(metric: MetricName, value: number): string {
  if (metric === 'CLS') return value.toFixed(2);
  return value < 1000 ? `${Math.round(value)} ms` : `${(value / 1000).toFixed(1)} s`;
}

const goodUpTo = METRIC_NAMES.map((m) => `${m} ${metricValue(m, THRESHOLDS[m].good)}`).join(', ');

/** The overview's "Real visitors' speed": p75 per page and language, for the last 7 or 28 days (ADR 030). */
export function VitalsSection() {
  const [days, setDays] = useState<VitalsPeriod>(28);
  const vitals = useVitals(days);
  const headingId = useId();
  return (
    <section className="panel overview-chart vitals" aria-labelledby={headingId} data-chart="vitals">
      <div className="overview-chart__head">
        <h2 id={headingId}>Real visitors’ speed</h2>
        <div className="vitals__periods" role="group" aria-label="Period">
          {VITALS_PERIODS.map((period) => (
            <button key={period} type="button" className="admin-chip" aria-pressed={days === period} onClick={() => setDays(period)}>
              Last {plural(period, { one: 'day', other: '# days' })}
            </button>
          ))}
        </div>
      </div>
      <p className="overview-chart__description">
        Measured in families’ own browsers on a sample of page views and sent only to our server. Each figure is the 75th
        percentile: three visits in four were at least this fast. Good is at most {goodUpTo}.
      </p>
      {vitals.isPending && <p className="admin-status">Loading speed figures…</p>}
      {vitals.isError && (
        <p className="admin-status" role="alert">
          The speed figures could not be loaded. Please try again.
        </p>
      )}
      {vitals.data && <VitalsTable summary={vitals.data} />}
    </section>
  );
}

function VitalsTable({ summary }: { summary: VitalsSummary }) {
  if (summary.rows.length === 0) return <p className="admin-muted">No speed reports in the last {plural(summary.days, { one: 'day', other: '# days' })}.</p>;
  const caption = `Speed, last ${plural(summary.days, { one: 'day', other: '# days' })} (75th percentile)`;
  return (
    <PlainTable label={`Real visitors’ speed, last ${plural(summary.days, { one: 'day', other: '# days' })}`}>
      <caption className="vitals__caption">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Page</th>
          <th scope="col">Language</th>
          {METRIC_NAMES.map((metric) => (
            <th key={metric} scope="col">
              <abbr title={METRIC_TITLE[metric]}>{metric}</abbr>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {summary.rows.map((row) => (
          <tr key={`${row.page}|${row.lang}`} data-page={row.page} data-lang={row.lang}>
            <th scope="row" className="vitals__page">
              {row.page}
            </th>
            <td>{LANGUAGE_NAME[row.lang]}</td>
            {METRIC_NAMES.map((metric) => {
              const cell = row.metrics[metric];
              if (!cell) {
                return (
                  <td key={metric} className="vitals__cell" data-metric={metric}>
                    <span className="admin-muted">no data</span>
                  </td>
                );
              }
              return (
                <td key={metric} className="vitals__cell" data-metric={metric}>
                  <span className="vitals__value">{metricValue(metric, cell.p75)}</span>
                  <span className={`vitals__rating vitals__rating--${cell.rating}`}>{RATING_TEXT[cell.rating]}</span>
                  <span className="vitals__samples">
                    {plural(cell.samples, { one: '# view', other: '# views' })}
                  </span>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </PlainTable>
  );
}
