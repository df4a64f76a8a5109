import { LoadMoreButton } from '../components/load-more-button';
import { useState } from 'react';
import { columnMappingSchema, type ColumnMapping, type StatementRowState } from '@domain/statements';
import { Form, SubmitButton } from '@/components/form/form';
import { FormField } from '@/components/form/form-field';
import { ApiRequestError } from '@/lib/api-client';
import {
  accountsCsvUrl,
  previewStatement,
  useIgnoreRow,
  useImportStatement,
  useMatchRow,
  useStatementRows,
  useUnmatchRow,
  type ImportSummary,
  type StatementPreview,
  type StatementRow,
} from '../api/statements';
import { ProblemNotice } from '@/components/form/problem-notice';
import { readyForSensitiveAction, startDownload } from '@/lib/second-factor';
import { RefundsToMake } from '../components/refunds-to-make';
import { StatementImports } from '../components/statement-imports';
import { UnpaidAfterDeadline } from '../components/unpaid-after-deadline';
import { rupeesOfPaise } from '../utils/format';
import { LoadedTable } from '../components/plain-table';
import { plural } from '@domain/plural';
import { AdminPage } from '../components/admin-page';

const STATE_LABELS: Record<StatementRowState, string> = {
  suggested: 'Suggestion waiting',
  no_match: 'No match',
  overpayment: 'Overpayment',
  already_paid: 'Already paid',
  invalid: 'Could not be read',
  matched: 'Matched',
  split: 'Split between children',
  part_payment: 'Part payment',
  ignored: 'Ignored',
};
const STATE_ORDER = Object.keys(STATE_LABELS) as StatementRowState[];

const rupees = rupeesOfPaise;

const refusal = (error: unknown) => (error instanceof ApiRequestError ? error.message : 'Something went wrong. Try again.');

/** Bank statements (ADR 024): import one, then decide the lines that did not match by themselves. */
export function PaymentsPage() {
  const [state, setState] = useState<StatementRowState | null>(null);
  return (
    <AdminPage headingId="payments-heading" title="Payments">
      <AccountsExport />
      <ImportStatement />
      <StatementImports />
      <RefundsToMake />
      <UnpaidAfterDeadline />
      <StatementLines state={state} onState={setState} />
    </AdminPage>
  );
}

