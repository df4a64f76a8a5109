import { randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PRIVACY_NOTICE } from '@domain/season';
import { createFamilyHarness, IN_SEASON, useFamilyHarness } from '../../../tests/setup/family-harness';
import { childRegistration, instituteRegistration, recordFromBeforeConsent } from '../../../tests/setup/registration-fixtures';
import { decodeQrPng, familyLinkIn, tokenOf } from '../../../tests/setup/smtp-test-server';
import { json } from '../../../tests/setup/test-app';
import { testDatabaseKinds } from '../../../tests/setup/test-database';
import { createLogger } from '../../lib/logger';
import { queueMail } from '../../db/stores/mail-outbox-store';

/** Level 1 starts on 18 April 2027: corrections close at the start of 17 April in Chennai. */
const CUTOFF = new Date('2027-04-17T00:00:00+05:30');
/** Links work until the season's data is erased: 180 days after the last contest day (31 December 2027). */
const LINKS_END = new Date('2028-06-28T00:00:00+05:30');

type FamilyView = {
  registration: Record<string, unknown> & { version: number; status: string; referenceCode: string };
  qrCode: string;
  consent: Record<string, unknown> | null;
  consentNeeded: { noticeVersion: string } | null;
  corrections: { open: boolean; closesAt: string; closedMessage: string | null };
  link: { expiresAt: string };
  erasureRequest: unknown;
};

