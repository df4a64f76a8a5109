import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { SEASON } from '@domain/season';
import { codesIn, NEEDS_A_PERSON, payerAccountIn, payerWordsIn, REFUNDABLE_STATES, utrsIn, type StatementLine, type StatementRowState } from '@domain/statements';
import { inTransaction, type Database, type Queryable } from '../client';
import { isoTime } from '../../lib/sql-time';
import { PIECE_ROWS, workInSlices, type Slices } from '../../lib/people-first';
import { EXCESS_PAISE, FEE_DUE_PAISE } from './payment-store';

/**
 * Bank statements against the ledger (ADR 024). An import reads the file line by line; each line
 * is stored once, by its fingerprint; each new credit is matched in this order: a reference code
 * in its narration (however it was written), then a UTR the family reported, then suggestions
 * (the amount owed, registered within 3 days, the payer's name) for a person to confirm. What is
 * matched goes into the ledger at once, split between children of one family when the amount is
 * exactly their balances.
 */

/**
 * Lines per transaction: on PGlite a transaction holds the one connection, and every request,
 * until it ends (issue 47); 500 lines held it for seconds, so an import goes a piece at a time.
 */
const BATCH = PIECE_ROWS / 2;
const DAY_MS = 86_400_000;

type Fingerprinted = { line: StatementLine; fingerprint: string };

/** The same bank line gives the same fingerprint from a CSV export or a CAMT.053 file. */
function fingerprintsOf(lines: StatementLine[], seen: Map<string, number>): Fingerprinted[] {
  return lines.map((line) => {
    let key: string;
    if (line.kind === 'invalid') key = `invalid|${line.raw}`;
    else {
      // The bank's own reference (a UTR for UPI, the transaction number otherwise) is the line's
      // identity when there is one; else its narration and balance, which a re-export repeats.
      const reference = (line.reference ?? '').toUpperCase().replace(/[^0-9A-Z]/g, '').replace(/^0+/, '');
      const narration = line.narration.toUpperCase().replace(/[^0-9A-Z]/g, '');
      key = `${line.bookedOn}|${line.direction}|${line.amountPaise}|${reference ? `ref:${reference}` : `text:${narration}|${line.balance ?? ''}`}`;
    }
    // Two equal lines in one file (two equal transfers on a day, no reference) stay two rows.
    const occurrence = (seen.get(key) ?? 0) + 1;
    seen.set(key, occurrence);
    return { line, fingerprint: createHash('sha256').update(`${key}|${occurrence}`).digest('hex') };
  });
}

export type ImportSummary = {
  importId: string;
  lines: number;
  newRows: number;
  knownRows: number;
  states: Partial<Record<StatementRowState, number>>;
};

/** Imports a statement's lines; a line an earlier import already had is counted, never matched again. */
export async function importStatement(
  database: Database,
  input: { fileName: string; format: 'csv' | 'camt053'; importedBy: string; lines: AsyncIterable<StatementLine> },
): Promise<ImportSummary> {
  const [created] = await database.rows<{ id: string }>(sql`
    insert into statement_imports (file_name, format, imported_by) values (${input.fileName}, ${input.format}, ${input.importedBy}) returning id::text as id`);
  const importId = created!.id;
  const summary: ImportSummary = { importId, lines: 0, newRows: 0, knownRows: 0, states: {} };
  const seen = new Map<string, number>();
  const matcher = new Matcher();
  let batch: StatementLine[] = [];
  // The import is an admin's request: between its batches, other people's requests go first.
  const slices = workInSlices({ ownRequests: 1 });
  const flush = async () => {
    await slices.between();
    const lines = fingerprintsOf(batch, seen);
    batch = [];
    // Lines an earlier import had are passed over: only the new ones' weeks are loaded.
    const known = new Set(
      (await database.rows<{ fingerprint: string }>(sql`select fingerprint from statement_rows where fingerprint = any(${sql.param(lines.map((item) => item.fingerprint))}::text[])`)).map((row) => row.fingerprint),
    );
    await matcher.loadWeeks(database, lines.filter((item) => !known.has(item.fingerprint)).map((item) => item.line), slices);
    const states = await inTransaction(database, (tx) => storeAndMatch(tx, matcher, importId, input.importedBy, lines));
    summary.newRows += states.length;
    summary.knownRows += lines.length - states.length;
    for (const state of states) summary.states[state] = (summary.states[state] ?? 0) + 1;
  };
  for await (const line of input.lines) {
    summary.lines += 1;
    batch.push(line);
    if (batch.length >= BATCH) await flush();
  }
  if (batch.length > 0) await flush();
  await database.rows(sql`
    update statement_imports set lines = ${summary.lines}, new_rows = ${summary.newRows}, known_rows = ${summary.knownRows} where id = ${importId}::uuid`);
  return summary;
}

type NewRow = { id: string; line: Extract<StatementLine, { kind: 'entry' }> };

