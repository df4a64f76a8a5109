import { sql } from 'drizzle-orm';
import { BABY_AGE_BANDS } from '@domain/age-bands';
import type { PaymentStatus } from '@domain/fees';
import { levelPrice, SEASON } from '@domain/season';
import { inTransaction, type Database } from '../client';
import { isoTime } from '../../lib/sql-time';

/**
 * A registration's money (ADR 024), as SQL over `registrations r`: what it owes, from the season
 * module's prices (domain/fees.ts: per contest entered, the baby contests in person, nothing for
 * an institute), and its status from the live entries of the ledger.
 */
const BABY_CATEGORIES = Object.keys(BABY_AGE_BANDS);

export const FEE_DUE_PAISE = sql`case when r.type = 'participant' then (
    select coalesce(sum(case when c = any(${sql.param(BABY_CATEGORIES)}::text[]) then ${levelPrice('level1', 'in-person') * 100}::int
      else ${levelPrice('level1', 'online') * 100}::int end), 0)::int
    from unnest(r.categories) c)
  else 0 end`;

/** The ledger's live sums for `r`: paid, refunded and waived, in paise. */
const LEDGER_SUMS = sql`select
    coalesce(sum(l.amount_paise) filter (where l.kind = 'payment'), 0)::int as paid,
    coalesce(sum(l.amount_paise) filter (where l.kind = 'refund'), 0)::int as refunded,
    coalesce(sum(l.amount_paise) filter (where l.kind = 'waiver'), 0)::int as waived
  from ledger_entries l where l.registration_id = r.id and l.voided_at is null`;

/** `domain/fees.ts`'s PaymentStatus of `r`. */
export const PAYMENT_STATUS = sql`(select case
    when d.due = 0 then 'nothing_due'
    when m.refunded > 0 and m.paid - m.refunded <= 0 then 'refunded'
    when m.paid - m.refunded + m.waived = 0 then
      case when exists (select 1 from payment_reports p where p.registration_id = r.id) then 'reported' else 'unpaid' end
    when m.paid - m.refunded + m.waived < d.due then 'part_paid'
    when m.paid - m.refunded + m.waived = d.due then case when m.paid - m.refunded = 0 then 'waived' else 'paid' end
    else 'overpaid' end
  from (select ${FEE_DUE_PAISE} as due) d, (${LEDGER_SUMS}) m)`;

/** How much more than it owes `r` has paid (paid less refunded, plus waived, less what is due), in paise; negative while it owes. */
export const EXCESS_PAISE = sql`(select m.paid - m.refunded + m.waived - d.due from (select ${FEE_DUE_PAISE} as due) d, (${LEDGER_SUMS}) m)`;

const ENTRY_COLUMNS = sql`l.id::text as id, l.kind, l.method, l.amount_paise as "amountPaise", l.reference, l.reason, l.source,
  l.recorded_by as "recordedBy", ${isoTime(sql`l.occurred_at`)} as "occurredAt", l.receipt_number as "receiptNumber",
  case when l.voided_at is null then null else ${isoTime(sql`l.voided_at`)} end as "voidedAt", l.voided_by as "voidedBy", l.void_reason as "voidReason"`;

export type LedgerEntry = {
  id: string;
  kind: 'payment' | 'waiver' | 'refund';
  method: 'cash' | 'upi' | 'bank' | null;
  amountPaise: number;
  reference: string | null;
  reason: string | null;
  source: 'venue' | 'statement' | 'admin';
  recordedBy: string;
  occurredAt: string;
  receiptNumber: number | null;
  voidedAt: string | null;
  voidedBy: string | null;
  voidReason: string | null;
};

export type PaymentSummary = {
  status: PaymentStatus;
  duePaise: number;
  /** Paid less refunded, from live entries. */
  paidPaise: number;
  waivedPaise: number;
  entries: LedgerEntry[];
  reports: { id: string; utr: string; reportedAt: string }[];
};

