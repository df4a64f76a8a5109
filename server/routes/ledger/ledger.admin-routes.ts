import { Hono } from 'hono';
import { z } from 'zod';
import { receiptLabel } from '@domain/fees';
import type { AppEnv } from '../../context';
import { csvLines, csvResponse, csvRow } from '../../lib/csv';
import { ApiError, validate } from '../../lib/errors';
import { describeError } from '../../lib/logger';
import { readAudit, readsPersonalData } from '../../lib/read-audit';
import { requireAdmin, requireFreshSecondFactor } from '../../lib/require-admin';
import { allLedgerLines, ledgerPage, type LedgerLine } from '../../db/stores/payment-store';

const pageSchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional().default(50),
});

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
    line.occurredAt.slice(0, 10),
    line.referenceCode ?? '(erased)',
    line.name ?? '',
    line.kind,
    (line.amountPaise / 100).toFixed(2),
    line.method ?? '',
    line.reference ?? '',
    line.receiptNumber === null ? '' : receiptLabel(line.receiptNumber),
    line.source,
    line.recordedBy,
    line.reason ?? '',
    line.voidedAt ? `voided ${line.voidedAt.slice(0, 10)} by ${line.voidedBy}: ${line.voidReason}` : '',
  ]);
}

/** Admin: the ledger (ADR 024), newest first, and the accounts CSV of every entry. */
export const ledgerAdminRoutes = new Hono<AppEnv>()
  .get('/', requireAdmin, readsPersonalData('read.ledger.list', 'ledger'), async (c) => {
    const query = validate(pageSchema, c.req.query());
    const page = await ledgerPage(c.var.deps.database, { after: decodeCursor(query.cursor), limit: query.limit });
    readAudit(c).details = { rows: page.items.length, nextPage: Boolean(query.cursor) };
    return c.json({ items: page.items, nextCursor: page.next ? Buffer.from(JSON.stringify(page.next)).toString('base64url') : null }, 200);
  })
  .get('/export.csv', requireAdmin, requireFreshSecondFactor, readsPersonalData('read.ledger.export', 'ledger'), async (c) => {
    const { database, log } = c.var.deps;
    const audited = readAudit(c).defer();
    const lines = csvLines(allLedgerLines(database), csvLine, (rows, complete) =>
      audited({ rows, complete }).catch((error: unknown) => log.error('ledger export read audit failed', describeError(error))),
    );
    const day = c.var.deps.now().toISOString().slice(0, 10);
    return csvResponse(`accounts-${day}.csv`, CSV_HEADER, lines, (error) => log.error('ledger export failed', describeError(error)));
  });