/** Stores the batch's new lines (a known fingerprint is passed over) and decides each new credit. */
async function storeAndMatch(tx: Queryable, importMatcher: Matcher, importId: string, importedBy: string, lines: Fingerprinted[]): Promise<StatementRowState[]> {
  if (lines.length === 0) return [];
  const column = <T>(pick: (item: Fingerprinted) => T) => sql.param(lines.map(pick));
  const entry = (item: Fingerprinted) => (item.line.kind === 'entry' ? item.line : null);
  const inserted = await tx.rows<{ id: string; fingerprint: string }>(sql`
    insert into statement_rows (fingerprint, import_id, booked_on, direction, amount_paise, narration, reference, raw, problem, state)
    select fingerprint, ${importId}::uuid, booked_on::date, direction, amount_paise, narration, reference, raw, problem,
      case when problem is not null then 'invalid' when direction = 'debit' then 'ignored' else 'no_match' end
    from unnest(${column((i) => i.fingerprint)}::text[], ${column((i) => entry(i)?.bookedOn ?? null)}::text[],
      ${column((i) => entry(i)?.direction ?? null)}::text[], ${column((i) => entry(i)?.amountPaise ?? null)}::int[],
      ${column((i) => entry(i)?.narration ?? '')}::text[], ${column((i) => entry(i)?.reference ?? null)}::text[],
      ${column((i) => (i.line.kind === 'invalid' ? i.line.raw : null))}::text[], ${column((i) => (i.line.kind === 'invalid' ? i.line.problem : null))}::text[])
      as input(fingerprint, booked_on, direction, amount_paise, narration, reference, raw, problem)
    on conflict (fingerprint) do nothing
    returning id::text as id, fingerprint`);
  const idOf = new Map(inserted.map((row) => [row.fingerprint, row.id]));
  const states: StatementRowState[] = [];
  const credits: NewRow[] = [];
  for (const item of lines) {
    const id = idOf.get(item.fingerprint);
    if (!id) continue;
    if (item.line.kind === 'invalid') states.push('invalid');
    else if (item.line.direction === 'debit') states.push('ignored');
    else credits.push({ id, line: item.line });
  }
  const matcher = await importMatcher.prepare(tx, credits);
  const decisions: { rowId: string; decision: Decision }[] = [];
  for (const row of credits) {
    const decision = await matcher.decide(row);
    decisions.push({ rowId: row.id, decision });
    states.push(decision.state);
  }
  await applyDecisions(tx, decisions, { by: importedBy, automatic: true });
  return states;
}

/**
 * Where a line's code or UTR may be: its narration, and its reference, which banks pad (HDFC
 * writes a UPI credit's UTR as 0000412345678901): a long number's last 12 digits are its UTR.
 */
function searchableText(line: { narration: string; reference: string | null }): string {
  const reference = line.reference ?? '';
  return `${line.narration} ${reference} ${/^\d{13,}$/.test(reference) ? reference.slice(-12) : ''}`;
}

/** The ledger payment a credit makes: its amount, how it came (UPI when it says so or carries a UTR), its reference and day. */
function paymentOf(line: { narration: string; reference: string | null; amountPaise: number; bookedOn: string }) {
  const text = searchableText(line);
  const utrs = utrsIn(text);
  return {
    amountPaise: line.amountPaise,
    method: /\bUPI\b/i.test(text) || utrs.length > 0 ? ('upi' as const) : ('bank' as const),
    reference: utrs[0] ?? line.reference,
    // Noon in Chennai on the day the bank booked it.
    occurredAt: `${line.bookedOn}T12:00:00+05:30`,
  };
}

type Candidate = {
  id: string;
  code: string;
  email: string;
  phone: string;
  words: string[];
  createdOn: string;
  due: number;
  settled: number;
};

type Decision = {
  state: StatementRowState;
  /** The ledger entries to write: which registration, how much. */
  entries: { registrationId: string; amountPaise: number }[];
  suggestions: { registrationId: string; referenceCode: string; why: string }[] | null;
  method: 'upi' | 'bank';
  reference: string | null;
  occurredAt: string;
  amountPaise: number;
};

const CANDIDATE_COLUMNS = sql`r.id::text as id, r.reference_code as code, lower(r.email) as email, r.phone,
  lower(concat_ws(' ', r.name, r.institute_name, (select c.guardian_name from consent_records c where c.registration_id = r.id order by c.consented_at desc limit 1), split_part(r.email, '@', 1))) as words,
  to_char(r.created_at at time zone ${SEASON.timeZone}, 'YYYY-MM-DD') as "createdOn",
  ${FEE_DUE_PAISE} as due,
  (select coalesce(sum(case l.kind when 'refund' then -l.amount_paise else l.amount_paise end), 0)::int
     from ledger_entries l where l.registration_id = r.id and l.voided_at is null) as settled`;

type CandidateRow = Omit<Candidate, 'words'> & { words: string };

const toCandidate = (row: CandidateRow): Candidate => ({ ...row, due: Number(row.due), settled: Number(row.settled), words: row.words.split(/[^a-z]+/).filter((w) => w.length >= 3) });

/**
 * What an import's credits may match, loaded a batch at a time and kept for the whole import:
 * balances move as credits are decided, so a second payment in the same file sees the first.
 */
class Matcher {
  private tx!: Queryable;
  private readonly byCode = new Map<string, Candidate[]>();
  private readonly byUtr = new Map<string, string[]>();
  private readonly byId = new Map<string, Candidate>();