describe.each(testDatabaseKinds())('the family’s private link on %s', (kind) => {
  const h = useFamilyHarness(kind);

  const view = async (token: string) => {
    const response = await h.family(token, '/registration');
    expect(response.status).toBe(200);
    return (await response.json()) as FamilyView;
  };
  const admin = (path: string, init: RequestInit = {}) => h.admin(path, init);
  const auditOf = async (id: string) => {
    const body = (await (await admin('/api/audit?kind=change')).json()) as { items: { action: string; actor: string; entityId: string; changes: unknown }[] };
    return body.items.filter((item) => item.entityId === id);
  };

  it('shows the registration behind the emailed link: every field, the QR code, the consent and the dates that matter', async () => {
    h.clock.now = IN_SEASON;
    const { input, token } = await h.register(childRegistration({ name: 'Nila Prakash', city: 'Adyar', categories: ['drawing'] }));
    const body = await view(token);
    expect(body.registration).toMatchObject({
      id: input.id,
      referenceCode: input.referenceCode,
      type: 'participant',
      name: 'Nila Prakash',
      age: 7,
      ageUnit: 'years',
      email: input.email,
      phone: '+919876543210',
      city: 'Adyar',
      instituteName: null,
      categories: ['drawing'],
      language: 'en',
      status: 'registered',
      cancelledAt: null,
      version: 1,
    });
    expect(body.registration).not.toHaveProperty('possibleDuplicate');
    expect(decodeQrPng(Buffer.from(body.qrCode.replace(/^data:image\/png;base64,/, ''), 'base64'))).toBe(input.referenceCode);
    expect(body.consent).toMatchObject({ guardianName: 'Lakshmi Raman', noticeVersion: PRIVACY_NOTICE.version, language: 'en', channel: 'web' });
    expect(body.consentNeeded).toBeNull();
    expect(body.corrections).toEqual({ open: true, closesAt: CUTOFF.toISOString(), closedMessage: null });
    expect(body.link.expiresAt).toBe(LINKS_END.toISOString());
    expect(body.erasureRequest).toBeNull();
  });

  it('refuses a missing, forged or malformed token, and an expired link says why', async () => {
    h.clock.now = IN_SEASON;
    const { token } = await h.register();
    expect((await h.t.request('/api/family/registration')).status).toBe(401);
    const forged = await h.family(randomBytes(32).toString('base64url'), '/registration');
    expect(forged.status).toBe(404);
    expect((await forged.json()).error.message).toMatch(/not valid/);
    expect((await h.family('not-a-token', '/registration')).status).toBe(404);
    // One character changed is a different token.
    const altered = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    expect((await h.family(altered, '/registration')).status).toBe(404);

    h.clock.now = new Date(LINKS_END.getTime() - 1);
    expect((await h.family(token, '/registration')).status).toBe(200);
    h.clock.now = LINKS_END;
    const expired = await h.family(token, '/registration');
    expect(expired.status).toBe(410);
    expect(await expired.json()).toEqual({ error: { code: 'gone', message: expect.stringMatching(/expired when the .*’s personal data was erased/) } });
    h.clock.now = IN_SEASON;
  });

  /** Another email about the registration (as "Find my registration" queues it), and the link it holds. */
  const anotherEmail = async (registrationId: string, referenceCode: string) => {
    await queueMail(h.t.database.db, { registrationId, template: 'family-link', reason: 'family-request' });
    expect(await h.sendMail()).toBe(1);
    return tokenOf(familyLinkIn(h.lastMailAbout(referenceCode)));
  };

  it('keeps every link we emailed working; "Turn off every older link" stops all but the one in use, and is audited', async () => {
    h.clock.now = IN_SEASON;
    const { input, token: first } = await h.register();
    const second = await anotherEmail(input.id, input.referenceCode);
    const third = await anotherEmail(input.id, input.referenceCode);
    for (const token of [first, second, third]) expect((await h.family(token, '/registration')).status).toBe(200);

    // A phone with the second link is lost: the family turns the others off from the first.
    const turnOff = (token: string) => h.family(token, '/registration/links/turn-off-others', { method: 'POST' });
    const answer = await turnOff(first);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ turnedOff: 2 });
    expect((await h.family(first, '/registration')).status).toBe(200);
    for (const token of [second, third]) {
      const refused = await h.family(token, '/registration');
      expect(refused.status).toBe(410);
      expect(await refused.json()).toEqual({ error: { code: 'gone', message: expect.stringMatching(/^This link was turned off by the family/) } });
      expect((await turnOff(token)).status).toBe(410);
    }
    // Nothing is left to turn off; a newer email's link works beside the one kept.
    expect(await (await turnOff(first)).json()).toEqual({ turnedOff: 0 });
    const fourth = await anotherEmail(input.id, input.referenceCode);
    expect((await h.family(fourth, '/registration')).status).toBe(200);
    expect((await h.family(first, '/registration')).status).toBe(200);

    expect((await auditOf(input.id)).map((e) => [e.action, e.actor, e.changes])).toEqual([
      ['registration.links_turned_off', 'family', { turnedOff: 0 }],
      ['registration.links_turned_off', 'family', { turnedOff: 2 }],
    ]);
  });

  it('an erasure the family asked for ends every link, turned off or not', async () => {
    h.clock.now = IN_SEASON;
    const { input, token: first } = await h.register();
    const second = await anotherEmail(input.id, input.referenceCode);
    const third = await anotherEmail(input.id, input.referenceCode);
    await h.family(second, '/registration/links/turn-off-others', { method: 'POST' });
    await h.family(second, '/registration/erasure-request', { method: 'POST' });
    const requests = (await (await admin('/api/erasure-requests')).json()) as { items: { id: string; registrationId: string }[] };
    const request = requests.items.find((item) => item.registrationId === input.id)!;
    expect((await admin(`/api/erasure-requests/${request.id}/complete`, { method: 'POST' })).status).toBe(200);
    for (const token of [first, second, third]) expect((await h.family(token, '/registration')).status).toBe(404);
    const [left] = await h.t.database.rows<{ n: number }>(sql`select count(*)::int as n from family_links where registration_id = ${input.id}::uuid`);
    expect(left?.n).toBe(0);
  });

  it('stores only a hash of the token', async () => {
    const { token } = await h.register();
    const rows = await h.t.database.rows<{ token_hash: string }>(sql`select token_hash from family_links`);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((row) => row.token_hash === token || row.token_hash.includes(token))).toBe(false);
  });

  it('corrects the registration with the shared rules; the admin table and the audit log show it, by family', async () => {
    h.clock.now = IN_SEASON;
    const { input, token } = await h.register();
    const before = await view(token);
    const update = { type: 'participant', name: 'Asha Raman', age: 7, email: input.email, phone: '98765 43210', city: 'Madurai', categories: ['dance', 'singing'], version: before.registration.version };

    const invalid = await h.family(token, '/registration', json({ ...update, categories: ['crawling'], age: 12 }, 'PUT'));
    expect(invalid.status).toBe(422);
    expect((await invalid.json()).error.fields).toEqual({ age: 'For this contest the age must be between 5 and 9 months.' });
    const badPhone = await h.family(token, '/registration', json({ ...update, phone: '12' }, 'PUT'));
    expect((await badPhone.json()).error.fields).toEqual({ phone: 'Enter a phone number of 10 to 13 digits.' });

    const saved = await h.family(token, '/registration', json(update, 'PUT'));
    expect(saved.status).toBe(200);
    expect((await saved.json()).registration).toMatchObject({ city: 'Madurai', version: 2, status: 'registered' });

    const row = (await (await admin(`/api/registrations/${input.id}`)).json()).registration;
    expect(row).toMatchObject({ city: 'Madurai', version: 2, cancelledAt: null, deletedAt: null });
    const [entry] = await auditOf(input.id);
    expect(entry).toMatchObject({ action: 'registration.update', actor: 'family', changes: { city: { from: 'Chennai', to: 'Madurai' } } });

    const stale = await h.family(token, '/registration', json({ ...update, city: 'Salem' }, 'PUT'));
    expect(stale.status).toBe(409);
    expect((await stale.json()).error.current).toMatchObject({ city: 'Madurai', version: 2 });
  });

  it('is read-only from the cut-off on, and says why', async () => {
    h.clock.now = IN_SEASON;
    const { input, token } = await h.register();
    const update = { type: 'participant', name: 'Asha Raman', age: 7, email: input.email, phone: input.phone, city: 'Vellore', categories: ['dance'], version: 1 };

    h.clock.now = new Date(CUTOFF.getTime() - 1);
    expect((await view(token)).corrections.open).toBe(true);
    expect((await h.family(token, '/registration', json(update, 'PUT'))).status).toBe(200);

    h.clock.now = CUTOFF;
    const body = await view(token);
    expect(body.corrections.open).toBe(false);
    expect(body.corrections.closedMessage).toMatch(/^Corrections closed on 17 April 2027, the day before Level 1,/);
    const refused = await h.family(token, '/registration', json({ ...update, city: 'Salem', version: 2 }, 'PUT'));
    expect(refused.status).toBe(403);
    expect((await refused.json()).error).toEqual({ code: 'corrections_closed', message: body.corrections.closedMessage });
    expect((await view(token)).registration.city).toBe('Vellore');
    h.clock.now = IN_SEASON;
  });

  it("after an admin removes the registration, the family can still download their data and ask for its erasure", async () => {
    const { input, token } = await h.register(childRegistration({ name: 'Removed Child' }));
    expect((await admin(`/api/registrations/${input.id}`, { method: 'DELETE' })).status).toBe(200);
    const page = await h.family(token, '/registration');
    expect(page.status).toBe(410);
    expect((await page.json()).error.code).toBe('removed');
    const data = await h.family(token, '/registration/data');
    expect(data.status).toBe(200);
    expect(((await data.json()) as { registration: { name: string } }).registration.name).toBe('Removed Child');
    const erasure = await h.family(token, '/registration/erasure-request', { method: 'POST' });
    expect(erasure.status).toBe(201);
    // A correction is not a right that outlives the removal.
    expect((await h.family(token, '/registration/cancel', { method: 'POST' })).status).toBe(410);
  });

  it('cancels: the admin table shows the registration cancelled by the family, not deleted', async () => {
    h.clock.now = IN_SEASON;
    const { input, token } = await h.register(childRegistration({ name: 'Cancel Me Kumar' }));
    const cancelled = await h.family(token, '/registration/cancel', { method: 'POST' });
    expect(cancelled.status).toBe(200);
    expect((await cancelled.json()).registration).toMatchObject({ status: 'cancelled', cancelledBy: 'family', cancelledAt: IN_SEASON.toISOString() });
    // Again: nothing changes, nothing more is logged.
    expect((await h.family(token, '/registration/cancel', { method: 'POST' })).status).toBe(200);

    const list = (await (await admin('/api/registrations?q=cancel%20me')).json()) as { items: { id: string; cancelledBy: string; deletedAt: string | null }[] };
    expect(list.items).toEqual([expect.objectContaining({ id: input.id, cancelledBy: 'family', deletedAt: null })]);
    expect((await auditOf(input.id)).map((e) => [e.action, e.actor])).toEqual([['registration.cancel', 'family']]);
    const csv = await (await admin('/api/registrations/export.csv?q=cancel%20me')).text();
    expect(csv.trimEnd().split('\r\n')[1]).toMatch(/"Cancel Me Kumar".*"cancelled by family"$/);

    const change = await h.family(token, '/registration', json({ type: 'participant', name: 'X', age: 7, email: input.email, phone: input.phone, city: 'Chennai', categories: ['dance'], version: 2 }, 'PUT'));
    expect(change.status).toBe(409);
    expect((await view(token)).registration.status).toBe('cancelled');
  });

  it('asks an old device record for consent to the current notice, and takes it', async () => {
    h.clock.now = IN_SEASON;
    const old = recordFromBeforeConsent();
    const batch = await h.t.request('/api/registrations/batch', json({ registrations: [old] }));
    expect((await batch.json()).results[0].status).toBe('created');
    await h.sendMail();
    const token = tokenOf(familyLinkIn(h.lastMailAbout(old.referenceCode)));

    const before = await view(token);
    expect(before.consent).toBeNull();
    expect(before.consentNeeded).toEqual({ noticeVersion: PRIVACY_NOTICE.version });

    const stale = await h.family(token, '/registration/consent', json({ guardianName: 'Ravi Kumar', privacyConsent: true, privacyNoticeVersion: '2024-0' }));
    expect(stale.status).toBe(422);
    expect((await stale.json()).error.fields.privacyNoticeVersion).toMatch(/notice has changed/);
    const unticked = await h.family(token, '/registration/consent', json({ guardianName: 'Ravi Kumar', privacyConsent: false, privacyNoticeVersion: PRIVACY_NOTICE.version }));
    expect((await unticked.json()).error.fields).toEqual({ privacyConsent: 'Tick the box to give your consent as the parent or guardian.' });

    const given = await h.family(token, '/registration/consent', json({ guardianName: 'Ravi Kumar', privacyConsent: true, privacyNoticeVersion: PRIVACY_NOTICE.version, language: 'ta' }));
    expect(given.status).toBe(201);
    const after = await view(token);
    expect(after.consentNeeded).toBeNull();
    expect(after.consent).toMatchObject({ guardianName: 'Ravi Kumar', noticeVersion: PRIVACY_NOTICE.version, language: 'ta', channel: 'web', consentedAt: IN_SEASON.toISOString() });

    const detail = await (await admin(`/api/registrations/${old.id}`)).json();
    expect(detail.consent).toMatchObject({ guardianName: 'Ravi Kumar' });
    expect(detail.consentNeeded).toBeNull();
    expect((await auditOf(old.id)).map((e) => [e.action, e.actor])).toEqual([['registration.consent', 'family']]);
  });

  it('asks again when the notice has a newer version than the one agreed to', async () => {
    const { input, token } = await h.register(childRegistration({ privacyNoticeVersion: '2024-1' }));
    const body = await view(token);
    expect(body.consent).toMatchObject({ noticeVersion: '2024-1' });
    expect(body.consentNeeded).toEqual({ noticeVersion: PRIVACY_NOTICE.version });
    expect(input.privacyNoticeVersion).not.toBe(PRIVACY_NOTICE.version);
  });

  it('needs no consent for an institute', async () => {
    const { token } = await h.register(instituteRegistration());
    const body = await view(token);
    expect(body.consent).toBeNull();
    expect(body.consentNeeded).toBeNull();
    const refused = await h.family(token, '/registration/consent', json({ guardianName: 'Head', privacyConsent: true, privacyNoticeVersion: PRIVACY_NOTICE.version }));
    expect(refused.status).toBe(409);
  });

  it('downloads everything stored about the registration as a JSON file', async () => {
    h.clock.now = IN_SEASON;
    const { input, token } = await h.register(childRegistration({ consentChannel: 'web', consentedAt: '2026-11-20T09:00:00+05:30' }));
    await h.family(token, '/registration/erasure-request', { method: 'POST' });
    const response = await h.family(token, '/registration/data');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="my-data-${input.referenceCode}.json"`);
    const data = await response.json();
    expect(data.registration).toMatchObject({
      id: input.id,
      referenceCode: input.referenceCode,
      name: input.name,
      email: input.email,
      phone: '+919876543210',
      city: input.city,
      language: 'en',
      source: 'web',
      agreeTerms: true,
      createdAt: expect.stringMatching(/Z$/),
    });
    expect(data.registration).not.toHaveProperty('contentHash');
    expect(data.consents).toEqual([
      expect.objectContaining({ guardianName: 'Lakshmi Raman', channel: 'web', consentedAt: '2026-11-20T03:30:00.000Z' }),
    ]);
    expect(data.emails).toEqual([expect.objectContaining({ template: 'confirmation', status: 'sent', sentTo: input.email })]);
    expect(data.privateLinks).toHaveLength(1);
    expect(JSON.stringify(data)).not.toContain(token);
    expect(JSON.stringify(data.privateLinks)).not.toMatch(/hash/i);
    expect(data.erasureRequests).toEqual([expect.objectContaining({ status: 'open' })]);
    expect(data.history).toEqual([expect.objectContaining({ action: 'registration.erasure_requested', by: 'family' })]);
  });

  it('records a request to erase, due in 30 days, once', async () => {
    h.clock.now = IN_SEASON;
    const { token } = await h.register();
    const first = await h.family(token, '/registration/erasure-request', { method: 'POST' });
    expect(first.status).toBe(201);
    const { erasureRequest } = await first.json();
    expect(erasureRequest).toEqual({ status: 'open', requestedAt: IN_SEASON.toISOString(), dueAt: new Date(IN_SEASON.getTime() + 30 * 86_400_000).toISOString() });
    const again = await h.family(token, '/registration/erasure-request', { method: 'POST' });
    expect(again.status).toBe(200);
    expect((await again.json()).erasureRequest).toEqual(erasureRequest);
    expect((await view(token)).erasureRequest).toEqual(erasureRequest);
  });

  it('never writes the token to the request log', async () => {
    const lines: string[] = [];
    const logged = await createFamilyHarness(kind, { log: createLogger((line) => lines.push(line)), env: { LOG_REQUESTS: 'true' } });
    try {
      const { token } = await logged.register();
      await logged.family(token, '/registration');
      await logged.family(token, '/registration', json({ broken: true }, 'PUT'));
      await logged.family(token, '/registration/data');
      expect(lines.filter((line) => line.includes('"request"')).length).toBeGreaterThanOrEqual(3);
      expect(lines.join('\n')).not.toContain(token);
    } finally {
      await logged.close();
    }
    // A second app and database of its own: 30 s was too tight on a busy 2-core machine.
  }, 90_000);
});

describe.each(testDatabaseKinds())('the fee on the family’s page on %s', (kind) => {
  const h = useFamilyHarness(kind, { env: { UPI_VPA: 'kidstalent@okaxis', UPI_PAYEE_NAME: 'KTC Chennai' } });
  const qrText = (dataUrl: string) => decodeQrPng(Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64'));
  type Payment = {
    online: { rupees: number; contests: number };
    atVenue: { rupees: number; contests: number };
    upi: { link: string; qrCode: string; rupees: number } | null;
    status: string;
    reports: { utr: string }[];
    receipts: { number: string; rupees: number }[];
  } | null;
  const paymentOf = async (token: string) => ((await (await h.family(token, '/registration')).json()) as { payment: Payment }).payment;

  it('asks for the online contests’ fee by UPI, and the page’s QR code and the email’s decode to the same link', async () => {
    const { input, token } = await h.register(childRegistration({ categories: ['dance', 'yoga', 'drawing'] }));
    const payment = await paymentOf(token);
    const link = `upi://pay?pa=kidstalent@okaxis&pn=KTC%20Chennai&am=297.00&cu=INR&tn=${input.referenceCode}&tr=${input.referenceCode}`;
    expect(payment).toMatchObject({ online: { rupees: 297, contests: 3 }, atVenue: { rupees: 0, contests: 0 }, upi: { link }, status: 'unpaid' });
    expect(qrText(payment!.upi!.qrCode)).toBe(link);
    const emailed = h.lastMailAbout(input.referenceCode).parsed.attachments.find((a) => a.contentId === '<upi-qr@kids-talent-competition>' || a.cid === 'upi-qr@kids-talent-competition');
    expect(decodeQrPng(emailed!.content)).toBe(link);
  });

  it('asks nothing once the family has cancelled, nor of an institute', async () => {
    const { token } = await h.register(childRegistration({ categories: ['dance'] }));
    expect((await paymentOf(token))?.upi).not.toBeNull();
    expect((await h.family(token, '/registration/cancel', { method: 'POST' })).status).toBe(200);
    expect(await paymentOf(token)).toMatchObject({ upi: null, cancelled: true });
    const institute = await h.register(instituteRegistration());
    expect(await paymentOf(institute.token)).toBeNull();
  });

  it('sends the baby contests’ fee to the venue, with no UPI link', async () => {
    const { token } = await h.register(childRegistration({ age: 7, categories: ['crawling'] }));
    expect(await paymentOf(token)).toMatchObject({ online: { rupees: 0, contests: 0 }, atVenue: { rupees: 333, contests: 1 }, upi: null, status: 'unpaid' });
  });

  it('takes the UTR a family reports, once, and says the payment is reported, to be confirmed', async () => {
    const { input, token } = await h.register(childRegistration({ categories: ['dance'] }));
    const report = { id: randomUUID(), utr: 'UTR: 4123 4567 8901', reportedAt: h.clock.now.toISOString() };
    const first = await h.family(token, '/registration/payment-report', json(report));
    expect(first.status).toBe(201);
    expect(await first.json()).toMatchObject({ status: 'created', payment: { status: 'reported', reports: [{ utr: '412345678901' }] } });
    // The outbox sends it again after a lost answer, or a second device reports the same number.
    expect(await (await h.family(token, '/registration/payment-report', json(report))).json()).toMatchObject({ status: 'duplicate' });
    expect(await (await h.family(token, '/registration/payment-report', json({ ...report, id: randomUUID() }))).json()).toMatchObject({ status: 'duplicate' });
    expect((await paymentOf(token))?.reports).toHaveLength(1);
    const audit = (await (await h.admin('/api/audit?kind=change')).json()) as { items: { action: string; actor: string; entityId: string }[] };
    expect(audit.items.filter((a) => a.action === 'payment.reported' && a.entityId === input.id)).toEqual([expect.objectContaining({ actor: 'family' })]);
  });

  /** A family's page from its own address (the harness trusts X-Forwarded-For), so the address's limits are its own. */
  const reportFrom = (address: string, token: string, utr: string) =>
    h.family(token, '/registration/payment-report', { ...json({ id: randomUUID(), utr, reportedAt: h.clock.now.toISOString() }), headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address } });
  const utrNumber = (n: number) => String(412345670000 + n);
  const adminUtrs = async (referenceCode: string) => {
    const [row] = await h.t.database.rows<{ id: string }>(sql`select id::text as id from registrations where reference_code = ${referenceCode}`);
    const body = (await (await h.admin(`/api/registrations/${row!.id}`)).json()) as { payment: { reports: { utr: string }[] } };
    return body.payment.reports.map((report) => report.utr);
  };

  it('keeps at most 3 reports open: a flood of UTRs from one link leaves 3 for the admins, and the family is told why', async () => {
    const { input, token } = await h.register(childRegistration({ categories: ['dance'] }));
    const statuses: number[] = [];
    type Refusal = { error: { code: string; message: string; fields?: Record<string, string> } };
    let refusal: Refusal | null = null;
    for (let i = 0; i < 60; i++) {
      const response = await reportFrom('198.51.100.10', token, utrNumber(i));
      statuses.push(response.status);
      if (response.status === 422 && !refusal) refusal = (await response.json()) as Refusal;
    }
    expect(statuses.slice(0, 3)).toEqual([201, 201, 201]);
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.every((status) => status === 201 || status === 422 || status === 429)).toBe(true);
    expect(refusal?.error.message).toBe('We already have 3 payment references for this registration that we have not yet found in our bank statement. We will check those first, so there is no need to send another.');
    expect(refusal?.error.fields?.utr).toBe(refusal?.error.message);
    expect((await adminUtrs(input.referenceCode)).sort()).toEqual([utrNumber(0), utrNumber(1), utrNumber(2)]);
  });

  it('takes a new report once an open one is matched in the ledger', async () => {
    const { input, token } = await h.register(childRegistration({ categories: ['dance', 'drawing'] }));
    for (let i = 100; i < 103; i++) expect((await reportFrom('198.51.100.11', token, utrNumber(i))).status).toBe(201);
    expect((await reportFrom('198.51.100.11', token, utrNumber(103))).status).toBe(422);
    const [row] = await h.t.database.rows<{ id: string }>(sql`select id::text as id from registrations where reference_code = ${input.referenceCode}`);
    const paid = await h.admin(`/api/registrations/${row!.id}/ledger`, json({ id: randomUUID(), kind: 'payment', method: 'upi', amountRupees: 99, reference: utrNumber(100), occurredAt: h.clock.now.toISOString() }));
    expect(paid.status).toBe(201);
    expect((await reportFrom('198.51.100.11', token, utrNumber(103))).status).toBe(201);
  });

  it('limits reports per link and per address (429 with Retry-After)', async () => {
    const first = await h.register(childRegistration({ categories: ['dance'] }));
    const statuses: number[] = [];
    // The same number again and again (a stuck outbox, a script): stored once, and the link's bucket runs out.
    for (let i = 0; i < 12; i++) statuses.push((await reportFrom('198.51.100.20', first.token, utrNumber(200))).status);
    expect(statuses.slice(0, 10)).toEqual([201, ...Array(9).fill(200)]);
    const limited = await reportFrom('198.51.100.21', first.token, utrNumber(200));
    expect(limited.status).toBe(429);
    expect(limited.headers.get('Retry-After')).toMatch(/^[0-9]+$/);
    expect(((await limited.json()) as { error: { message: string } }).error.message).toMatch(/^Too many payment reports were sent for this registration\. Please try again in /);

    // One address: 30 reports across links, then 429 for any link from it; another address still reports.
    const links = [];
    for (let i = 0; i < 4; i++) links.push(await h.register(childRegistration({ categories: ['dance'] })));
    for (const [index, link] of links.slice(0, 3).entries()) {
      for (let i = 0; i < 10; i++) expect((await reportFrom('198.51.100.30', link.token, utrNumber(300 + index))).status).toBeLessThan(300);
    }
    const fromBusyAddress = await reportFrom('198.51.100.30', links[3]!.token, utrNumber(310));
    expect(fromBusyAddress.status).toBe(429);
    expect(((await fromBusyAddress.json()) as { error: { message: string } }).error.message).toMatch(/^Too many payment reports were sent from your network\./);
    expect((await reportFrom('198.51.100.31', links[3]!.token, utrNumber(310))).status).toBe(201);
  });

  it('refuses a UTR that is not 12 digits, a time far from now, and a report for an institute', async () => {
    const { token } = await h.register(childRegistration({ categories: ['dance'] }));
    const bad = await h.family(token, '/registration/payment-report', json({ id: randomUUID(), utr: '12345', reportedAt: h.clock.now.toISOString() }));
    expect(bad.status).toBe(422);
    expect(await bad.json()).toMatchObject({ error: { fields: { utr: expect.stringMatching(/12-digit/) } } });
    const late = await h.family(token, '/registration/payment-report', json({ id: randomUUID(), utr: '412345678901', reportedAt: '2031-01-01T00:00:00Z' }));
    expect(late.status).toBe(422);
    const institute = await h.register(instituteRegistration());
    const none = await h.family(institute.token, '/registration/payment-report', json({ id: randomUUID(), utr: '412345678901', reportedAt: h.clock.now.toISOString() }));
    expect(none.status).toBe(409);
  });
});
