import { Hono } from 'hono';
import { z } from 'zod';
import { normalizeReferenceCode } from '@domain/reference-code';
import { columnMappingSchema, guessMapping, headerSignature, resolveRowSchema, STATEMENT_ROW_STATES } from '@domain/statements';
import { isStorableText } from '../../lib/storable-text';
import type { AppEnv } from '../../context';
import { audit } from '../../lib/audit';
import { csvLines, csvResponse, csvRow } from '../../lib/csv';
import { describeError } from '../../lib/logger';
import { ApiError, invalid, validate } from '../../lib/errors';
import { readAudit, readsPersonalData } from '../../lib/read-audit';
import { requireAdmin, requireFreshSecondFactor, signedInAdmin } from '../../lib/require-admin';
import { camtStatementLines, csvStatementLines, firstBytes, formatOf, previewRows, UnreadableStatement } from '../../lib/statement-reader';
import { jsonBody, uuidParam } from '../../lib/validators';
import { asBulkWork } from '../../lib/people-first';
import { findRegistrationIdsByCode } from '../../db/stores/registration-admin-store';
import {
  ignoreStatementRow,
  importStatement,
  listStatementImports,
  listStatementRows,
  matchStatementRow,
  profileFor,
  refundsToMake,
  rememberProfile,
  resolveStatementRow,
  type RefundToMake,
  statementStateCounts,
  undoStatementImport,
  unmatchStatementRow,
  type ManualOutcome,
} from '../../db/stores/statement-store';

const NOT_FOUND = 'There is no statement row with that id.';
const PREVIEW_BYTES = 64 * 1024;

const importQuerySchema = z.object({
  fileName: z
    .string()
    .trim()
    .min(1, { error: 'Name the file.' })
    .max(200, { error: 'Keep the file name under 200 characters.' })
    .refine(isStorableText, { error: 'Remove the hidden or broken characters from the file name.' }),
  /** For a CSV: the column mapping, as JSON. */
  mapping: z.string().max(2000).optional(),
});

const listSchema = z.object({
  state: z.enum(STATEMENT_ROW_STATES, { error: 'Unknown state.' }).optional().or(z.literal('').transform(() => undefined)),
  limit: z.coerce.number().int().min(1).max(200).optional().default(100),
  offset: z.coerce.number().int().min(0).max(1_000_000).optional().default(0),
});

const matchSchema = z
  .object({
    registrationIds: z.array(z.guid({ error: 'A registration id must be a UUID.' })).max(10).optional(),
    /** Or the reference codes, as the admin reads them off a paper or a phone call. */
    referenceCodes: z.array(z.string().max(40)).max(10).optional(),
  })
  .refine((m) => (m.registrationIds?.length ?? 0) + (m.referenceCodes?.length ?? 0) > 0, { error: 'Choose the registration to match.', path: ['referenceCodes'] });

function bodyOf(c: { req: { raw: Request } }): ReadableStream<Uint8Array> {
  const body = c.req.raw.body;
  if (!body) throw new ApiError(422, 'validation_failed', 'Send the statement file as the request body.', { file: 'Choose a statement file.' });
  return body;
}

/** Reads the file: one it cannot make sense of is the admin's to fix, the same 422 from the preview and the import. */
async function readingTheFile<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof UnreadableStatement) throw new ApiError(422, 'validation_failed', error.message, { file: 'The file could not be read.' });
    throw error;
  }
}

const REFUNDS_CSV_HEADER = ['Date', 'Payer (narration)', 'UPI id or account', 'Bank reference', 'Amount received (₹)', 'To refund (₹)', 'Reference code', 'Child or institute', 'Why'];

const refundCsvLine = (refund: RefundToMake) =>
  csvRow([
    refund.bookedOn,
    refund.narration,
    refund.payerAccount ?? '',
    refund.reference ?? '',
    (refund.amountPaise / 100).toFixed(2),
    (refund.toRefundPaise / 100).toFixed(2),
    refund.referenceCode ?? '(erased)',
    refund.name ?? '',
    refund.state === 'already_paid' ? 'paid twice' : 'paid more than was owed',
  ]);

function outcomeOf(outcome: ManualOutcome) {
  if (outcome.status === 'not_found') throw new ApiError(404, 'not_found', NOT_FOUND);
  if (outcome.status === 'refused') throw new ApiError(409, 'conflict', outcome.message);
  return outcome.row;
}