  /** Ready for a batch, in its transaction: the registrations its codes name and the UTRs families reported. */
  async prepare(tx: Queryable, rows: NewRow[]): Promise<this> {
    this.tx = tx;
    const texts = rows.map((row) => searchableText(row.line));
    const codes = [...new Set(texts.flatMap(codesIn))].filter((code) => !this.byCode.has(code));
    const utrs = [...new Set(texts.flatMap(utrsIn))].filter((utr) => !this.byUtr.has(utr));
    if (codes.length > 0) {
      for (const code of codes) this.byCode.set(code, []);
      const found = await tx.rows<CandidateRow>(sql`
        select ${CANDIDATE_COLUMNS} from registrations r where r.deleted_at is null and r.reference_code = any(${sql.param(codes)}::text[])`);
      for (const row of found.map(toCandidate)) {
        const candidate = this.byId.get(row.id) ?? row;
        this.byId.set(row.id, candidate);
        this.byCode.get(row.code)!.push(candidate);
      }
    }
    if (utrs.length > 0) {
      for (const utr of utrs) this.byUtr.set(utr, []);
      const reports = await tx.rows<{ utr: string; id: string }>(sql`
        select distinct p.utr, r.id::text as id from payment_reports p join registrations r on r.id = p.registration_id
        where r.deleted_at is null and p.utr = any(${sql.param(utrs)}::text[])`);
      for (const report of reports) this.byUtr.get(report.utr)!.push(report.id);
    }
    return this;
  }

  /** The registrations with these ids (not deleted), with their balances as this batch leaves them. */
  async candidates(ids: string[]): Promise<Candidate[]> {
    const missing = ids.filter((id) => !this.byId.has(id));
    if (missing.length > 0) {
      const found = await this.tx.rows<CandidateRow>(sql`
        select ${CANDIDATE_COLUMNS} from registrations r where r.deleted_at is null and r.id = any(${sql.param(missing)}::uuid[])`);
      for (const row of found.map(toCandidate)) this.byId.set(row.id, row);
    }
    return ids.map((id) => this.byId.get(id)).filter((c): c is Candidate => c !== undefined);
  }

  async decide(row: NewRow): Promise<Decision> {
    const { line } = row;
    const text = searchableText(line);
    const utrs = utrsIn(text);
    const base = paymentOf(line);
    const byCode = codesIn(text).flatMap((code) => this.byCode.get(code) ?? []);
    const byUtr = byCode.length > 0 ? [] : await this.candidates([...new Set(utrs.flatMap((utr) => this.byUtr.get(utr) ?? []))]);
    const found = byCode.length > 0 ? byCode : byUtr;
    if (found.length === 1) return this.settle(base, found[0]!);
    if (found.length > 1) {
      // One transfer for several children (pretix #1365): split when it is exactly what they owe.
      const split = this.splitAcross(found, line.amountPaise);
      if (split) return this.record(base, 'split', split);
      return { ...base, state: 'suggested', entries: [], suggestions: found.map((c) => ({ registrationId: c.id, referenceCode: c.code, why: 'named in the narration' })) };
    }
    return { ...base, ...(await this.suggest(line)) };
  }

  private balanceOf(candidate: Candidate): number {
    return candidate.due - candidate.settled;
  }

  splitAcross(candidates: Candidate[], amountPaise: number): { registrationId: string; amountPaise: number }[] | null {
    const owing = candidates.filter((c) => this.balanceOf(c) > 0);
    const total = owing.reduce((sum, c) => sum + this.balanceOf(c), 0);
    if (owing.length < 2 || total !== amountPaise) return null;
    return owing.map((c) => ({ registrationId: c.id, amountPaise: this.balanceOf(c) }));
  }

  async settle(base: Omit<Decision, 'state' | 'entries' | 'suggestions'>, candidate: Candidate): Promise<Decision> {
    const balance = this.balanceOf(candidate);
    const amount = base.amountPaise;
    if (balance <= 0) return this.record(base, 'already_paid', [{ registrationId: candidate.id, amountPaise: amount }]);
    if (amount === balance) return this.record(base, 'matched', [{ registrationId: candidate.id, amountPaise: amount }]);
    if (amount < balance) return this.record(base, 'part_payment', [{ registrationId: candidate.id, amountPaise: amount }]);
    // More than this child owes: a brother or sister of the same family may make it exact.
    const family = await this.tx.rows<CandidateRow>(sql`
      select ${CANDIDATE_COLUMNS} from registrations r
      where r.deleted_at is null and r.cancelled_at is null and r.id <> ${candidate.id}::uuid
        and (lower(r.email) = ${candidate.email} or r.phone = ${candidate.phone})
      limit 20`);
    const members = family.map(toCandidate).map((member) => this.byId.get(member.id) ?? (this.byId.set(member.id, member), member));
    const split = this.splitAcross([candidate, ...members], amount);
    if (split) return this.record(base, 'split', split);
    return this.record(base, 'overpayment', [{ registrationId: candidate.id, amountPaise: amount }]);
  }

