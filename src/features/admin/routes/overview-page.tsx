import { PlainTable } from '../components/plain-table';
import { isCategorySlug, type CategorySlug } from '@domain/categories';
import { formatDay, type IsoDate } from '@domain/season';
import { useMemo } from 'react';
import { useOverview, type Overview } from '../api/get-overview';
import { useRetention } from '../api/get-retention';
import { BarChart, type Bar } from '../components/bar-chart';
import { CheckingQueueNote } from '../components/checking-queue';
import { compactNumber, TimeSeriesChart } from '../components/time-series-chart';
import { VitalsSection } from '../components/vitals-table';
import { dailyTable } from '../utils/daily-series';
import { categoryLabel } from '../utils/format';
import { filtersToSearchParams, DEFAULT_FILTERS, type RegistrationFilters } from '../utils/registration-filters';
import { plural } from '@domain/plural';

/** The registrations table filtered as a bar says. */
function tableLink(change: Partial<RegistrationFilters>): string {
  const query = filtersToSearchParams({ ...DEFAULT_FILTERS, ...change }).toString();
  return `/admin/registrations${query ? `?${query}` : ''}`;
}

function duration(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ${minutes % 60} min`;
  return `${plural(Math.floor(hours / 24), { one: '# day', other: '# days' })} ${hours % 24} h`;
}

function babyName(slug: CategorySlug): string {
  return categoryLabel(slug).replace(/\s*\(.*$/, '');
}

function charts(o: Overview) {
  const perCategory: Bar[] = o.perCategory.map((c) => ({ label: categoryLabel(c.category), value: c.count, to: tableLink({ category: c.category }) }));
  const perCity: Bar[] = [
    ...o.perCity.map((c) => ({ label: c.city, value: c.count, to: tableLink({ city: c.city }) })),
    ...(o.otherCities.count > 0 ? [{ label: `${o.otherCities.cities} other cities`, value: o.otherCities.count }] : []),
  ];
  const perType: Bar[] = o.perType.map((t) => ({
    label: t.type === 'participant' ? 'Participants (children)' : 'Institutes',
    value: t.count,
    to: tableLink({ type: t.type }),
  }));
  const babies: Bar[] = o.babyAges.map((b) => ({
    label: `${babyName(b.category)}: ${plural(b.months, { one: '# month', other: '# months' })}`,
    value: b.count,
    to: tableLink({ category: b.category, ageMonths: b.months }),
  }));
  const health: Bar[] = o.fieldHealth.map((d) => ({
    label: d.day,
    value: d.medianSeconds,
    display: `median ${duration(d.medianSeconds)}`,
    to: tableLink({ day: d.day }),
  }));
  return { perCategory, perCity, perType, babies, health, entries: entriesPerContest(o.entries) };
}

/** The two time series, with the days that had nothing filled in as zeros. */
function dailyTables(o: Overview) {
  const perDay = dailyTable(
    o.perDay.map((d) => ({ day: d.day, key: 'count', value: d.count })),
    [{ key: 'count', label: 'Registrations' }],
  );
  const money = dailyTable(
    o.money.perDay.map((d) => ({ day: d.day, key: d.method, value: d.collectedPaise / 100 })),
    [
      { key: 'cash', label: 'Cash' },
      { key: 'upi', label: 'UPI' },
      { key: 'bank', label: 'Bank transfer' },
    ],
  );
  return { perDay, money };
}

// At least 3:1 on white, as WCAG asks of graphics, and told apart by the legend's words as well.
const REGISTRATIONS_COLORS = ['#5b2a86'];
const METHOD_COLORS = ['#1f6f5c', '#5b2a86', '#a44a00'];
const count = (n: number) => n.toLocaleString('en-IN');
const registrationsAmount = (n: number) => plural(n, { one: '# registration', other: '# registrations' });
const rupeesAmount = (n: number) => `${rupees(n * 100)} collected`;
const rupeesFormat = (n: number) => rupees(n * 100);
const rupeesTick = (n: number) => `₹${compactNumber(n)}`;
const dayLink = (day: string) => tableLink({ day });

type EntryRow = { category: string; ready: number; checking: number; rejected: number; sending: number };

/** Level 1's online entries per contest: ready ones as the bar, the rest in the table. */
function entriesPerContest(counts: Overview['entries']): { bars: Bar[]; rows: EntryRow[] } {
  const rows = new Map<string, EntryRow>();
  for (const { category, status, count } of counts) {
    const row = rows.get(category) ?? { category, ready: 0, checking: 0, rejected: 0, sending: 0 };
    if (status === 'ready') row.ready += count;
    else if (status === 'checking') row.checking += count;
    else if (status === 'rejected') row.rejected += count;
    else if (status === 'uploading') row.sending += count;
    rows.set(category, row);
  }
  const sorted = [...rows.values()].sort((a, b) => b.ready - a.ready || a.category.localeCompare(b.category));
  const bars = sorted.map((row) => ({ label: isCategorySlug(row.category) ? categoryLabel(row.category) : row.category, value: row.ready, to: `/admin/entries?contest=${row.category}` }));
  return { bars, rows: sorted };
}

const rupees = (paise: number) => `₹${(paise / 100).toLocaleString('en-IN', { maximumFractionDigits: 2 })}`;

/** /admin: the season at a glance, the first page after sign-in. */
export function OverviewPage() {
  const overview = useOverview();
  const retention = useRetention();

  return (
    <div className="admin-page overview">
      <div className="admin-page__head">
        <h1>Season overview</h1>
      </div>
      {retention.data && <RetentionNotice status={retention.data} />}
      {overview.isPending && <p className="admin-status">Loading the overview…</p>}
      {overview.isError && (
        <p className="admin-status" role="alert">
          The overview could not be loaded. Please try again.
        </p>
      )}
      {overview.data && <OverviewCharts overview={overview.data} />}
      <VitalsSection />
    </div>
  );
}

function OverviewCharts({ overview: o }: { overview: Overview }) {
  const c = charts(o);
  const daily = useMemo(() => dailyTables(o), [o]);
  const health = o.fieldHealth;
  return (
    <>
      <p className="admin-counter">
        {plural(o.total, { one: '# registration', other: '# registrations' })} counted
        {o.erased > 0 ? ` (${o.erased.toLocaleString('en-IN')} of them erased, kept as anonymous counts)` : ''}.
      </p>
      <div className="overview-grid">
        <TimeSeriesChart
          id="per-day"
          title="Registrations per day"
          table={daily.perDay}
          colors={REGISTRATIONS_COLORS}
          valueHeader="Registrations"
          amount={registrationsAmount}
          format={count}
          dayLink={dayLink}
          emptyText="No registrations yet."
          description="By the day each registration reached the server (Chennai time), with the season's running total. Select a day, in the chart or its data table, to list its registrations."
        />
        <BarChart id="per-category" title="Per contest" labelHeader="Contest" unit="entries" valueHeader="Entries" bars={c.perCategory}
          description="A registration in two contests counts in both." />
        <BarChart id="per-city" title="Per city" labelHeader="City" unit="registrations" bars={c.perCity}
          description="The ten cities with the most registrations, then all the others together." />
        <BarChart id="per-type" title="Participants and institutes" labelHeader="Registered as" unit="registrations" bars={c.perType}
          description="Children registered by their families against institutes registering groups." />
        <BarChart id="baby-ages" title="Baby contests by age" labelHeader="Contest and age" unit="babies" valueHeader="Babies" bars={c.babies}
          description="In-person baby contests, by age in months within each contest's band." />
        <BarChart
          id="field-health"
          title="Field health: device to server"
          labelHeader="Day"
          valueHeader="Median delay (seconds)"
          unit="seconds"
          bars={c.health}
          columns={[
            { header: 'Worst delay (seconds)', cell: (_, i) => health[i]?.worstSeconds ?? 0 },
            { header: 'Records', cell: (_, i) => health[i]?.records ?? 0 },
            { header: 'More than a day late', cell: (_, i) => health[i]?.overADay ?? 0 },
          ]}
          description={`For records saved on a device before they were sent: how long they took to reach the server, median per day (worst in the data table). ${o.lateRecords.toLocaleString('en-IN')} arrived more than a day late.`}
        />
        <TimeSeriesChart
          id="money"
          title="Money collected per day"
          table={daily.money}
          colors={METHOD_COLORS}
          valueHeader="Collected"
          amount={rupeesAmount}
          format={rupeesFormat}
          tick={rupeesTick}
          busiestWord="best day"
          emptyText="No money collected yet."
          description={`Payments less refunds in the ledger (ADR 024), by the day the money moved (Chennai time) and how. Due from every live child's registration: ${rupees(o.money.duePaise)}; collected ${rupees(o.money.collectedPaise)}${o.money.waivedPaise > 0 ? `; waived ${rupees(o.money.waivedPaise)}` : ''}.`}
        />
        <BarChart
          id="entries"
          title="Online entries by contest"
          labelHeader="Contest"
          valueHeader="Ready"
          unit="entries"
          bars={c.entries.bars}
          linkPurpose="Open this contest's entries"
          columns={[
            { header: 'Checking', cell: (_, i) => c.entries.rows[i]?.checking ?? 0 },
            { header: 'Not accepted', cell: (_, i) => c.entries.rows[i]?.rejected ?? 0 },
            { header: 'Still sending', cell: (_, i) => c.entries.rows[i]?.sending ?? 0 },
          ]}
          description="Level 1's videos and photos, ready for the judges (a child's newest ready entry counts once). Select a contest to see its entries."
        />
        {/* Venue mode (ADR 018) adds its check-ins and cash fees per session here, as two more BarCharts. */}
      </div>
      <CheckingQueueNote queue={o.entryQueue} />
      <SeasonFunnel rows={o.funnel} />
    </>
  );
}

