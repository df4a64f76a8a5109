// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentLocation, renderAdmin } from '../testing/render-admin';
import { dailyTable, type DailyPoint } from '../utils/daily-series';
import { TimeSeriesChart } from './time-series-chart';

// jsdom has no canvas: the uPlot half is replaced, and the test reads what a screen reader reads.
const drawPlot = vi.hoisted(() => vi.fn(() => ({ resize: vi.fn(), destroy: vi.fn() })));
vi.mock('./time-series-plot', () => ({ drawPlot }));

afterEach(() => {
  cleanup();
  drawPlot.mockClear();
});

const count = (n: number) => n.toLocaleString('en-IN');

function registrationsChart(points: DailyPoint<'count'>[]) {
  const table = dailyTable(points, [{ key: 'count', label: 'Registrations' }]);
  return (
    <TimeSeriesChart
      id="per-day"
      title="Registrations per day"
      description="By day."
      table={table}
      colors={['#5b2a86']}
      valueHeader="Registrations"
      amount={(n) => `${count(n)} registrations`}
      format={count}
      emptyText="No registrations yet."
      dayLink={(day) => `/admin/registrations?day=${day}`}
    />
  );
}

function rowsOf(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? ''));
}

function csvOf(link: HTMLElement): string[] {
  const href = link.getAttribute('href') ?? '';
  return decodeURIComponent(href.replace(/^data:text\/csv;charset=utf-8,/, '')).replace(/^\uFEFF/, '').trim().split('\r\n');
}

describe('TimeSeriesChart', () => {
  it('shows the days without registrations as zeros, with the running total, in the table and the CSV', async () => {
    renderAdmin(
      registrationsChart([
        { day: '2026-08-30', key: 'count', value: 3 },
        { day: '2026-09-02', key: 'count', value: 1_200 },
        { day: '2026-08-31', key: 'count', value: 4 },
      ]),
      '/admin',
    );
    expect(screen.getByText('1,207 registrations from 30 Aug to 2 Sept 2026; busiest day 2 Sept 2026 with 1,200 registrations.')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Show data table' }));
    const table = screen.getByRole('table', { name: 'Registrations per day' });
    expect(rowsOf(table)).toEqual([
      ['Day', 'Registrations', 'Total so far'],
      ['30 Aug 2026', '3', '3'],
      ['31 Aug 2026', '4', '7'],
      ['1 Sept 2026', '0', '7'],
      ['2 Sept 2026', '1,200', '1,207'],
    ]);
    expect(csvOf(screen.getByRole('link', { name: /Download CSV/ }))).toEqual([
      'Day,Registrations,Total so far',
      '2026-08-30,3,3',
      '2026-08-31,4,7',
      '2026-09-01,0,7',
      '2026-09-02,1200,1207',
    ]);
    // The canvas gets the same continuous days, one bar each.
    await vi.waitFor(() => expect(drawPlot).toHaveBeenCalledTimes(1));
    const [, , input] = drawPlot.mock.calls[0] as unknown as [unknown, unknown, { times: number[]; cumulative: number[] }];
    expect(input.times).toHaveLength(4);
    expect(input.cumulative).toEqual([3, 7, 7, 1207]);
  });

  it('opens the registrations of a day from its row in the data table', async () => {
    renderAdmin(registrationsChart([{ day: '2026-11-27', key: 'count', value: 5 }]), '/admin');
    expect(screen.getByText('5 registrations on 27 Nov 2026.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Show data table' }));
    await userEvent.click(screen.getByRole('link', { name: '27 Nov 2026' }));
    expect(currentLocation).toBe('/admin/registrations?day=2026-11-27');
  });

  it('keeps the canvas away from screen readers, which read the caption instead', () => {
    renderAdmin(registrationsChart([{ day: '2026-11-27', key: 'count', value: 5 }]), '/admin');
    const figure = screen.getByRole('figure', { name: '5 registrations on 27 Nov 2026.' });
    expect(figure.querySelector('.time-series__plot')?.closest('[aria-hidden="true"]')).toBeTruthy();
  });

  it('says so when there is nothing yet, and draws nothing', () => {
    renderAdmin(registrationsChart([]), '/admin');
    expect(screen.getByText('No registrations yet.')).toBeTruthy();
    expect(screen.queryByRole('figure')).toBeNull();
    expect(drawPlot).not.toHaveBeenCalled();
  });

  it('adds up several series per day (money by method) before the running total', async () => {
    const table = dailyTable(
      [
        { day: '2026-10-01', key: 'cash', value: 500 },
        { day: '2026-10-01', key: 'upi', value: 1_000 },
        { day: '2026-10-03', key: 'bank', value: 2_500.5 },
      ],
      [
        { key: 'cash', label: 'Cash' },
        { key: 'upi', label: 'UPI' },
        { key: 'bank', label: 'Bank transfer' },
      ],
    );
    const rupees = (n: number) => `₹${n.toLocaleString('en-IN', { maximumFractionDigits: 2 })}`;
    renderAdmin(
      <TimeSeriesChart
        id="money"
        title="Money collected per day"
        description="By day and method."
        table={table}
        colors={['#1f6f5c', '#5b2a86', '#a44a00']}
        valueHeader="Collected"
        amount={(n) => `${rupees(n)} collected`}
        format={rupees}
        busiestWord="best day"
        emptyText="No money collected yet."
      />,
      '/admin',
    );
    expect(screen.getByText('₹4,000.5 collected from 1 Oct to 3 Oct 2026; best day 3 Oct 2026 with ₹2,500.5 collected.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Show data table' }));
    expect(rowsOf(screen.getByRole('table'))).toEqual([
      ['Day', 'Cash', 'UPI', 'Bank transfer', 'Total', 'Total so far'],
      ['1 Oct 2026', '₹500', '₹1,000', '₹0', '₹1,500', '₹1,500'],
      ['2 Oct 2026', '₹0', '₹0', '₹0', '₹0', '₹1,500'],
      ['3 Oct 2026', '₹0', '₹0', '₹2,500.5', '₹2,500.5', '₹4,000.5'],
    ]);
    expect(screen.queryByRole('link', { name: '1 Oct 2026' })).toBeNull();
  });
});