  private record(base: Omit<Decision, 'state' | 'entries' | 'suggestions'>, state: StatementRowState, entries: Decision['entries']): Decision {
    for (const entry of entries) {
      const candidate = this.byId.get(entry.registrationId);
      if (candidate) candidate.settled += entry.amountPaise;
    }
    return { ...base, state, entries, suggestions: null };
  }

  /** The registrations of the week around a day (the 2,000 nearest it), loaded once per import. */
  private readonly weeks = new Map<string, Candidate[]>();

  /**
   * Loads the weeks that a batch's credits with neither a code nor a UTR will be weighed against,
   * before the batch's transaction and a piece at a time, with the import's slices between (issue 47):
   * inside the transaction such a week is up to 2,000 registrations read while PGlite serves no one else.
   */
  async loadWeeks(db: Queryable, lines: readonly StatementLine[], slices: Slices): Promise<void> {
    const days = new Set<string>();
    for (const line of lines) {
      if (line.kind !== 'entry' || line.direction !== 'credit') continue;
      const text = searchableText(line);
      if (codesIn(text).length === 0 && utrsIn(text).length === 0) days.add(line.bookedOn);
    }
    for (const day of days) await this.weekAround(db, day, slices);
  }

  private async weekAround(db: Queryable, day: string, slices?: Slices): Promise<Candidate[]> {
    const known = this.weeks.get(day);
    if (known) return known;
    const noon = Date.parse(`${day}T12:00:00+05:30`);
    const from = new Date(noon - 3.5 * DAY_MS).toISOString();
    const to = new Date(noon + 3.5 * DAY_MS).toISOString();
    // At most the 2,000 nearest the day are weighed: a suggestion is a help for a person, and a
    // busy week must not make every import slow.
    // Their ids nearest first, then what is known of them, PIECE_ROWS per statement.
    const nearest = await db.rows<{ id: string }>(sql`
      select r.id::text as id from registrations r
      where r.deleted_at is null and r.cancelled_at is null and r.type = 'participant'
        and r.created_at >= ${from}::timestamptz and r.created_at < ${to}::timestamptz
      order by abs(extract(epoch from r.created_at - ${new Date(noon).toISOString()}::timestamptz))
      limit 2000`);
    const byId = new Map<string, CandidateRow>();
    for (let start = 0; start < nearest.length; start += PIECE_ROWS) {
      const ids = nearest.slice(start, start + PIECE_ROWS).map((row) => row.id);
      for (const row of await db.rows<CandidateRow>(sql`
        select ${CANDIDATE_COLUMNS} from registrations r where r.deleted_at is null and r.cancelled_at is null and r.id = any(${sql.param(ids)}::uuid[])`)) {
        byId.set(row.id, row);
      }
      await slices?.between();
    }
    const rows = nearest.map((row) => byId.get(row.id)).filter((row): row is CandidateRow => row !== undefined);
    // Shared with the rest of the batch, so a payment matched meanwhile changes what they owe here too.
    const week = rows.map(toCandidate).map((c) => this.byId.get(c.id) ?? (this.byId.set(c.id, c), c));
    this.weeks.set(day, week);
    return week;
  }

  /** No code and no UTR: registrations that owe exactly this, registered within 3 days, best named first. */
  private async suggest(line: NewRow['line']): Promise<Pick<Decision, 'state' | 'entries' | 'suggestions'>> {
    const owing = (await this.weekAround(this.tx, line.bookedOn)).filter((c) => this.balanceOf(c) === line.amountPaise);
    const payer = new Set(payerWordsIn(line.narration));
    const scored = owing.map((c) => ({ c, score: c.words.filter((word) => payer.has(word)).length })).sort((a, b) => b.score - a.score);
    const chosen = scored.length <= 3 ? scored : scored.filter((s) => s.score > 0).slice(0, 3);
    if (chosen.length === 0) return { state: 'no_match', entries: [], suggestions: null };
    return {
      state: 'suggested',
      entries: [],
      suggestions: chosen.map(({ c, score }) => ({
        registrationId: c.id,
        referenceCode: c.code,
        why: score > 0 ? 'owes this amount, registered that week, and the payer’s name matches' : 'owes this amount and registered that week',
      })),
    };
  }
}

/**
 * Writes decisions: each row's state, registrations and suggestions, and the ledger entries they
 * make (each payment numbered), in two statements however many rows: an import's batch costs what
 * one row would.
 */