/** A registration's money: its status, sums and every ledger entry (voided ones too), oldest first. */
export async function paymentSummary(database: Database, registrationId: string): Promise<PaymentSummary | null> {
  // Asked at once: a family's page waits for the database's turn once, not three times.
  const [[row], entries, reports] = await Promise.all([
    database.rows<{ status: PaymentStatus; due: number }>(sql`
      select ${PAYMENT_STATUS} as status, ${FEE_DUE_PAISE} as due from registrations r where r.id = ${registrationId}::uuid`),
    database.rows<LedgerEntry>(sql`
      select ${ENTRY_COLUMNS} from ledger_entries l where l.registration_id = ${registrationId}::uuid order by l.occurred_at, l.created_at, l.id`),
    database.rows<{ id: string; utr: string; reportedAt: string }>(sql`
      select id::text as id, utr, ${isoTime(sql`reported_at`)} as "reportedAt" from payment_reports
      where registration_id = ${registrationId}::uuid order by reported_at, id`),
  ]);
  if (!row) return null;
  const live = entries.filter((entry) => !entry.voidedAt);
  const total = (kind: LedgerEntry['kind']) => live.filter((entry) => entry.kind === kind).reduce((sum, entry) => sum + entry.amountPaise, 0);
  return {
    status: row.status,
    duePaise: Number(row.due),
    paidPaise: total('payment') - total('refund'),
    waivedPaise: total('waiver'),
    entries: entries.map(normalized),
    reports,
  };
}

/**
 * Stores a UTR the family reported. Idempotent by the device's id, and by the UTR: the same
 * number reported twice for one registration (two devices, a second tap) is one report.
 * `tooMany` when the registration already holds `maxOpen` reports no live ledger entry carries
 * (not yet matched), counted under its row's lock so parallel reports cannot all pass.
 */
export async function reportPayment(
  database: Database,
  report: { id: string; registrationId: string; utr: string; reportedAt: string },
  maxOpen: number,
): Promise<'created' | 'duplicate' | 'tooMany'> {
  return inTransaction(database, async (tx) => {
    await tx.rows(sql`select id from registrations where id = ${report.registrationId}::uuid for update`);
    const [known] = await tx.rows<{ id: string }>(sql`
      select id::text as id from payment_reports
      where id = ${report.id}::uuid or (registration_id = ${report.registrationId}::uuid and utr = ${report.utr})`);
    if (known) return 'duplicate';
    const [open] = await tx.rows<{ count: number }>(sql`
      select count(*)::int as count from payment_reports p
      where p.registration_id = ${report.registrationId}::uuid
        and not exists (select 1 from ledger_entries l where l.registration_id = p.registration_id and l.reference = p.utr and l.voided_at is null)`);
    if (Number(open?.count ?? 0) >= maxOpen) return 'tooMany';
    const inserted = await tx.rows<{ id: string }>(sql`
      insert into payment_reports (id, registration_id, utr, reported_at)
      values (${report.id}::uuid, ${report.registrationId}::uuid, ${report.utr}, ${report.reportedAt}::timestamptz)
      on conflict do nothing
      returning id::text as id`);
    return inserted.length > 0 ? 'created' : 'duplicate';
  });
}

type LedgerWrite = {
  id: string;
  registrationId: string;
  kind: LedgerEntry['kind'];
  method?: 'cash' | 'upi' | 'bank' | undefined;
  amountRupees: number;
  reference?: string | undefined;
  reason?: string | undefined;
  source: LedgerEntry['source'];
  sourceRef: string | null;
  recordedBy: string;
  occurredAt: string;
};

/**
 * Records one entry (a payment gets the next receipt number). Idempotent by id: the same entry
 * again is a duplicate; another entry under a used id is a conflict.
 */
export async function recordLedgerEntry(
  database: Database,
  write: LedgerWrite,
): Promise<{ status: 'created' | 'duplicate'; entry: LedgerEntry } | { status: 'conflict' }> {
  const amountPaise = Math.round(write.amountRupees * 100);
  const [created] = await database.rows<LedgerEntry>(sql`
    insert into ledger_entries as l (id, registration_id, kind, method, amount_paise, reference, reason, source, source_ref, recorded_by, occurred_at, receipt_number)
    values (${write.id}::uuid, ${write.registrationId}::uuid, ${write.kind}, ${write.method ?? null}, ${amountPaise}, ${write.reference ?? null},
      ${write.reason ?? null}, ${write.source}, ${write.sourceRef}, ${write.recordedBy}, ${write.occurredAt}::timestamptz,
      case when ${write.kind} = 'payment' then nextval('ledger_receipt_numbers') end)
    on conflict (id) do nothing
    returning ${ENTRY_COLUMNS}`);
  if (created) return { status: 'created', entry: normalized(created) };
  const [existing] = await database.rows<LedgerEntry & { registrationId: string }>(sql`
    select ${ENTRY_COLUMNS}, l.registration_id::text as "registrationId" from ledger_entries l where l.id = ${write.id}::uuid`);
  const same =
    existing &&
    existing.registrationId === write.registrationId.toLowerCase() &&
    existing.kind === write.kind &&
    Number(existing.amountPaise) === amountPaise &&
    (existing.method ?? undefined) === write.method;
  if (!existing || !same) return { status: 'conflict' };
  const { registrationId: _registrationId, ...entry } = existing;
  return { status: 'duplicate', entry: normalized(entry) };
}