/** The accounts CSV, of every day or of a span of days (in Chennai, both included); refunds are negative. */
function AccountsExport() {
  const [days, setDays] = useState({ from: '', to: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const set = (name: 'from' | 'to', value: string) => {
    setDays((current) => ({ ...current, [name]: value }));
    setProblem(null);
  };
  async function onSubmit() {
    if (days.from && days.to && days.from > days.to) return setProblem('The last day is before the first.');
    // Personal data: the second factor first when its last check is over 10 minutes old (ADR 033).
    if (await readyForSensitiveAction()) startDownload(accountsCsvUrl(days));
  }
  return (
    <Form className="admin-accounts-export" onSubmit={onSubmit} aria-labelledby="accounts-heading">
      <h2 id="accounts-heading">Accounts</h2>
      <p className="admin-muted">Every entry of the ledger, or those of the days chosen (both included, days in Chennai). Refunds are negative amounts.</p>
      <div className="admin-ledger__fields">
        <FormField label="From" layout="compact">
          {(control) => <input {...control} type="date" value={days.from} max={days.to || undefined} onChange={(e) => set('from', e.target.value)} />}
        </FormField>
        <FormField label="To" layout="compact" error={problem ?? undefined} announceError>
          {(control) => <input {...control} type="date" value={days.to} min={days.from || undefined} onChange={(e) => set('to', e.target.value)} />}
        </FormField>
        <SubmitButton className="button--small">Download the accounts (CSV)</SubmitButton>
      </div>
    </Form>
  );
}

const MAPPING_FIELDS: { name: keyof ColumnMapping; label: string; optional: boolean }[] = [
  { name: 'date', label: 'Date', optional: false },
  { name: 'narration', label: 'Narration', optional: false },
  { name: 'reference', label: 'Reference', optional: true },
  { name: 'credit', label: 'Credit (deposit)', optional: true },
  { name: 'debit', label: 'Debit (withdrawal)', optional: true },
  { name: 'amount', label: 'Amount (one column)', optional: true },
  { name: 'creditDebit', label: 'Cr/Dr column', optional: true },
  { name: 'balance', label: 'Balance', optional: true },
];

function ImportStatement() {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<StatementPreview | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [summary, setSummary] = useState<ImportSummary | null>(null);
  const importing = useImportStatement();

  async function choose(chosen: File | null) {
    setFile(chosen);
    setPreview(null);
    setSummary(null);
    setProblem(null);
    if (!chosen) return;
    try {
      const found = await previewStatement(chosen);
      setPreview(found);
      setMapping(found.mapping ? columnMappingSchema.parse(found.mapping) : null);
      if (found.format === 'csv' && !found.mapping) setProblem('No header line with a date and an amount was found. Choose the columns below.');
    } catch (error) {
      setProblem(refusal(error));
    }
  }

  async function onSubmit() {
    if (!file || !preview) return;
    setProblem(null);
    const checked = preview.format === 'csv' ? columnMappingSchema.safeParse(mapping ?? {}) : null;
    if (checked && !checked.success) return setProblem('Choose the date, narration and credit (or amount) columns.');
    try {
      setSummary(await importing.mutateAsync({ file, mapping: checked?.data ?? null }));
    } catch (error) {
      setProblem(refusal(error));
    }
  }

  const header = preview && mapping ? (preview.rows[mapping.headerRow] ?? []) : (preview?.rows[0] ?? []);
  const set = (name: keyof ColumnMapping, value: string) =>
    setMapping((current) => ({ ...(current ?? { headerRow: 0, date: 0, narration: 1, dateOrder: 'DMY', reference: null, credit: null, debit: null, amount: null, creditDebit: null, balance: null }), [name]: value === '' ? null : Number(value) }));

  return (
    <Form className="admin-statement-import" onSubmit={onSubmit} aria-labelledby="import-heading">
      <h2 id="import-heading">Import a bank statement</h2>
      <p className="admin-muted">A CSV export from the bank, or a CAMT.053 XML file. Importing the same lines again changes nothing.</p>
      <FormField label="Statement file">
        {(control) => <input {...control} type="file" accept=".csv,.txt,.xml,text/csv,application/xml" onChange={(e) => void choose(e.target.files?.[0] ?? null)} />}
      </FormField>
      {preview?.format === 'camt053' ? <p>A CAMT.053 statement: its entries are read as they are.</p> : null}
      {preview?.format === 'csv' ? (
        <>
          <p>{preview.remembered ? 'The columns are as you chose them last time for this bank.' : 'Check the columns: they were guessed from the header line.'}</p>
          <div className="admin-ledger__fields">
            <FormField label="Header line" layout="compact">
              {(control) => (
                <select {...control} value={mapping?.headerRow ?? 0} onChange={(e) => set('headerRow', e.target.value)}>
                  {preview.rows.slice(0, 30).map((row, index) => (
                    <option key={index} value={index}>
                      {index + 1}: {row.join(' | ').slice(0, 60)}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
            {MAPPING_FIELDS.map((field) => (
              <FormField key={field.name} label={field.label} layout="compact">
                {(control) => (
                  <select {...control} value={mapping?.[field.name] === null || mapping?.[field.name] === undefined ? '' : String(mapping[field.name])} onChange={(e) => set(field.name, e.target.value)}>
                    {field.optional ? <option value="">None</option> : null}
                    {header.map((cell, index) => (
                      <option key={index} value={index}>
                        {cell || `Column ${index + 1}`}
                      </option>
                    ))}
                  </select>
                )}
              </FormField>
            ))}
            <FormField label="Dates are" layout="compact">
              {(control) => (
                <select {...control} value={mapping?.dateOrder ?? 'DMY'} onChange={(e) => setMapping((current) => (current ? { ...current, dateOrder: e.target.value as ColumnMapping['dateOrder'] } : current))}>
                  <option value="DMY">Day/Month/Year</option>
                  <option value="MDY">Month/Day/Year</option>
                  <option value="YMD">Year-Month-Day</option>
                </select>
              )}
            </FormField>
          </div>
          <div className="admin-table-scroll">
            <table className="admin-table">
              <caption>The first lines below the header</caption>
              <thead>
                <tr>
                  {header.map((cell, index) => (
                    <th key={index} scope="col">
                      {cell || `Column ${index + 1}`}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {preview.rows.slice((mapping?.headerRow ?? 0) + 1, (mapping?.headerRow ?? 0) + 6).map((row, index) => (
                  <tr key={index}>
                    {row.map((cell, column) => (
                      <td key={column}>{cell}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
      <SubmitButton className="button--small" busy={importing.isPending} disabled={!preview}>
        Import
      </SubmitButton>
      <div role="status">
        {summary ? (
          <p className="form-notice form-notice--success">
            Read {summary.lines} lines: {summary.newRows} new, {summary.knownRows} already imported.{' '}
            {STATE_ORDER.filter((s) => summary.states[s]).map((s) => `${STATE_LABELS[s]}: ${summary.states[s]}`).join(' · ')}
          </p>
        ) : null}
      </div>
      <ProblemNotice problem={problem} />
    </Form>
  );
}

function StatementLines({ state, onState }: { state: StatementRowState | null; onState: (state: StatementRowState | null) => void }) {
  const query = useStatementRows(state);
  const first = query.data?.pages[0];
  const counts = first?.counts ?? {};
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <section aria-labelledby="lines-heading">
      <h2 id="lines-heading">Statement lines</h2>
      <FormField label="Show" layout="compact">
        {(control) => (
          <select {...control} value={state ?? ''} onChange={(e) => onState((e.target.value || null) as StatementRowState | null)}>
            <option value="">Every line (the {first?.waiting ?? 0} needing a person first)</option>
            {STATE_ORDER.map((s) => (
              <option key={s} value={s}>
                {STATE_LABELS[s]} ({counts[s] ?? 0})
              </option>
            ))}
          </select>
        )}
      </FormField>
      {query.isPending ? <p>Loading…</p> : null}
      <LoadedTable
        query={query}
        items={items}
        words={{ failed: 'Could not load the lines. Try again.', empty: 'No lines yet: import a statement.', caption: 'Statement lines' }}
        columns={['Date', 'Amount', 'Narration', 'State', 'Registrations', 'Actions']}
        summary={
          first ? (
            <p className="admin-muted" role="status">
              Showing {items.length.toLocaleString('en-IN')} of {plural(first.total, { one: '# line', other: '# lines' })}.
            </p>
          ) : null
        }
        row={(row) => <LineRow row={row} />}
      />
      <LoadMoreButton pages={query} label="Load more lines" />
    </section>
  );
}

function LineRow({ row }: { row: StatementRow }) {
  const match = useMatchRow();
  const unmatch = useUnmatchRow();
  const ignore = useIgnoreRow();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const busy = match.isPending || unmatch.isPending || ignore.isPending;
  const run = async (work: () => Promise<unknown>) => {
    setProblem(null);
    try {
      await work();
      setCode('');
    } catch (error) {
      setProblem(refusal(error));
    }
  };
  const inLedger = ['matched', 'split', 'part_payment', 'overpayment', 'already_paid'].includes(row.state);
  const waiting = row.state === 'suggested' || row.state === 'no_match';
  const decidable = row.direction === 'credit' && (waiting || row.state === 'ignored');
  return (
    <tr>
      <td>{row.bookedOn ?? '—'}</td>
      <td>
        {rupees(row.amountPaise)}
        {row.direction === 'debit' ? ' (debit)' : ''}
      </td>
      <td className="admin-statement__narration">
        {row.narration || row.raw}
        {row.problem ? <span className="admin-detail__reason">{row.problem}</span> : null}
      </td>
      <td>
        <span className={`admin-statement__state admin-statement__state--${row.state}`}>{STATE_LABELS[row.state]}</span>
        {row.decidedBy ? <span className="admin-muted"> by {row.decidedBy}</span> : null}
        {row.resolution ? (
          <span className="admin-detail__reason">
            {row.resolution === 'refunded' ? 'Refunded' : `Kept: ${row.resolutionNote ?? ''}`} ({row.resolvedBy})
          </span>
        ) : null}
      </td>
      <td>
        {row.registrations.map((r) => `${r.referenceCode}${r.name ? ` (${r.name})` : ''}`).join(', ')}
        {waiting && row.suggestions
          ? row.suggestions.map((s) => (
              <button key={s.registrationId} type="button" className="button button--small" disabled={busy} title={s.why} onClick={() => void run(() => match.mutateAsync({ id: row.id, referenceCodes: [s.referenceCode] }))}>
                Match {s.referenceCode}
              </button>
            ))
          : null}
      </td>
      <td>
        {decidable ? (
          <div className="admin-statement__actions">
            <label className="visually-hidden" htmlFor={`code-${row.id}`}>
              Reference code for the line of {rupees(row.amountPaise)} on {row.bookedOn}
            </label>
            <input id={`code-${row.id}`} type="text" placeholder="KTC-…" value={code} onChange={(e) => setCode(e.target.value)} />
            <button type="button" className="button button--small" disabled={busy || !code.trim()} onClick={() => void run(() => match.mutateAsync({ id: row.id, referenceCodes: code.split(/[,\s]+(?=KTC|ktc)/).map((c) => c.trim()) }))}>
              Match
            </button>
            <button type="button" className="button button--small" disabled={busy} onClick={() => void run(() => ignore.mutateAsync({ id: row.id, ignore: row.state !== 'ignored' }))}>
              {row.state === 'ignored' ? 'Back to the list' : 'Not a fee'}
            </button>
          </div>
        ) : null}
        {inLedger && !row.resolution ? (
          <button type="button" className="button button--small" disabled={busy} onClick={() => void run(() => unmatch.mutateAsync(row.id))}>
            Undo match
          </button>
        ) : null}
        {problem ? (
          <span role="alert" className="admin-error">
            {problem}
          </span>
        ) : null}
      </td>
    </tr>
  );
}
