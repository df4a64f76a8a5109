import { Hono } from 'hono';
import { familyConsentSchema } from '@domain/consent';
import { contactKey, contactMatches, findRegistrationSchema } from '@domain/family-lookup';
import { registrationUpdateSchema } from '@domain/registration';
import { CONTACT, CORRECTIONS_CLOSE_ON, correctionsCloseAt, SEASON } from '@domain/season';
import type { AppEnv } from '../../context';
import { auditEntriesAbout, auditFamily, changedFields } from '../../lib/audit';
import { clientLimitKey } from '../../lib/client-ip';
import { limitPublicWrite } from '../../lib/rate-limits';
import { ApiError } from '../../lib/errors';
import { readAudit, readsPersonalData } from '../../lib/read-audit';
import { jsonBody } from '../../lib/validators';
import { mailFor, queueMail } from '../../db/stores/mail-outbox-store';
import { referenceQrDataUrl } from '../../mail/qr-code';
import { erasureRequestsFor, requestErasure } from '../../db/stores/erasure-store';
import { editableFields, type AdminRegistration } from '../../db/stores/registration-row';
import { consentNeededFor, consentsFor, recordConsent } from '../../db/stores/consent-store';
import { updateRegistration } from '../../db/stores/registration-admin-store';
import { linksFor, turnOffOtherLinks } from '../../db/stores/family-link-store';
import { cancelByFamily, registrationRow, registrationsWithCode } from '../../db/stores/family-store';
import { claimLookup } from '../../db/stores/family-lookup-store';
import { familyPayment, paymentTerms } from '../../lib/payment-request';
import { paymentSummary, reportPayment } from '../../db/stores/payment-store';
import { MAX_OPEN_PAYMENT_REPORTS, paymentReportSchema, TOO_MANY_OPEN_REPORTS } from '@domain/fees';
import { linkedRegistration, linkOf, requireFamilyLink } from './family-link-auth';
import { entriesOf } from '../../db/stores/entry-store';
import { IMPLAUSIBLE_DEVICE_TIME, isPlausibleDeviceTime } from '@domain/dates';

const formatDay = (date: Date) =>
  new Intl.DateTimeFormat('en-IN', { timeZone: SEASON.timeZone, day: 'numeric', month: 'long', year: 'numeric' }).format(date);

function correctionsClosedMessage(): string {
  const day = formatDay(correctionsCloseAt());
  const why = CORRECTIONS_CLOSE_ON ? '' : ', the day before Level 1,';
  return `Corrections closed on ${day}${why} so the organisers can prepare the contest lists. To change something now, write to ${CONTACT.email} or call ${CONTACT.phone}.`;
}

/** A registration as its family sees it: every field they gave, and whether it stands or was cancelled. */
function familyView(registration: AdminRegistration) {
  const { possibleDuplicate: _possibleDuplicate, deletedAt: _deletedAt, venueFee: _venueFee, ageOutsideBand: _ageOutsideBand, ...fields } = registration;
  return { ...fields, status: registration.cancelledAt ? ('cancelled' as const) : ('registered' as const) };
}

