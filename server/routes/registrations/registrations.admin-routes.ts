import { Hono } from 'hono';
import type { Context } from 'hono';
import { adminCategoryName, categoryBySlug } from '@domain/categories';
import { registrationUpdateSchema } from '@domain/registration';
import type { AppEnv } from '../../context';
import { audit, changedFields } from '../../lib/audit';
import { readAudit, readsPersonalData } from '../../lib/read-audit';
import { csvLines, csvResponse, csvRow } from '../../lib/csv';
import { ApiError, readJson, validate } from '../../lib/errors';
import { describeError } from '../../lib/logger';
import { requireAdmin, requireFreshSecondFactor, signedInAdmin } from '../../lib/require-admin';
import { jsonBody, uuidParam, uuidParams } from '../../lib/validators';
import { mailFor, queueMail } from '../../db/stores/mail-outbox-store';
import { erasureRequestsFor } from '../../db/stores/erasure-store';
import { consentNeededFor, consentsFor } from '../../db/stores/consent-store';
import { editableFields, type AdminRegistration } from '../../db/stores/registration-row';
import { findRegistration, updateRegistration } from '../../db/stores/registration-admin-store';
import { allMatching, listCities, listQuerySchema, listRegistrations, type ListQuery } from '../../db/stores/registration-list-store';
import { ledgerEntryInputSchema, voidEntrySchema } from '@domain/fees';
import { paymentSummary, recordLedgerEntry, voidLedgerEntry } from '../../db/stores/payment-store';
import { REGISTRATION_NOT_FOUND as NOT_FOUND, setDeletedByAdmin } from './delete-registration';


function listQuery(c: Context) {
  return validate(listQuerySchema, c.req.query());
}

/** The filters a read-audit entry records: what the admin asked to see, nothing more. */
function auditedFilters(query: ListQuery): Record<string, unknown> {
  const filters: Record<string, unknown> = {};
  if (query.q) filters.q = query.q;
  if (query.category) filters.category = query.category;
  if (query.city) filters.city = query.city;
  if (query.duplicates) filters.duplicates = true;
  if (query.day) filters.day = query.day;
  if (query.type) filters.type = query.type;
  if (query.ageMonths !== undefined) filters.ageMonths = query.ageMonths;
  if (query.checkedIn) filters.checkedIn = query.checkedIn;
  if (query.fee) filters.fee = query.fee;
  if (query.payment) filters.payment = query.payment;
  return filters;
}

const CSV_HEADER = [
  'Reference',
  'Type',
  'Name',
  'Age',
  'Age unit',
  'Email',
  'Phone',
  'City',
  'Institute',
  'Categories',
  'Possible duplicate',
  'Registered at',
  'Status',
];

function csvLine(r: AdminRegistration): string {
  return csvRow([
    r.referenceCode,
    r.type,
    r.name,
    r.age,
    r.ageUnit,
    r.email,
    r.phone,
    r.city,
    r.instituteName,
    r.categories.map((slug) => adminCategoryName(categoryBySlug(slug))).join(', '),
    r.possibleDuplicate ? 'yes' : 'no',
    r.createdAt,
    r.cancelledAt ? `cancelled by ${r.cancelledBy ?? 'family'}` : 'registered',
  ]);
}