/** Admin: bank statements imported, matched against the ledger by themselves, and the rows a person decides (ADR 024). */
export const statementAdminRoutes = new Hono<AppEnv>()
  // The file's first lines and a column mapping to check: remembered for this bank, or guessed.
  .post('/preview', requireAdmin, async (c) => {
    const bytes = await firstBytes(bodyOf(c), PREVIEW_BYTES + 1);
    const complete = bytes.byteLength <= PREVIEW_BYTES;
    const head = new TextDecoder().decode(bytes.subarray(0, 200));
    if (formatOf(head) === 'camt053') return c.json({ format: 'camt053' as const, rows: [] as string[][], mapping: null, remembered: false }, 200);
    const rows = await readingTheFile(() => previewRows(bytes.subarray(0, PREVIEW_BYTES), complete));
    const guessed = guessMapping(rows);
    const header = guessed ? rows[guessed.headerRow] : undefined;
    const remembered = header ? columnMappingSchema.safeParse(await profileFor(c.var.deps.database, headerSignature(header))) : null;
    // The bank's columns as remembered, found under this file's own header line (the lines above it vary).
    const mapping = remembered?.success && guessed ? { ...remembered.data, headerRow: guessed.headerRow } : guessed;
    return c.json({ format: 'csv' as const, rows, mapping, remembered: Boolean(remembered?.success) }, 200);
  })
  .post('/import', requireAdmin, async (c) => {
    const query = validate(importQuerySchema, c.req.query());
    const admin = signedInAdmin(c);
    const { database } = c.var.deps;
    const body = bodyOf(c);
    // The format from the first bytes, without reading more: the rest streams into the reader.
    const [sniff, rest] = body.tee();
    const head = new TextDecoder().decode(await firstBytes(sniff, 200));
    const format = formatOf(head);
    let lines;
    let header: string[] | null = null;
    let mapping: z.output<typeof columnMappingSchema> | null = null;
    if (format === 'camt053') lines = camtStatementLines(rest);
    else {
      let parsed: unknown;
      try {
        parsed = JSON.parse(query.mapping ?? 'null');
      } catch {
        parsed = null;
      }
      mapping = validate(columnMappingSchema, parsed);
      lines = csvStatementLines(rest, mapping, (row) => {
        header = row;
      });
    }
    const summary = await readingTheFile(() => asBulkWork(() => importStatement(database, { fileName: query.fileName, format, importedBy: admin.username, lines })));
    if (mapping && header) await rememberProfile(database, { signature: headerSignature(header), mapping, by: admin.username });
    await audit(c, {
      admin,
      action: 'statement.import',
      entityType: 'statement_import',
      entityId: summary.importId,
      changes: { fileName: query.fileName, format, lines: summary.lines, newRows: summary.newRows, knownRows: summary.knownRows, states: summary.states },
    });
    return c.json({ ...summary, format }, 201);
  })
  .get('/rows', requireAdmin, readsPersonalData('read.statements.list', 'statement_row'), async (c) => {
    const query = validate(listSchema, c.req.query());
    const { database } = c.var.deps;
    const { items, total } = await listStatementRows(database, query);
    readAudit(c).details = { state: query.state ?? null, rows: items.length };
    return c.json({ items, total, ...(await statementStateCounts(database)) }, 200);
  })
  .post('/rows/:id/match', requireAdmin, uuidParam(NOT_FOUND), jsonBody(matchSchema), async (c) => {
    const { id } = c.req.valid('param');
    const input = c.req.valid('json');
    const { database } = c.var.deps;
    const codes = (input.referenceCodes ?? []).map((code) => {
      const normalized = normalizeReferenceCode(code);
      if (!normalized) throw invalid({ referenceCodes: `"${code}" is not a reference code.` });
      return normalized;
    });
    const byCode = await findRegistrationIdsByCode(database, codes);
    const missing = codes.filter((code) => !byCode.has(code));
    if (missing.length > 0) throw invalid({ referenceCodes: `No registration has the code ${missing.join(', ')}.` });
    const twins = codes.filter((code) => (byCode.get(code)?.length ?? 0) > 1);
    if (twins.length > 0) throw new ApiError(409, 'conflict', `More than one registration has the code ${twins.join(', ')}: match by choosing the registration.`);
    const registrationIds = [...(input.registrationIds ?? []), ...codes.map((code) => byCode.get(code)![0]!)];
    const admin = signedInAdmin(c);
    const row = outcomeOf(await matchStatementRow(database, { id, registrationIds, by: admin.username }));
    await audit(c, { admin, action: 'statement.match', entityType: 'statement_row', entityId: id, changes: { state: row.state, registrations: row.registrations.map((r) => r.referenceCode) } });
    return c.json({ row }, 200);
  })
  .post('/rows/:id/unmatch', requireAdmin, uuidParam(NOT_FOUND), async (c) => {
    const { id } = c.req.valid('param');
    const admin = signedInAdmin(c);
    const row = outcomeOf(await unmatchStatementRow(c.var.deps.database, { id, by: admin.username, now: c.var.deps.now() }));
    await audit(c, { admin, action: 'statement.unmatch', entityType: 'statement_row', entityId: id, changes: { state: row.state } });
    return c.json({ row }, 200);
  })
  .post('/rows/:id/ignore', requireAdmin, uuidParam(NOT_FOUND), jsonBody(z.object({ ignore: z.boolean({ error: 'ignore is true or false.' }) })), async (c) => {
    const { id } = c.req.valid('param');
    const { ignore } = c.req.valid('json');
    const admin = signedInAdmin(c);
    const row = outcomeOf(await ignoreStatementRow(c.var.deps.database, { id, by: admin.username, ignore, now: c.var.deps.now() }));
    await audit(c, { admin, action: 'statement.ignore', entityType: 'statement_row', entityId: id, changes: { state: row.state } });
    return c.json({ row }, 200);
  })
  .post('/rows/:id/resolve', requireAdmin, uuidParam(NOT_FOUND), jsonBody(resolveRowSchema), async (c) => {
    const { id } = c.req.valid('param');
    const input = c.req.valid('json');
    const refundAt = input.resolution === 'refunded' ? input.refund?.occurredAt : undefined;
    if (refundAt && (new Date(refundAt).getTime() > c.var.deps.now().getTime() + 86_400_000 || refundAt < '2020-01-01')) {
      throw new ApiError(422, 'validation_failed', 'Enter when the money went back: not in the future.', { 'refund.occurredAt': 'Enter when the money went back: not in the future.' });
    }
    const admin = signedInAdmin(c);
    const resolution =
      input.resolution === 'kept'
        ? input
        : input.refund
          ? { resolution: 'refunded' as const, refund: { ...input.refund, amountPaise: Math.round(input.refund.amountRupees * 100), reference: input.refund.reference ?? null } }
          : { resolution: 'refunded' as const, refundEntryId: input.refundEntryId! };
    const row = outcomeOf(await resolveStatementRow(c.var.deps.database, { id, by: admin.username, now: c.var.deps.now(), resolution }));
    await audit(c, {
      admin,
      action: 'statement.resolve',
      entityType: 'statement_row',
      entityId: id,
      changes: { resolution: row.resolution, refundEntry: row.refundEntryId, note: row.resolutionNote },
    });
    return c.json({ row }, 200);
  })
  // The overpaid and double-paid credits nobody resolved yet, with the payer's details to send the money back.
  .get('/refunds', requireAdmin, readsPersonalData('read.statements.refunds', 'statement_row'), async (c) => {
    const items = await refundsToMake(c.var.deps.database);
    readAudit(c).details = { rows: items.length };
    return c.json({ items }, 200);
  })
  .get('/refunds.csv', requireAdmin, requireFreshSecondFactor, readsPersonalData('read.statements.refunds_export', 'statement_row'), async (c) => {
    const { database, log } = c.var.deps;
    const audited = readAudit(c).defer();
    async function* batches() {
      yield await refundsToMake(database);
    }
    const lines = csvLines(batches(), refundCsvLine, (rows, complete) =>
      audited({ rows, complete }).catch((error: unknown) => log.error('refunds export read audit failed', describeError(error))),
    );
    const day = c.var.deps.now().toISOString().slice(0, 10);
    return csvResponse(`refunds-to-make-${day}.csv`, REFUNDS_CSV_HEADER, lines, (error) => log.error('refunds export failed', describeError(error)));
  })
  // The imports, newest first: file, who, when, lines and matches (admins' usernames and counts only).
  .get('/imports', requireAdmin, async (c) => c.json({ items: await listStatementImports(c.var.deps.database) }, 200))
  .post('/imports/:id/undo', requireAdmin, uuidParam('There is no statement import with that id.'), async (c) => {
    const { id } = c.req.valid('param');
    const admin = signedInAdmin(c);
    const outcome = await undoStatementImport(c.var.deps.database, { id, by: admin.username, now: c.var.deps.now() });
    if (outcome.status === 'not_found') throw new ApiError(404, 'not_found', 'There is no statement import with that id.');
    if (outcome.status === 'refused') throw new ApiError(409, 'conflict', outcome.message);
    const { status: _status, ...undone } = outcome;
    await audit(c, { admin, action: 'statement.import_undo', entityType: 'statement_import', entityId: id, changes: undone });
    return c.json(undone, 200);
  });