async function applyDecisions(tx: Queryable, decisions: { rowId: string; decision: Decision }[], who: { by: string; automatic: boolean }): Promise<void> {
  if (decisions.length === 0) return;
  const each = <T>(pick: (d: { rowId: string; decision: Decision }) => T) => sql.param(decisions.map(pick));
  await tx.rows(sql`
    update statement_rows s set state = d.state, registration_ids = string_to_array(d.registrations, ',')::uuid[], suggestions = d.suggestions::jsonb,
      decided_by = ${who.automatic ? null : who.by}, decided_at = ${who.automatic ? null : new Date().toISOString()}::timestamptz
    from unnest(${each((d) => d.rowId)}::uuid[], ${each((d) => d.decision.state)}::text[],
      ${each((d) => d.decision.entries.map((e) => e.registrationId).join(','))}::text[],
      ${each((d) => (d.decision.suggestions ? JSON.stringify(d.decision.suggestions) : null))}::text[])
      as d(id, state, registrations, suggestions)
    where s.id = d.id`);
  const entries = decisions.flatMap(({ rowId, decision }) => decision.entries.map((entry) => ({ rowId, decision, entry })));
  if (entries.length === 0) return;
  const column = <T>(pick: (e: (typeof entries)[number]) => T) => sql.param(entries.map(pick));
  await tx.rows(sql`
    insert into ledger_entries (id, registration_id, kind, method, amount_paise, reference, source, source_ref, recorded_by, occurred_at, receipt_number)
    select gen_random_uuid(), registration_id, 'payment', method, amount_paise, reference, 'statement', source_ref, ${who.by}, occurred_at::timestamptz,
      nextval('ledger_receipt_numbers')
    from unnest(${column((e) => e.entry.registrationId)}::uuid[], ${column((e) => e.entry.amountPaise)}::int[], ${column((e) => e.decision.method)}::text[],
      ${column((e) => e.decision.reference)}::text[], ${column((e) => e.rowId)}::text[], ${column((e) => e.decision.occurredAt)}::text[])
      with ordinality as input(registration_id, amount_paise, method, reference, source_ref, occurred_at, n)
    order by n`);
}

export type StatementRow = {
  id: string;
  bookedOn: string | null;
  direction: 'credit' | 'debit' | null;
  amountPaise: number | null;
  narration: string;
  reference: string | null;
  raw: string | null;
  problem: string | null;
  state: StatementRowState;
  registrations: { id: string; referenceCode: string; name: string | null }[];
  suggestions: { registrationId: string; referenceCode: string; why: string }[] | null;
  decidedBy: string | null;
  decidedAt: string | null;
  /** An overpaid or double-paid line a person settled: refunded (with the refund's entry) or kept (with why). */
  resolution: 'refunded' | 'kept' | null;
  resolutionNote: string | null;
  refundEntryId: string | null;
  resolvedBy: string | null;
  resolvedAt: string | null;
};

const ROW_COLUMNS = sql`s.id::text as id, to_char(s.booked_on, 'YYYY-MM-DD') as "bookedOn", s.direction, s.amount_paise as "amountPaise",
  s.narration, s.reference, s.raw, s.problem, s.state, s.suggestions, s.decided_by as "decidedBy",
  case when s.decided_at is null then null else ${isoTime(sql`s.decided_at`)} end as "decidedAt",
  s.resolution, s.resolution_note as "resolutionNote", s.refund_entry_id::text as "refundEntryId", s.resolved_by as "resolvedBy",
  case when s.resolved_at is null then null else ${isoTime(sql`s.resolved_at`)} end as "resolvedAt",
  coalesce((select json_agg(json_build_object('id', r.id, 'referenceCode', r.reference_code, 'name', coalesce(r.name, r.institute_name)) order by r.reference_code)
    from registrations r where r.id = any(s.registration_ids)), '[]'::json) as registrations`;

/** A row a person must look at: waiting, unreadable, or overpaid or paid twice and not resolved yet. */
const WAITS_FOR_A_PERSON = sql`(s.state = any(${sql.param([...NEEDS_A_PERSON])}::text[]) and s.resolved_at is null)`;

/** The statement rows, the ones a person must look at first, then the newest. */
export async function listStatementRows(database: Database, query: { state?: StatementRowState | undefined; limit: number; offset: number }): Promise<{ items: StatementRow[]; total: number }> {
  const where = query.state ? sql`s.state = ${query.state}` : sql`true`;
  const items = await database.rows<StatementRow>(sql`
    select ${ROW_COLUMNS} from statement_rows s where ${where}
    order by case when ${WAITS_FOR_A_PERSON} then 0 else 1 end, s.booked_on desc nulls first, s.created_at, s.id
    limit ${query.limit} offset ${query.offset}`);
  const [count] = await database.rows<{ n: number }>(sql`select count(*)::int as n from statement_rows s where ${where}`);
  return { items: items.map((row) => ({ ...row, amountPaise: row.amountPaise === null ? null : Number(row.amountPaise) })), total: Number(count?.n ?? 0) };
}

/** How many rows are in each state, and how many wait for a person (resolved lines do not). */
export async function statementStateCounts(database: Database): Promise<{ counts: Partial<Record<StatementRowState, number>>; waiting: number }> {
  const rows = await database.rows<{ state: StatementRowState; n: number; waiting: number }>(sql`
    select s.state, count(*)::int as n, (count(*) filter (where ${WAITS_FOR_A_PERSON}))::int as waiting from statement_rows s group by s.state`);
  return { counts: Object.fromEntries(rows.map((row) => [row.state, Number(row.n)])), waiting: rows.reduce((sum, row) => sum + Number(row.waiting), 0) };
}

export type ManualOutcome = { status: 'done'; row: StatementRow } | { status: 'not_found' } | { status: 'refused'; message: string };