/** Marks an entry voided (who, when, why); it stays in the ledger and stops counting. */
export async function voidLedgerEntry(
  database: Database,
  change: { registrationId: string; entryId: string; by: string; reason: string; now: Date },
): Promise<'voided' | 'already_voided' | 'not_found'> {
  const voided = await database.rows<{ id: string }>(sql`
    update ledger_entries set voided_at = ${change.now.toISOString()}::timestamptz, voided_by = ${change.by}, void_reason = ${change.reason}
    where id = ${change.entryId}::uuid and registration_id = ${change.registrationId}::uuid and voided_at is null
    returning id::text as id`);
  if (voided.length > 0) return 'voided';
  const [exists] = await database.rows<{ id: string }>(sql`
    select id::text as id from ledger_entries where id = ${change.entryId}::uuid and registration_id = ${change.registrationId}::uuid`);
  return exists ? 'already_voided' : 'not_found';
}

function normalized(entry: LedgerEntry): LedgerEntry {
  return { ...entry, amountPaise: Number(entry.amountPaise), receiptNumber: entry.receiptNumber === null ? null : Number(entry.receiptNumber) };
}

/** One ledger entry by id, for its receipt; null when there is none. */
export async function ledgerEntry(database: Database, id: string): Promise<(LedgerEntry & { registrationId: string | null }) | null> {
  const [row] = await database.rows<LedgerEntry & { registrationId: string | null }>(sql`
    select ${ENTRY_COLUMNS}, l.registration_id::text as "registrationId" from ledger_entries l where l.id = ${id}::uuid`);
  return row ? { ...normalized(row), registrationId: row.registrationId } : null;
}

/** A child's registration that still owes some of its online fee, not cancelled, with an address to write to. */
const OWES_ONLINE = sql`r.deleted_at is null and r.cancelled_at is null and r.type = 'participant' and r.email <> ''
  and exists (select 1 from unnest(r.categories) c where not c = any(${sql.param(Object.keys(BABY_AGE_BANDS))}::text[]))
  and ${PAYMENT_STATUS} in ('unpaid', 'reported', 'part_paid')`;

/**
 * Queues the payment reminders that are due (ADR 024): one 3 days after registering, one 2 days
 * before registrations close, and one once they have closed, to each registration that still owes
 * its online fee. Each is queued once per registration (a unique index), however many instances
 * run this. Returns how many. Nothing is ever deleted for not paying: the organisers decide.
 */
export async function queuePaymentReminders(database: Database, now: Date, deadline: Date): Promise<number> {
  const threeDaysAgo = new Date(now.getTime() - 3 * 86_400_000).toISOString();
  // Only the registrations that crossed the 3 days lately: the paid ones are not weighed again and
  // again every 15 minutes all season (a server down for a week still catches up).
  const tenDaysAgo = new Date(now.getTime() - 10 * 86_400_000).toISOString();
  const queued = await database.rows<{ id: string }>(sql`
    insert into mail_outbox (registration_id, template, reason)
    select r.id, 'payment-reminder', 'reminder-after-registering' from registrations r
    where r.created_at <= ${threeDaysAgo}::timestamptz and r.created_at > ${tenDaysAgo}::timestamptz
      and ${now.toISOString()}::timestamptz < ${deadline.toISOString()}::timestamptz
      and not exists (select 1 from mail_outbox m where m.registration_id = r.id and m.template = 'payment-reminder' and m.reason = 'reminder-after-registering')
      and ${OWES_ONLINE}
    on conflict do nothing
    returning id::text as id`);
  // Once registrations have closed, one last reminder to each registration that still owes
  // (issue 49); looked for during the week after, so a server down for days still sends it.
  const afterDeadline = now.getTime() >= deadline.getTime() && now.getTime() < deadline.getTime() + 7 * 86_400_000;
  const beforeDeadline = now.getTime() >= deadline.getTime() - 2 * 86_400_000 && now.getTime() < deadline.getTime();
  if (!afterDeadline && !beforeDeadline) return queued.length;
  const reason = afterDeadline ? 'reminder-after-deadline' : 'reminder-before-deadline';
  const last = await database.rows<{ id: string }>(sql`
    insert into mail_outbox (registration_id, template, reason)
    select r.id, 'payment-reminder', ${reason} from registrations r
    where not exists (select 1 from mail_outbox m where m.registration_id = r.id and m.template = 'payment-reminder' and m.reason = ${reason})
      and ${OWES_ONLINE}
    on conflict do nothing
    returning id::text as id`);
  return queued.length + last.length;
}