/** Family: the registration behind a private link (view, correct, cancel, consent, my data, erasure), and finding it again. */
export const familyRoutes = new Hono<AppEnv>()
  .get('/registration', requireFamilyLink, readsPersonalData('read.family.registration', 'registration'), async (c) => {
    const registration = await linkedRegistration(c);
    readAudit(c).entityId = registration.id;
    const { db } = c.var.deps.database;
    // Asked at once: on the embedded database each waits its turn behind other work only once.
    const [consents, erasures, payment, qrCode] = await Promise.all([
      consentsFor(db, registration.id),
      erasureRequestsFor(db, registration.id),
      paymentSummary(c.var.deps.database, registration.id),
      referenceQrDataUrl(registration.referenceCode),
    ]);
    const consentNeeded = consentNeededFor(registration.type, consents);
    const erasure = erasures[0] ?? null;
    const open = c.var.deps.now() < correctionsCloseAt();
    return c.json(
      {
        registration: familyView(registration),
        qrCode,
        consent: consents[0] ?? null,
        /** The privacy notice version the family still has to agree to, or null. */
        consentNeeded: consentNeeded ? { noticeVersion: consentNeeded } : null,
        corrections: {
          open,
          closesAt: correctionsCloseAt().toISOString(),
          closedMessage: open ? null : correctionsClosedMessage(),
        },
        link: { expiresAt: linkOf(c).expiresAt },
        erasureRequest: erasure ? { status: erasure.status, requestedAt: erasure.requestedAt, dueAt: erasure.dueAt } : null,
        payment: await familyPayment(registration, c.var.deps.env, payment!),
      },
      200,
    );
  })
  .put('/registration', requireFamilyLink, jsonBody(registrationUpdateSchema), async (c) => {
    const update = c.req.valid('json');
    const before = await linkedRegistration(c);
    if (c.var.deps.now() >= correctionsCloseAt()) throw new ApiError(403, 'corrections_closed', correctionsClosedMessage());
    if (before.cancelledAt) throw new ApiError(409, 'conflict', 'This registration was cancelled, so it can no longer be changed.');
    const after = before.version === update.version ? await updateRegistration(c.var.deps.database, before.id, update, c.var.deps.now()) : null;
    if (!after) {
      const current = await linkedRegistration(c);
      throw new ApiError(
        409,
        'conflict',
        'This registration changed after you opened it. Your changes were not saved: check the current details and correct them again.',
        undefined,
        familyView(current),
      );
    }
    await auditFamily(c, 'registration.update', after.id, changedFields(editableFields(before), editableFields(after)));
    return c.json({ registration: familyView(after) }, 200);
  })
  .post('/registration/cancel', requireFamilyLink, async (c) => {
    const registration = await linkedRegistration(c);
    // Cancelling stays open after the correction cut-off: it only tells the organisers a child will not come.
    if (await cancelByFamily(c.var.deps.database.db, registration.id, c.var.deps.now())) {
      await auditFamily(c, 'registration.cancel', registration.id);
    }
    return c.json({ registration: familyView(await linkedRegistration(c)) }, 200);
  })
  .post('/registration/consent', requireFamilyLink, jsonBody(familyConsentSchema), async (c) => {
    const input = c.req.valid('json');
    const registration = await linkedRegistration(c);
    if (registration.type !== 'participant') {
      throw new ApiError(409, 'conflict', 'An institute registration holds no child’s data, so no parental consent is needed.');
    }
    const consent = await recordConsent(c.var.deps.database.db, {
      registrationId: registration.id,
      guardianName: input.guardianName,
      noticeVersion: input.privacyNoticeVersion,
      language: input.language ?? registration.language,
      channel: 'web',
      at: c.var.deps.now(),
    });
    await auditFamily(c, 'registration.consent', registration.id, { noticeVersion: consent.noticeVersion });
    return c.json({ consent, consentNeeded: null }, 201);
  })
  .get('/registration/data', requireFamilyLink, readsPersonalData('read.family.data', 'registration'), async (c) => {
    const registration = await linkedRegistration(c, { removedToo: true });
    readAudit(c).entityId = registration.id;
    const { db } = c.var.deps.database;
    const data = {
      exportedAt: c.var.deps.now().toISOString(),
      registration: await registrationRow(db, registration.id),
      consents: await consentsFor(db, registration.id),
      emails: await mailFor(db, registration.id),
      privateLinks: await linksFor(db, registration.id),
      erasureRequests: await erasureRequestsFor(db, registration.id),
      entries: await entriesOf(db, registration.id),
      history: await auditEntriesAbout(db, 'registration', registration.id),
    };
    c.header('Content-Disposition', `attachment; filename="my-data-${registration.referenceCode}.json"`);
    return c.json(data, 200);
  })
  .post('/registration/payment-report', requireFamilyLink, jsonBody(paymentReportSchema), async (c) => {
    const input = c.req.valid('json');
    if (!isPlausibleDeviceTime(input.reportedAt, c.var.deps.now())) throw new ApiError(422, 'validation_failed', IMPLAUSIBLE_DEVICE_TIME, { reportedAt: IMPLAUSIBLE_DEVICE_TIME });
    const registration = await linkedRegistration(c);
    if (!paymentTerms(registration, c.var.deps.env)) throw new ApiError(409, 'conflict', 'Nothing is due for this registration, so there is no payment to report.');
    await limitPublicWrite(c, [{ bucket: 'paymentReportsPerLink', cost: 1 }, { bucket: 'paymentReports', cost: 1 }], String(linkOf(c).id));
    const status = await reportPayment(c.var.deps.database, { id: input.id, registrationId: registration.id, utr: input.utr, reportedAt: input.reportedAt }, MAX_OPEN_PAYMENT_REPORTS);
    // The page shows this sentence (and its Tamil, by its code: domain/message-codes.ts).
    if (status === 'tooMany') throw new ApiError(422, 'validation_failed', TOO_MANY_OPEN_REPORTS, { utr: TOO_MANY_OPEN_REPORTS });
    if (status === 'created') await auditFamily(c, 'payment.reported', registration.id, { utr: input.utr });
    const summary = (await paymentSummary(c.var.deps.database, registration.id))!;
    return c.json({ id: input.id, status, payment: await familyPayment(registration, c.var.deps.env, summary) }, status === 'created' ? 201 : 200);
  })
  .post('/registration/erasure-request', requireFamilyLink, async (c) => {
    const registration = await linkedRegistration(c, { removedToo: true });
    const { created, request } = await requestErasure(c.var.deps.database.db, {
      registrationId: registration.id,
      referenceCode: registration.referenceCode,
      now: c.var.deps.now(),
    });
    if (created) {
      await auditFamily(c, 'registration.erasure_requested', registration.id, { dueAt: request.dueAt });
    }
    return c.json({ erasureRequest: { status: request.status, requestedAt: request.requestedAt, dueAt: request.dueAt } }, created ? 201 : 200);
  })
  // "Turn off every older link" (a lost phone, a forwarded email): every other link of the
  // registration stops working; the one in use goes on. Open after a removal too: it protects the data.
  .post('/registration/links/turn-off-others', requireFamilyLink, async (c) => {
    const registration = await linkedRegistration(c, { removedToo: true });
    const turnedOff = await turnOffOtherLinks(c.var.deps.database.db, { keepId: linkOf(c).id, registrationId: registration.id, now: c.var.deps.now() });
    await auditFamily(c, 'registration.links_turned_off', registration.id, { turnedOff });
    return c.json({ turnedOff }, 200);
  })
  .post('/find', jsonBody(findRegistrationSchema), async (c) => {
    const { referenceCode, contact } = c.req.valid('json');
    const { database, now } = c.var.deps;
    const claim = await claimLookup(database.db, { ip: clientLimitKey(c), referenceCode, contactKey: contactKey(contact), now: now() });
    if (!claim.allowed) {
      throw new ApiError(429, 'too_many_requests', 'Too many requests. Please wait a while and try again.', undefined, undefined, {
        'Retry-After': String(claim.retryAfterSeconds),
      });
    }
    for (const registration of await registrationsWithCode(database.db, referenceCode)) {
      if (contactMatches(contact, registration)) {
        await queueMail(database.db, { registrationId: registration.id, template: 'family-link', reason: 'family-request' });
      }
    }
    return c.json(
      {
        status: 'accepted' as const,
        message:
          'If these details match a registration, we have emailed its private link to the address it was registered with. It can take a few minutes to arrive.',
      },
      202,
    );
  });