async function lockedRow(tx: Queryable, id: string) {
  const [row] = await tx.rows<{
    state: StatementRowState;
    direction: 'credit' | 'debit' | null;
    amountPaise: number | null;
    bookedOn: string | null;
    narration: string;
    reference: string | null;
    suggestions: Decision['suggestions'];
    registrationIds: string[];
    resolvedAt: string | null;
  }>(sql`
    select state, direction, amount_paise as "amountPaise", to_char(booked_on, 'YYYY-MM-DD') as "bookedOn", narration, reference, suggestions,
      registration_ids::text[] as "registrationIds", resolved_at::text as "resolvedAt"
    from statement_rows where id = ${id}::uuid for update`);
  return row ?? null;
}

async function rowById(tx: Queryable, id: string): Promise<StatementRow> {
  const [row] = await tx.rows<StatementRow>(sql`select ${ROW_COLUMNS} from statement_rows s where s.id = ${id}::uuid`);
  return { ...row!, amountPaise: row!.amountPaise === null ? null : Number(row!.amountPaise) };
}

/**
 * A person's match: the row's money goes to these registrations (one, or several of a family when
 * it is exactly their balances). Only a row not yet in the ledger can be matched; undo first.
 */
export async function matchStatementRow(database: Database, change: { id: string; registrationIds: string[]; by: string }): Promise<ManualOutcome> {
  return inTransaction(database, async (tx) => {
    const row = await lockedRow(tx, change.id);
    if (!row) return { status: 'not_found' };
    if (!['suggested', 'no_match', 'ignored'].includes(row.state) || row.direction !== 'credit' || row.amountPaise === null || !row.bookedOn) {
      return { status: 'refused', message: 'Only a credit that is not in the ledger yet can be matched. Undo its match first.' };
    }
    const matcher = await new Matcher().prepare(tx, []);
    const candidates = await matcher.candidates([...new Set(change.registrationIds.map((id) => id.toLowerCase()))]);
    if (candidates.length !== new Set(change.registrationIds.map((id) => id.toLowerCase())).size) return { status: 'refused', message: 'A registration to match is not there (deleted?).' };
    const base = paymentOf({ narration: row.narration, reference: row.reference, amountPaise: Number(row.amountPaise), bookedOn: row.bookedOn });
    let decision: Decision;
    if (candidates.length === 1) decision = await matcher.settle(base, candidates[0]!);
    else {
      const split = matcher.splitAcross(candidates, base.amountPaise);
      if (!split) return { status: 'refused', message: 'The amount is not exactly what these registrations owe together: match it to one of them.' };
      decision = { ...base, state: 'split', entries: split, suggestions: null };
    }
    await applyDecisions(tx, [{ rowId: change.id, decision: { ...decision, suggestions: row.suggestions } }], { by: change.by, automatic: false });
    return { status: 'done', row: await rowById(tx, change.id) };
  });
}

/** Undoes a match: the row's ledger entries are voided (they stay, marked), and it waits for a person again. */
export async function unmatchStatementRow(database: Database, change: { id: string; by: string; now: Date }): Promise<ManualOutcome> {
  return inTransaction(database, async (tx) => {
    const row = await lockedRow(tx, change.id);
    if (!row) return { status: 'not_found' };
    if (!['matched', 'split', 'part_payment', 'overpayment', 'already_paid'].includes(row.state)) return { status: 'refused', message: 'This row has no match to undo.' };
    if (row.resolvedAt) return { status: 'refused', message: 'This line was resolved (refunded or kept): its match stays.' };
    await tx.rows(sql`
      update ledger_entries set voided_at = ${change.now.toISOString()}::timestamptz, voided_by = ${change.by}, void_reason = 'Statement match undone'
      where source = 'statement' and source_ref = ${change.id} and voided_at is null`);
    await tx.rows(sql`
      update statement_rows set state = ${row.suggestions ? 'suggested' : 'no_match'}, registration_ids = '{}'::uuid[],
        decided_by = ${change.by}, decided_at = ${change.now.toISOString()}::timestamptz
      where id = ${change.id}::uuid`);
    return { status: 'done', row: await rowById(tx, change.id) };
  });
}

/** Sets a credit aside (not a fee: a donation, a sponsor), or back to wait for a person. */
export async function ignoreStatementRow(database: Database, change: { id: string; by: string; ignore: boolean; now: Date }): Promise<ManualOutcome> {
  return inTransaction(database, async (tx) => {
    const row = await lockedRow(tx, change.id);
    if (!row) return { status: 'not_found' };
    const allowed = change.ignore ? ['suggested', 'no_match'] : ['ignored'];
    if (!allowed.includes(row.state) || row.direction !== 'credit') return { status: 'refused', message: change.ignore ? 'Only a row waiting for a person can be set aside.' : 'This row is not set aside.' };
    await tx.rows(sql`
      update statement_rows set state = ${change.ignore ? 'ignored' : row.suggestions ? 'suggested' : 'no_match'}, decided_by = ${change.by}, decided_at = ${change.now.toISOString()}::timestamptz
      where id = ${change.id}::uuid`);
    return { status: 'done', row: await rowById(tx, change.id) };
  });
}

export type RowResolution =
  | { resolution: 'kept'; note: string }
  | { resolution: 'refunded'; refundEntryId: string }
  | { resolution: 'refunded'; refund: { id: string; amountPaise: number; method: 'upi' | 'bank'; reference: string | null; occurredAt: string } };