/** Each level's funnel per contest (issue 46): from registering to the grand finale's stage. */
function SeasonFunnel({ rows }: { rows: Overview['funnel'] }) {
  const shown = rows.filter((row) => row.registered > 0);
  if (shown.length === 0) return null;
  const columns: readonly [keyof Overview['funnel'][number], string][] = [
    ['registered', 'Registered'],
    ['entered', 'Entered Level 1'],
    ['qualified', 'Qualified'],
    ['acceptedSemi', 'Accepted semi-final'],
    ['performedSemi', 'Performed'],
    ['advanced', 'Advanced to the finale'],
    ['acceptedFinal', 'Accepted finale'],
    ['performedFinal', 'Performed'],
  ];
  return (
    <section className="admin-overview__funnel" aria-labelledby="funnel-title">
      <h2 id="funnel-title">The season’s funnel</h2>
      <p>How many children of each contest reached each step, from registering to the grand finale’s stage.</p>
      <PlainTable label="The season’s funnel, contest by contest">
        <thead>
          <tr>
            <th scope="col">Contest</th>
            {columns.map(([key, label]) => (
              <th key={key} scope="col">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {shown.map((row) => (
            <tr key={row.category}>
              <th scope="row">{isCategorySlug(row.category) ? categoryLabel(row.category) : row.category}</th>
              {columns.map(([key]) => (
                <td key={key}>{row[key]}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </PlainTable>
    </section>
  );
}

function RetentionNotice({ status }: { status: NonNullable<ReturnType<typeof useRetention>['data']> }) {
  const day = formatDay(status.retentionDate as IsoDate);
  const p = status.pending;
  if (status.erasedAt) {
    return (
      <p className="admin-banner overview-retention">
        The {status.seasonYear} season’s personal data was erased on {day}. Its counts below are anonymous.
      </p>
    );
  }
  return (
    <p className="admin-banner overview-retention">
      {plural(p.registrations, { one: '# registration', other: '# registrations' })} (and {plural(p.judgeApplications, { one: '# judge application', other: '# judge applications' })},{' '}
      {plural(p.contactMessages, { one: '# contact message', other: '# contact messages' })}) will be erased on {day}.{' '}
      {status.noticeSentAt
        ? 'Families with an email have been told.'
        : `Families with an email (${p.registrationsWithEmail.toLocaleString('en-IN')}) are told 48 hours before.`}
    </p>
  );
}

