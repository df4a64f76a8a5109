import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/**
 * The canvas half of the overview's time series (ADR 029): daily values as bars (stacked when
 * there are several series) and the running total as a line on its own right-hand axis. Loaded
 * with import() by time-series-chart.tsx, so uPlot is only ever downloaded on /admin.
 */
export type PlotInput = {
  /** Each day as seconds since 1970 at 00:00 UTC: uPlot then reads it in UTC, as a calendar day. */
  times: number[];
  series: { label: string; color: string; values: number[] }[];
  cumulative: number[];
  cumulativeColor: string;
  /** Axis tick labels ("1.2k", "₹5k"). */
  tick(value: number): string;
  /** Shown above the plot while a day is hovered: "12 Sep 2026: 88 registrations, 1,234 so far". */
  readout(index: number): string;
  onDayClick?(index: number): void;
};

export type Plot = { resize(width: number): void; destroy(): void };

const DAY = 86_400;
const MONTH = 30 * DAY;
const HEIGHT = 260;
const INK = '#231942';
const GRID = '#e6e1ef';
const tickDay = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const tickMonth = new Intl.DateTimeFormat('en-GB', { month: 'short', timeZone: 'UTC' });
const tickMonthYear = new Intl.DateTimeFormat('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** "12 Sept" for day ticks; "Nov" for month ticks, with the year on January's. */
function tickLabel(seconds: number, incr: number): string {
  const date = new Date(seconds * 1e3);
  if (incr < MONTH) return tickDay.format(date);
  return (date.getUTCMonth() === 0 ? tickMonthYear : tickMonth).format(date);
}

/**
 * The days shown: half a day either side of the first and last, and at least a week, so one
 * day's data is a bar in a week rather than a scale stretched over years (uPlot widens a single
 * point's range by itself).
 */
export function dayRange(times: readonly number[]): [number, number] {
  const first = times[0] ?? Math.floor(Date.now() / 1e3 / DAY) * DAY;
  const last = times.at(-1) ?? first;
  const pad = Math.max(DAY / 2, (7 * DAY - (last - first)) / 2);
  return [first - pad, last + pad];
}

export function drawPlot(host: HTMLElement, readoutEl: HTMLElement, input: PlotInput): Plot {
  const { times, series, cumulative } = input;
  // Stacked bars: each series is drawn as the sum of itself and those before it, tallest first,
  // so the shorter ones paint over it and every band shows its own height.
  const stacks = series.map((_, s) => times.map((__, i) => series.slice(0, s + 1).reduce((sum, one) => sum + (one.values[i] ?? 0), 0)));
  const order = series.map((_, s) => s).reverse();
  // Counts and rupees: a tick at 0.5 would only mislead.
  const wholeTick = (value: number) => (Number.isInteger(value) ? input.tick(value) : '');
  const bars = uPlot.paths.bars?.({ size: [0.8, 48, 1], align: 0 });

  const options: uPlot.Options = {
    width: Math.max(200, host.clientWidth),
    height: HEIGHT,
    tzDate: (ts) => uPlot.tzDate(new Date(ts * 1e3), 'Etc/UTC'),
    legend: { show: false },
    cursor: { drag: { x: false, y: false }, points: { show: false } },
    padding: [12, 8, 0, 8],
    scales: {
      // Half a day either side, so the first and last bars are whole.
      x: { time: true, auto: false, range: dayRange(times) },
      y: { range: (_u, _min, max) => [0, Math.max(1, max) * 1.05] },
      total: { range: (_u, _min, max) => [0, Math.max(1, max) * 1.05] },
    },
    axes: [
      {
        stroke: INK,
        grid: { show: false },
        ticks: { stroke: GRID },
        incrs: [DAY, 2 * DAY, 7 * DAY, 14 * DAY, MONTH, 2 * MONTH, 3 * MONTH, 6 * MONTH],
        space: 50,
        values: (_u, splits, _axis, _space, incr) => splits.map((s) => tickLabel(s, incr)),
      },
      { stroke: INK, grid: { stroke: GRID }, ticks: { show: false }, size: 48, values: (_u, splits) => splits.map(wholeTick) },
      { scale: 'total', side: 1, stroke: input.cumulativeColor, grid: { show: false }, ticks: { show: false }, size: 56, values: (_u, splits) => splits.map(wholeTick) },
    ],
    series: [
      {},
      ...order.map((s) => ({
        label: series[s]?.label ?? '',
        fill: series[s]?.color ?? INK,
        stroke: series[s]?.color ?? INK,
        width: 0,
        paths: bars,
        points: { show: false },
      })),
      { label: 'Total so far', scale: 'total', stroke: input.cumulativeColor, width: 2.5, dash: [6, 3], points: { show: false } },
    ],
    hooks: {
      setCursor: [
        (u) => {
          const index = u.cursor.idx;
          readoutEl.textContent = index == null ? '' : input.readout(index);
        },
      ],
    },
  };
  const plot = new uPlot(options, [times, ...order.map((s) => stacks[s] ?? []), cumulative], host);

  const onClick = () => {
    const index = plot.cursor.idx;
    if (index != null) input.onDayClick?.(index);
  };
  if (input.onDayClick) {
    plot.over.addEventListener('click', onClick);
    plot.over.style.cursor = 'pointer';
  }
  return {
    resize: (width) => plot.setSize({ width: Math.max(200, width), height: HEIGHT }),
    destroy: () => {
      plot.over.removeEventListener('click', onClick);
      plot.destroy();
    },
  };
}