/**
 * Settles an overpaid or double-paid line (issue 49): refunded, linked to the refund's ledger
 * entry (one already on the registration, or recorded now, with the line as its source), or kept
 * with why. A resolved line no longer waits for a person and leaves the refunds to make.
 */
export async function resolveStatementRow(database: Database, change: { id: string; by: string; now: Date; resolution: RowResolution }): Promise<ManualOutcome> {
  return inTransaction(database, async (tx) => {
    const row = await lockedRow(tx, change.id);
    if (!row) return { status: 'not_found' };
    if (!REFUNDABLE_STATES.includes(row.state)) return { status: 'refused', message: 'Only an overpaid or double-paid line can be resolved.' };
    if (row.resolvedAt) return { status: 'refused', message: 'This line is already resolved.' };
    const at = change.now.toISOString();
    const resolution = change.resolution;
    let refundEntryId: string | null = null;
    if (resolution.resolution === 'refunded') {
      const registrationId = row.registrationIds[0];
      if (!registrationId) return { status: 'refused', message: 'The registration this line paid was erased: resolve it as kept, saying how the money went back.' };
      if ('refundEntryId' in resolution) {
        const [entry] = await tx.rows<{ id: string }>(sql`
          select l.id::text as id from ledger_entries l
          where l.id = ${resolution.refundEntryId}::uuid and l.registration_id = ${registrationId}::uuid and l.kind = 'refund' and l.voided_at is null
            and not exists (select 1 from statement_rows o where o.refund_entry_id = l.id)`);
        if (!entry) return { status: 'refused', message: 'That is not a live refund of this registration, or it already settles another line.' };
        refundEntryId = entry.id;
      } else {
        const refund = resolution.refund;
        if (refund.amountPaise > Number(row.amountPaise)) return { status: 'refused', message: 'A refund cannot be more than the line’s amount.' };
        const why = row.state === 'already_paid' ? 'paid twice' : 'paid more than was owed';
        const inserted = await tx.rows<{ id: string }>(sql`
          insert into ledger_entries (id, registration_id, kind, method, amount_paise, reference, reason, source, source_ref, recorded_by, occurred_at)
          values (${refund.id}::uuid, ${registrationId}::uuid, 'refund', ${refund.method}, ${refund.amountPaise}, ${refund.reference},
            ${`Refund of the bank credit of ${row.bookedOn ?? 'an unknown day'} (${why})`}, 'admin', ${change.id}, ${change.by}, ${refund.occurredAt}::timestamptz)
          on conflict (id) do nothing
          returning id::text as id`);
        if (inserted.length === 0) return { status: 'refused', message: 'This refund was recorded already: load the page again.' };
        refundEntryId = inserted[0]!.id;
      }
    }
    await tx.rows(sql`
      update statement_rows set resolution = ${resolution.resolution}, resolution_note = ${resolution.resolution === 'kept' ? resolution.note : null},
        refund_entry_id = ${refundEntryId}::uuid, resolved_by = ${change.by}, resolved_at = ${at}::timestamptz
      where id = ${change.id}::uuid`);
    return { status: 'done', row: await rowById(tx, change.id) };
  });
}

export type RefundToMake = {
  id: string;
  bookedOn: string;
  state: StatementRowState;
  /** The payer's details as the statement gave them. */
  narration: string;
  reference: string | null;
  payerAccount: string | null;
  amountPaise: number;
  /** What the registration holds beyond what it owes, at most the line's amount: what to send back. */
  toRefundPaise: number;
  registrationId: string | null;
  referenceCode: string | null;
  name: string | null;
};

/** The overpaid and double-paid credits nobody resolved yet, oldest first: the refunds to make. */
export async function refundsToMake(database: Database): Promise<RefundToMake[]> {
  const rows = await database.rows<Omit<RefundToMake, 'payerAccount'>>(sql`
    select s.id::text as id, to_char(s.booked_on, 'YYYY-MM-DD') as "bookedOn", s.state, s.narration, s.reference, s.amount_paise as "amountPaise",
      r.id::text as "registrationId", r.reference_code as "referenceCode", coalesce(r.name, r.institute_name) as name,
      greatest(0, least(s.amount_paise, coalesce((select ${EXCESS_PAISE} from registrations r where r.id = s.registration_ids[1]), s.amount_paise)))::int as "toRefundPaise"
    from statement_rows s left join registrations r on r.id = s.registration_ids[1]
    where s.state = any(${sql.param([...REFUNDABLE_STATES])}::text[]) and s.resolved_at is null and s.direction = 'credit'
    order by s.booked_on, s.created_at, s.id`);
  return rows.map((row) => ({ ...row, amountPaise: Number(row.amountPaise), toRefundPaise: Number(row.toRefundPaise), payerAccount: payerAccountIn(row.narration) }));
}

/** The states in which a row's money went into the ledger. */
const IN_LEDGER = sql.param(['matched', 'split', 'part_payment', 'overpayment', 'already_paid']);

export type StatementImport = {
  id: string;
  fileName: string;
  format: 'csv' | 'camt053';
  importedBy: string;
  importedAt: string;
  lines: number;
  newRows: number;
  knownRows: number;
  /** Its lines whose money is in the ledger now. */
  matched: number;
  /** Of those, the ones a person matched or resolved: while there are any, the import cannot be undone. */
  byHand: number;
  undoneAt: string | null;
  undoneBy: string | null;
};

