import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { IsoDate } from '@domain/season';
import { csvDataUrl } from '../utils/csv-data-url';
import { dailySummary, shortDay, type DailyTable } from '../utils/daily-series';
import type { Plot } from './time-series-plot';
import './time-series-chart.css';
import { ChartHead } from './chart-head';
import { ColumnHeads } from './plain-table';
import { AppLink } from '@/components/app-link';

/**
 * A per-day chart of the season overview (ADR 029): one bar per calendar day (stacked when there
 * are several series) and the running total as a line, drawn by uPlot on a canvas that screen
 * readers skip. What they read instead is the caption (the chart in one sentence) and the data
 * table, which has every number the canvas has and is the CSV file, column for column.
 */
type Props = {
  id: string;
  title: string;
  description: string;
  table: DailyTable;
  /** One colour per series, each at least 3:1 on white. */
  colors: readonly string[];
  /** A value with its unit, for sentences: "88 registrations", "₹1,200 collected". */
  amount(value: number): string;
  /** A value in a table cell or on an axis: "1,234", "₹1,200". */
  format(value: number): string;
  /** Header of the value column when there is one series ("Registrations"). */
  valueHeader: string;
  /** An axis label: short, "1.2K", "₹3L" (Indian compact numbers by default). */
  tick?(value: number): string;
  /** How the caption names the day with the most: "busiest day". */
  busiestWord?: string;
  emptyText: string;
  /** The list behind a day (the registrations table filtered to it), when there is one. */
  dayLink?(day: IsoDate): string;
};

const CUMULATIVE_COLOR = '#b3245b';
const compact = new Intl.NumberFormat('en-IN', { notation: 'compact', maximumFractionDigits: 1 });
export const compactNumber = (value: number) => compact.format(value);
const CUMULATIVE = 'Total so far';

export function TimeSeriesChart({
  id,
  title,
  description,
  table,
  colors,
  amount,
  format,
  tick = compactNumber,
  valueHeader,
  busiestWord,
  emptyText,
  dayLink,
}: Props) {
  const headingId = useId();
  const summaryId = useId();
  const [showTable, setShowTable] = useState(false);
  const several = table.series.length > 1;
  const headers = useMemo(
    () => ['Day', ...(several ? table.series.map((s) => s.label) : [valueHeader]), ...(several ? ['Total'] : []), CUMULATIVE],
    [several, table.series, valueHeader],
  );
  const rows = useMemo(
    () =>
      table.days.map((day, i) => [
        ...table.series.map((s) => s.values[i] ?? 0),
        ...(several ? [table.totals[i] ?? 0] : []),
        table.cumulative[i] ?? 0,
      ]),
    [table, several],
  );
  const csvHref = useMemo(() => csvDataUrl([headers, ...table.days.map((day, i) => [day, ...(rows[i] ?? [])])]), [headers, rows, table.days]);
  const summary = dailySummary(table, amount, busiestWord);

  return (
    <section className="panel overview-chart overview-chart--wide" aria-labelledby={headingId} data-chart={id}>
      <ChartHead id={id} headingId={headingId} title={title} csvHref={csvHref} showTable={showTable} onToggleTable={() => setShowTable((v) => !v)} />
      <p className="overview-chart__description">{description}</p>
      {table.days.length === 0 ? (
        <p className="admin-muted">{emptyText}</p>
      ) : (
        <figure className="time-series" aria-labelledby={summaryId}>
          <figcaption className="time-series__summary" id={summaryId}>{summary}</figcaption>
          <div aria-hidden="true">
            <ul className="time-series__legend">
              {table.series.map((s, i) => (
                <li key={s.key}>
                  <span className="time-series__swatch" style={{ background: colors[i] }} />
                  {several ? s.label : `${valueHeader} per day`}
                </li>
              ))}
              <li>
                <span className="time-series__swatch time-series__swatch--line" style={{ borderColor: CUMULATIVE_COLOR }} />
                {CUMULATIVE} (right-hand scale)
              </li>
            </ul>
            <TimeSeriesCanvas table={table} colors={colors} amount={amount} format={format} tick={tick} dayLink={dayLink} />
          </div>
        </figure>
      )}
      {showTable && table.days.length > 0 && (
        // A scrolling box must be reachable by keyboard (axe: scrollable-region-focusable).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        <div className="overview-chart__table" tabIndex={0} role="region" aria-label={`${title}: data table`}>
          <table className="admin-table time-series__table">
            <caption className="visually-hidden">{title}</caption>
            <ColumnHeads columns={headers} />
            <tbody>
              {table.days.map((day, i) => (
                <tr key={day}>
                  <th scope="row">{dayLink ? <AppLink to={dayLink(day)}>{shortDay(day)}</AppLink> : shortDay(day)}</th>
                  {(rows[i] ?? []).map((value, column) => (
                    <td key={headers[column + 1]}>{format(value)}</td>
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

type CanvasProps = Pick<Props, 'table' | 'colors' | 'amount' | 'format' | 'dayLink'> & { tick(value: number): string };

/** The uPlot canvas, downloaded with the first chart that needs it and sized to its box. */
function TimeSeriesCanvas(props: CanvasProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const readoutRef = useRef<HTMLParagraphElement>(null);
  const latest = useRef(props);
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  const { table } = props;

  useEffect(() => {
    latest.current = props;
  });

  useEffect(() => {
    const host = hostRef.current;
    const readoutEl = readoutRef.current;
    if (!host || !readoutEl) return;
    let plot: Plot | undefined;
    let observer: ResizeObserver | undefined;
    let gone = false;
    import('./time-series-plot')
      .then(({ drawPlot }) => {
        if (gone) return;
        const { colors, amount, format, tick, dayLink } = latest.current;
        plot = drawPlot(host, readoutEl, {
          times: table.days.map((day) => Date.parse(`${day}T00:00:00Z`) / 1000),
          series: table.series.map((s, i) => ({ label: s.label, color: colors[i] ?? '#5b2a86', values: s.values })),
          cumulative: table.cumulative,
          cumulativeColor: CUMULATIVE_COLOR,
          tick,
          readout: (i) => {
            const day = table.days[i];
            return day ? `${shortDay(day)}: ${amount(table.totals[i] ?? 0)}; ${format(table.cumulative[i] ?? 0)} so far` : '';
          },
          onDayClick: dayLink
            ? (i) => {
                const day = table.days[i];
                if (day) void navigate(dayLink(day));
              }
            : undefined,
        });
        if (typeof ResizeObserver !== 'undefined') {
          observer = new ResizeObserver(([entry]) => {
            if (entry) plot?.resize(Math.floor(entry.contentRect.width));
          });
          observer.observe(host);
        }
      })
      .catch(() => {
        // Offline before the chunk was cached, or no canvas: the caption and the table still hold every number.
        if (!gone) setFailed(true);
      });
    return () => {
      gone = true;
      observer?.disconnect();
      plot?.destroy();
    };
  }, [table, navigate]);

  return (
    <>
      <p className="time-series__readout" ref={readoutRef} />
      <div className="time-series__plot" ref={hostRef}>
        {failed && <p className="admin-muted">The chart could not be drawn; the data table has every number.</p>}
      </div>
    </>
  );
}
