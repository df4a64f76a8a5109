import { useId, useMemo, useState } from 'react';
import { csvDataUrl } from '../utils/csv-data-url';
import { ChartHead } from './chart-head';
import { AppLink } from '@/components/app-link';

/**
 * One chart of the season overview, built from plain HTML (ADR 017): each bar is a link to the
 * registrations table filtered to it, so a keyboard or a screen reader reaches every value; the
 * same numbers are one click away as a data table, and downloadable as CSV. Bars are drawn with
 * --color-brand on white (9:1), above the 3:1 that WCAG asks of graphics.
 */
export type Bar = {
  label: string;
  value: number;
  /** Shown instead of the bare number, e.g. "2 h 5 min". */
  display?: string;
  /** The list behind this bar (the registrations table filtered to it); none for a bar that cannot be listed (the rest of the cities). */
  to?: string;
};

export type ChartColumn = { header: string; cell(bar: Bar, index: number): string | number };

type Props = {
  id: string;
  title: string;
  description: string;
  bars: Bar[];
  /** What one unit of `value` is, for the bar's accessible name: "registrations". */
  unit: string;
  /** Extra columns for the data table and CSV (the label and value come first). */
  columns?: ChartColumn[];
  valueHeader?: string;
  labelHeader?: string;
  /** What following a bar's link opens, for its accessible name. */
  linkPurpose?: string;
};

export function BarChart({
  id,
  title,
  description,
  bars,
  unit,
  columns = [],
  valueHeader = 'Registrations',
  labelHeader = 'Label',
  linkPurpose = 'Open these in the registrations table',
}: Props) {
  const headingId = useId();
  const [showTable, setShowTable] = useState(false);
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  const csvHref = useMemo(() => {
    const header = [labelHeader, valueHeader, ...columns.map((c) => c.header)];
    return csvDataUrl([header, ...bars.map((bar, i) => [bar.label, bar.value, ...columns.map((c) => c.cell(bar, i))])]);
  }, [bars, columns, labelHeader, valueHeader]);

  return (
    <section className="panel overview-chart" aria-labelledby={headingId} data-chart={id}>
      <ChartHead id={id} headingId={headingId} title={title} csvHref={csvHref} showTable={showTable} onToggleTable={() => setShowTable((v) => !v)} />
      <p className="overview-chart__description">{description}</p>
      {bars.length === 0 ? (
        <p className="admin-muted">Nothing to show yet.</p>
      ) : (
        <ul className="overview-bars">
          {bars.map((bar) => {
            const value = bar.display ?? bar.value.toLocaleString('en-IN');
            // The accessible name is the visible text plus hidden words, in reading order
            // ("Dance: 100 registrations. Open these…"), so it starts with what is seen.
            const content = (
              <>
                <span className="overview-bars__label">{bar.label}</span>
                <span className="visually-hidden">: </span>
                <span className="overview-bars__track" aria-hidden="true">
                  <span className="overview-bars__bar" style={{ width: `${(bar.value / max) * 100}%` }} />
                </span>
                <span className="overview-bars__value">
                  {value}
                  {bar.display ? null : <span className="visually-hidden"> {unit}</span>}
                  {bar.to ? <span className="visually-hidden">. {linkPurpose}</span> : null}
                </span>
              </>
            );
            return (
              <li key={bar.label}>
                {bar.to ? (
                  <AppLink className="overview-bars__row" to={bar.to}>
                    {content}
                  </AppLink>
                ) : (
                  <span className="overview-bars__row">{content}</span>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {showTable && (
        // A scrolling box must be reachable by keyboard (axe: scrollable-region-focusable).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        <div className="overview-chart__table" tabIndex={0} role="region" aria-label={`${title}: data table`}>
          <table className="admin-table">
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                <th scope="col">{labelHeader}</th>
                <th scope="col">{valueHeader}</th>
                {columns.map((c) => (
                  <th scope="col" key={c.header}>
                    {c.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {bars.map((bar, i) => (
                <tr key={bar.label}>
                  <th scope="row">{bar.label}</th>
                  <td>{bar.value}</td>
                  {columns.map((c) => (
                    <td key={c.header}>{c.cell(bar, i)}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