/** The imports, newest first: which file, who, when, how many lines and how many matched. */
export async function listStatementImports(database: Database, limit = 50): Promise<StatementImport[]> {
  const rows = await database.rows<StatementImport>(sql`
    select i.id::text as id, i.file_name as "fileName", i.format, i.imported_by as "importedBy", ${isoTime(sql`i.created_at`)} as "importedAt",
      i.lines, i.new_rows as "newRows", i.known_rows as "knownRows",
      (select count(*) from statement_rows s where s.import_id = i.id and s.state = any(${IN_LEDGER}::text[]))::int as matched,
      (select count(*) from statement_rows s where s.import_id = i.id and s.state = any(${IN_LEDGER}::text[])
        and (s.decided_by is not null or s.resolved_at is not null))::int as "byHand",
      case when i.undone_at is null then null else ${isoTime(sql`i.undone_at`)} end as "undoneAt", i.undone_by as "undoneBy"
    from statement_imports i
    order by i.created_at desc, i.id desc
    limit ${limit}`);
  return rows.map((row) => ({ ...row, lines: Number(row.lines), newRows: Number(row.newRows), knownRows: Number(row.knownRows), matched: Number(row.matched), byHand: Number(row.byHand) }));
}

export type UndoImportOutcome =
  | { status: 'done'; rows: number; entriesVoided: number; familiesTold: number }
  | { status: 'not_found' }
  | { status: 'refused'; message: string };

/**
 * Undoes a whole import (issue 49), as "Undo match" does one row: the ledger entries its lines made
 * are voided (a receipt still waiting is skipped), the families whose receipt already went out are
 * told in their language, and its lines are removed, so the file can be imported again. Refused
 * while any of its matches was confirmed by hand (matched or resolved by a person).
 */
export async function undoStatementImport(database: Database, change: { id: string; by: string; now: Date }): Promise<UndoImportOutcome> {
  return inTransaction(database, async (tx) => {
    const [found] = await tx.rows<{ undone: boolean }>(sql`
      select undone_at is not null as undone from statement_imports where id = ${change.id}::uuid for update`);
    if (!found) return { status: 'not_found' };
    if (found.undone) return { status: 'refused', message: 'This import was undone already.' };
    const [hand] = await tx.rows<{ n: number }>(sql`
      select count(*)::int as n from (
        select 1 from statement_rows s where s.import_id = ${change.id}::uuid and s.state = any(${IN_LEDGER}::text[])
          and (s.decided_by is not null or s.resolved_at is not null)
        for update) locked`);
    const byHand = Number(hand?.n ?? 0);
    if (byHand > 0) {
      return {
        status: 'refused',
        message: `This import cannot be undone: ${byHand === 1 ? '1 of its matches was' : `${byHand} of its matches were`} confirmed by hand. Undo ${byHand === 1 ? 'that match' : 'those matches'} line by line instead.`,
      };
    }
    const at = change.now.toISOString();
    const voided = await tx.rows<{ id: string }>(sql`
      update ledger_entries set voided_at = ${at}::timestamptz, voided_by = ${change.by}, void_reason = 'Statement import undone'
      where source = 'statement' and voided_at is null
        and source_ref = any(array(select s.id::text from statement_rows s where s.import_id = ${change.id}::uuid))
      returning id::text as id`);
    // A receipt that went out (or is going) is withdrawn by email; one still waiting is skipped when its turn comes.
    const told = voided.length === 0 ? [] : await tx.rows<{ id: string }>(sql`
      insert into mail_outbox (registration_id, template, reason, ledger_entry_id)
      select m.registration_id, 'payment-withdrawn', 'import-undone', m.ledger_entry_id from mail_outbox m
      where m.template = 'receipt' and m.status in ('sent', 'sending') and m.registration_id is not null
        and m.ledger_entry_id = any(${sql.param(voided.map((entry) => entry.id))}::uuid[])
      on conflict do nothing
      returning id::text as id`);
    const removed = await tx.rows<{ id: string }>(sql`delete from statement_rows where import_id = ${change.id}::uuid returning id::text as id`);
    await tx.rows(sql`update statement_imports set undone_at = ${at}::timestamptz, undone_by = ${change.by} where id = ${change.id}::uuid`);
    return { status: 'done', rows: removed.length, entriesVoided: voided.length, familiesTold: told.length };
  });
}

/** A bank's remembered column mapping, by its header's signature. */
export async function profileFor(database: Database, signature: string): Promise<unknown> {
  const [row] = await database.rows<{ mapping: unknown }>(sql`select mapping from statement_profiles where signature = ${signature}`);
  return row?.mapping ?? null;
}

export async function rememberProfile(database: Database, profile: { signature: string; mapping: unknown; by: string }): Promise<void> {
  await database.rows(sql`
    insert into statement_profiles (signature, mapping, updated_by) values (${profile.signature}, ${JSON.stringify(profile.mapping)}::jsonb, ${profile.by})
    on conflict (signature) do update set mapping = excluded.mapping, updated_by = excluded.updated_by, updated_at = now()`);
}