export type LedgerLine = LedgerEntry & { registrationId: string | null; referenceCode: string | null; name: string | null };

/**
 * The ledger, newest first, a page at a time (keyset on when the money moved and the entry's id),
 * with the registration each entry is for. An erased registration's entries have no code or name.
 */
export async function ledgerPage(
  database: Database,
  page: { after: { at: string; id: string } | null; limit: number; days?: DayRange },
): Promise<{ items: LedgerLine[]; next: { at: string; id: string } | null }> {
  const after = page.after ? sql`and (l.occurred_at, l.id) < (${page.after.at}::timestamptz, ${page.after.id}::uuid)` : sql``;
  // Whole days in Chennai, both ends included (as the registrations list's day filter).
  const from = page.days?.from ? sql`and l.occurred_at >= (${page.days.from}::date::timestamp at time zone ${SEASON.timeZone})` : sql``;
  const to = page.days?.to ? sql`and l.occurred_at < ((${page.days.to}::date + 1)::timestamp at time zone ${SEASON.timeZone})` : sql``;
  const rows = await database.rows<LedgerLine>(sql`
    select ${ENTRY_COLUMNS}, l.registration_id::text as "registrationId", r.reference_code as "referenceCode", coalesce(r.name, r.institute_name) as name
    from ledger_entries l left join registrations r on r.id = l.registration_id
    where true ${after} ${from} ${to}
    order by l.occurred_at desc, l.id desc
    limit ${page.limit + 1}`);
  const items = rows.slice(0, page.limit).map((row) => ({ ...normalized(row), registrationId: row.registrationId, referenceCode: row.referenceCode, name: row.name }));
  const last = items.at(-1);
  return { items, next: rows.length > page.limit && last ? { at: last.occurredAt, id: last.id } : null };
}

/** Days in Chennai, YYYY-MM-DD, each end included when given. */
export type DayRange = { from?: string | undefined; to?: string | undefined };

/** Every ledger entry (of these days, when given), a batch at a time, for the accounts CSV. */
export async function* allLedgerLines(database: Database, days: DayRange = {}, batchSize = 1000): AsyncGenerator<LedgerLine[]> {
  let after: { at: string; id: string } | null = null;
  for (;;) {
    const page = await ledgerPage(database, { after, limit: batchSize, days });
    if (page.items.length > 0) yield page.items;
    if (!page.next) return;
    after = page.next;
  }
}

export type UnpaidAfterDeadline = {
  id: string;
  referenceCode: string;
  name: string | null;
  email: string;
  phone: string;
  status: PaymentStatus;
  duePaise: number;
  paidPaise: number;
  registeredAt: string;
  /** The reminder sent once registrations closed: queued, sent (when) or held back (why). */
  reminder: { status: string; sentAt: string | null; note: string | null } | null;
};

/**
 * The registrations that still owe their online fee once registrations have closed (issue 49),
 * oldest first, with the last reminder's fate: for the organisers to chase or decide about.
 */
export async function unpaidAfterDeadline(database: Database, limit: number): Promise<{ items: UnpaidAfterDeadline[]; total: number }> {
  const rows = await database.rows<UnpaidAfterDeadline>(sql`
    select r.id::text as id, r.reference_code as "referenceCode", r.name, r.email, r.phone, ${PAYMENT_STATUS} as status,
      ${FEE_DUE_PAISE} as "duePaise", (select m.paid - m.refunded from (${LEDGER_SUMS}) m) as "paidPaise", ${isoTime(sql`r.created_at`)} as "registeredAt",
      (select json_build_object('status', m.status, 'sentAt', case when m.sent_at is null then null else ${isoTime(sql`m.sent_at`)} end, 'note', case when m.status = 'skipped' then m.last_error end)
        from mail_outbox m where m.registration_id = r.id and m.template = 'payment-reminder' and m.reason = 'reminder-after-deadline' limit 1) as reminder
    from registrations r
    where ${OWES_ONLINE}
    order by r.created_at, r.id
    limit ${limit}`);
  const [count] = await database.rows<{ n: number }>(sql`select count(*)::int as n from registrations r where ${OWES_ONLINE}`);
  return { items: rows.map((row) => ({ ...row, duePaise: Number(row.duePaise), paidPaise: Number(row.paidPaise) })), total: Number(count?.n ?? 0) };
}
