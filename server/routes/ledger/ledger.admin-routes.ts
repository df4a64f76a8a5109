import { Hono } from 'hono';
import { z } from 'zod';
import { isRealDay } from '@domain/dates';
import { receiptLabel } from '@domain/fees';
import { ENTRY_DEADLINE, SEASON } from '@domain/season';
import type { AppEnv } from '../../context';
import { csvLines, csvResponse, csvRow } from '../../lib/csv';
import { ApiError, validate } from '../../lib/errors';
import { describeError } from '../../lib/logger';
import { readAudit, readsPersonalData } from '../../lib/read-audit';
import { requireAdmin, requireFreshSecondFactor } from '../../lib/require-admin';
import { allLedgerLines, ledgerPage, unpaidAfterDeadline, type LedgerLine } from '../../db/stores/payment-store';

const pageSchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional().default(50),
});

const day = (name: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${name} is a day, YYYY-MM-DD.`)
    .refine(isRealDay, `${name} is not a real date.`)
    .optional()
    .or(z.literal('').transform(() => undefined));

/** The accounts CSV's days in Chennai, both included; either end may be left open. */
const exportSchema = z
  .object({ from: day('from'), to: day('to') })
  .refine((range) => !range.from || !range.to || range.from <= range.to, { error: 'The last day is before the first.', path: ['to'] });

/** The day in Chennai an entry's money moved, as the accounts count days. */
const dayInChennai = new Intl.DateTimeFormat('en-CA', { timeZone: SEASON.timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });

const CURSOR = z.object({ at: z.iso.datetime({ offset: true }), id: z.guid() });

function decodeCursor(cursor: string | undefined): { at: string; id: string } | null {
  if (!cursor) return null;
  try {
    return CURSOR.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
  } catch {
    throw new ApiError(400, 'bad_request', 'The cursor is not valid. Load the list again.');
  }
}

const CSV_HEADER = ['Date', 'Reference code', 'Child or institute', 'Kind', 'Amount (₹)', 'Method', 'Reference', 'Receipt number', 'Source', 'Recorded by', 'Reason', 'Voided'];

function csvLine(line: LedgerLine): string {
  return csvRow([
    dayInChennai.format(new Date(line.occurredAt)),
    line.referenceCode ?? '(erased)',
    line.name ?? '',
    line.kind,
    // A refund is money going out: negative, so the column adds up to what the organisers hold.
    ((line.kind === 'refund' ? -line.amountPaise : line.amountPaise) / 100).toFixed(2),
    line.method ?? '',
    line.reference ?? '',
    line.receiptNumber === null ? '' : receiptLabel(line.receiptNumber),
    line.source,
    line.recordedBy,
    line.reason ?? '',
    line.voidedAt ? `voided ${line.voidedAt.slice(0, 10)} by ${line.voidedBy}: ${line.voidReason}` : '',
  ]);
}

/** Admin: the ledger (ADR 024), newest first, and the accounts CSV of every entry (or those of a span of days). */
export const ledgerAdminRoutes = new Hono<AppEnv>()
  .get('/', requireAdmin, readsPersonalData('read.ledger.list', 'ledger'), async (c) => {
    const query = validate(pageSchema, c.req.query());
    const page = await ledgerPage(c.var.deps.database, { after: decodeCursor(query.cursor), limit: query.limit });
    readAudit(c).details = { rows: page.items.length, nextPage: Boolean(query.cursor) };
    return c.json({ items: page.items, nextCursor: page.next ? Buffer.from(JSON.stringify(page.next)).toString('base64url') : null }, 200);
  })
  .get('/export.csv', requireAdmin, requireFreshSecondFactor, readsPersonalData('read.ledger.export', 'ledger'), async (c) => {
    const days = validate(exportSchema, c.req.query());
    const { database, log } = c.var.deps;
    const audited = readAudit(c).defer();
    readAudit(c).details = { from: days.from ?? null, to: days.to ?? null };
    const lines = csvLines(allLedgerLines(database, days), csvLine, (rows, complete) =>
      audited({ rows, complete }).catch((error: unknown) => log.error('ledger export read audit failed', describeError(error))),
    );
    const today = dayInChennai.format(c.var.deps.now());
    const name = days.from || days.to ? `accounts-${days.from ?? 'start'}-to-${days.to ?? today}.csv` : `accounts-${today}.csv`;
    return csvResponse(name, CSV_HEADER, lines, (error) => log.error('ledger export failed', describeError(error)));
  })
  // Once registrations have closed, those still owing their online fee (one reminder went to each);
  // nothing is deleted for it: the organisers decide.
  .get('/unpaid-after-deadline', requireAdmin, readsPersonalData('read.ledger.unpaid', 'registration'), async (c) => {
    const deadline = new Date(ENTRY_DEADLINE);
    const passed = c.var.deps.now().getTime() >= deadline.getTime();
    const { items, total } = passed ? await unpaidAfterDeadline(c.var.deps.database, 500) : { items: [], total: 0 };
    readAudit(c).details = { rows: items.length };
    return c.json({ deadline: deadline.toISOString(), passed, items, total }, 200);
  });