/** Admin: list/search/filter/sort, read, edit, delete, restore and CSV export of registrations. */
export const registrationAdminRoutes = new Hono<AppEnv>()
  .get('/', requireAdmin, readsPersonalData('read.registrations.list', 'registration'), async (c) => {
    const query = listQuery(c);
    const result = await listRegistrations(c.var.deps.database, query);
    readAudit(c).details = { filters: auditedFilters(query), sort: query.sort, dir: query.dir, nextPage: Boolean(query.cursor), rows: result.items.length };
    return c.json(result, 200);
  })
  .get('/cities', requireAdmin, async (c) => c.json({ cities: await listCities(c.var.deps.database) }, 200))
  .get('/export.csv', requireAdmin, requireFreshSecondFactor, readsPersonalData('read.registrations.export', 'registration'), async (c) => {
    const query = listQuery(c);
    const { database, log } = c.var.deps;
    const audited = readAudit(c).defer();
    // Written once the rows are out (or the download stopped), with how many left the server.
    const lines = csvLines(allMatching(database, query, { sort: query.sort, dir: query.dir }), csvLine, (rows, complete) =>
      audited({ filters: auditedFilters(query), rows, complete }).catch((error: unknown) => log.error('export read audit failed', describeError(error))),
    );
    const day = c.var.deps.now().toISOString().slice(0, 10);
    return csvResponse(`registrations-${day}.csv`, CSV_HEADER, lines, (error) =>
      log.error('registrations export failed', describeError(error)),
    );
  })
  .get('/:id', requireAdmin, uuidParam(NOT_FOUND), readsPersonalData('read.registration.detail', 'registration'), async (c) => {
    const { id } = c.req.valid('param');
    const { database } = c.var.deps;
    const registration = await findRegistration(database, id);
    if (!registration) throw new ApiError(404, 'not_found', NOT_FOUND);
    readAudit(c).entityId = id;
    const consents = await consentsFor(database.db, id);
    const consentNeeded = consentNeededFor(registration.type, consents);
    return c.json(
      {
        registration,
        /** Newest first: queued, sending, sent, failed (with the mail server's reason) or skipped. */
        emails: await mailFor(database.db, id),
        consent: consents[0] ?? null,
        consentNeeded: consentNeeded ? { noticeVersion: consentNeeded } : null,
        erasureRequests: await erasureRequestsFor(database.db, id),
        /** Its money (ADR 024): status, sums in paise, every ledger entry and the UTRs the family reported. */
        payment: await paymentSummary(database, id),
      },
      200,
    );
  })
  .post('/:id/ledger', requireAdmin, uuidParam(NOT_FOUND), jsonBody(ledgerEntryInputSchema), async (c) => {
    const { id } = c.req.valid('param');
    const input = c.req.valid('json');
    const { database, now } = c.var.deps;
    if (new Date(input.occurredAt).getTime() > now().getTime() + 86_400_000 || input.occurredAt < '2020-01-01') {
      throw new ApiError(422, 'validation_failed', 'Enter when the money moved: not in the future.', { occurredAt: 'Enter when the money moved: not in the future.' });
    }
    const registration = await findRegistration(database, id);
    if (!registration || registration.deletedAt) throw new ApiError(404, 'not_found', NOT_FOUND);
    const admin = signedInAdmin(c);
    const outcome = await recordLedgerEntry(database, { ...input, registrationId: id, source: 'admin', sourceRef: null, recordedBy: admin.username });
    if (outcome.status === 'conflict') throw new ApiError(409, 'conflict', 'An entry with this id was already recorded differently.');
    if (outcome.status === 'created') {
      await audit(c, {
        admin,
        action: 'ledger.record',
        entityType: 'registration',
        entityId: id,
        changes: { entry: outcome.entry.id, kind: input.kind, method: input.method ?? null, amountRupees: input.amountRupees },
      });
    }
    return c.json({ status: outcome.status, entry: outcome.entry, payment: await paymentSummary(database, id) }, outcome.status === 'created' ? 201 : 200);
  })
  .post('/:id/ledger/:entryId/void', requireAdmin, uuidParams('There is no ledger entry with that id.'), jsonBody(voidEntrySchema), async (c) => {
    const { id, entryId } = c.req.valid('param');
    const { reason } = c.req.valid('json');
    const { database } = c.var.deps;
    const admin = signedInAdmin(c);
    const voided = await voidLedgerEntry(database, { registrationId: id, entryId, by: admin.username, reason, now: c.var.deps.now() });
    if (voided === 'not_found') throw new ApiError(404, 'not_found', 'There is no ledger entry with that id on this registration.');
    if (voided === 'already_voided') throw new ApiError(409, 'conflict', 'This entry was already voided.');
    await audit(c, { admin, action: 'ledger.void', entityType: 'registration', entityId: id, changes: { entry: entryId, reason } });
    return c.json({ payment: await paymentSummary(database, id) }, 200);
  })
  .post('/:id/resend-confirmation', requireAdmin, uuidParam(NOT_FOUND), async (c) => {
    const { id } = c.req.valid('param');
    const { database } = c.var.deps;
    const registration = await findRegistration(database, id);
    if (!registration || registration.deletedAt) throw new ApiError(404, 'not_found', NOT_FOUND);
    const email = await queueMail(database.db, { registrationId: id, template: 'confirmation', reason: 'admin-resend' });
    await audit(c, { admin: signedInAdmin(c), action: 'registration.resend_confirmation', entityType: 'registration', entityId: id });
    return c.json({ email }, 202);
  })
  .put('/:id', requireAdmin, uuidParam(NOT_FOUND), async (c) => {
    const { id } = c.req.valid('param');
    const update = validate(registrationUpdateSchema, await readJson(c));
    const { database, now } = c.var.deps;
    const before = await findRegistration(database, id);
    if (!before || before.deletedAt) throw new ApiError(404, 'not_found', 'This registration no longer exists. It may have been deleted.');
    const after = before.version === update.version ? await updateRegistration(database, id, update, now()) : null;
    if (!after) {
      const current = await findRegistration(database, id);
      if (!current || current.deletedAt) throw new ApiError(404, 'not_found', 'This registration no longer exists. It may have been deleted.');
      throw new ApiError(
        409,
        'conflict',
        'Someone else changed this registration after you opened it. Your changes were not saved: check the current details and edit again.',
        undefined,
        current,
      );
    }
    await audit(c, {
      admin: signedInAdmin(c),
      action: 'registration.update',
      entityType: 'registration',
      entityId: id,
      changes: changedFields(editableFields(before), editableFields(after)),
    });
    return c.json({ registration: after }, 200);
  })
  .delete('/:id', requireAdmin, uuidParam(NOT_FOUND), async (c) => {
    const { id } = c.req.valid('param');
    const result = await setDeletedByAdmin(c, id, true);
    return c.json({ registration: result.registration }, 200);
  })
  .post('/:id/restore', requireAdmin, requireFreshSecondFactor, uuidParam(NOT_FOUND), async (c) => {
    const { id } = c.req.valid('param');
    const result = await setDeletedByAdmin(c, id, false);
    return c.json({ registration: result.registration }, 200);
  });
