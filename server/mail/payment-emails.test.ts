import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ENTRY_DEADLINE, VENUE_SESSIONS } from '@domain/season';
import { IN_SEASON, useFamilyHarness } from '../../tests/setup/family-harness';
import { childRegistration } from '../../tests/setup/registration-fixtures';
import { decodeQrPng } from '../../tests/setup/smtp-test-server';
import { json } from '../../tests/setup/test-app';
import { testDatabaseKinds } from '../../tests/setup/test-database';
import { queuePaymentReminders } from '../db/stores/payment-store';
import { signInStaff, withCookie } from '../routes/auth/sign-in-for-tests';

const DAY = 86_400_000;
const DEADLINE = new Date(ENTRY_DEADLINE);

describe.each(testDatabaseKinds())('receipts and payment reminders on %s', (kind) => {
  const h = useFamilyHarness(kind, { env: { UPI_VPA: 'kidstalent@okaxis', UPI_PAYEE_NAME: 'Kids Talent Competition' } });
  const mailsAbout = (code: string, subject: RegExp) => h.smtp.received.filter((m) => m.parsed.subject?.includes(code) && subject.test(m.parsed.subject ?? ''));
  const pay = (id: string, rupees: number) =>
    h.admin(`/api/registrations/${id}/ledger`, json({ id: randomUUID(), kind: 'payment', method: 'upi', amountRupees: rupees, reference: '412345678901', occurredAt: h.clock.now.toISOString() }));

  it('sends one receipt per payment, in the family’s language, however often the mail worker runs', async () => {
    h.clock.now = IN_SEASON;
    const { input } = await h.register(childRegistration({ categories: ['dance'] }));
    expect((await pay(input.id, 99)).status).toBe(201);
    await Promise.all([h.sendMail(), h.sendMail()]);
    await h.sendMail();
    const receipts = mailsAbout(input.referenceCode, /^Payment received/);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.parsed.subject).toMatch(/^Payment received: receipt R-\d{6} for KTC-/);
    expect(receipts[0]!.parsed.text).toContain('- Amount: ₹99');
    expect(receipts[0]!.parsed.text).toContain('The online fee for this registration is now paid in full.');

    const tamil = await h.register(childRegistration({ categories: ['dance', 'yoga'], language: 'ta' }));
    await pay(tamil.input.id, 99);
    await h.sendMail();
    const [tamilReceipt] = mailsAbout(tamil.input.referenceCode, /கட்டணம் பெறப்பட்டது/);
    expect(tamilReceipt?.parsed.text).toContain('இன்னும் ஆன்லைனில் செலுத்த வேண்டியது: ₹99');
  });

  it('sends a receipt for a venue’s cash fee too, and none for a payment voided before it went out', async () => {
    const session = VENUE_SESSIONS.find((s) => s.categories.includes('crawling'))!;
    const baby = await h.register(childRegistration({ age: 7, categories: ['crawling'] }));
    const staff = await signInStaff(h.t);
    const fee = { id: randomUUID(), registrationId: baby.input.id, status: 'paid', amountRupees: session.feeRupees, recordedAt: h.clock.now.toISOString(), sessionId: session.id, deviceId: 'hall-phone' };
    await h.t.request('/api/venue/fees/batch', withCookie(staff, json({ fees: [fee] })));
    await h.sendMail();
    expect(mailsAbout(baby.input.referenceCode, /^Payment received/)).toEqual([expect.objectContaining({ parsed: expect.objectContaining({ text: expect.stringContaining('- Paid by: cash') }) })]);

    const { input } = await h.register(childRegistration({ categories: ['dance'] }));
    const { entry } = (await (await pay(input.id, 99)).json()) as { entry: { id: string } };
    await h.admin(`/api/registrations/${input.id}/ledger/${entry.id}/void`, json({ reason: 'Wrong child' }));
    await h.sendMail();
    expect(mailsAbout(input.referenceCode, /^Payment received/)).toEqual([]);
    const [mail] = await h.t.database.rows<{ status: string; last_error: string }>(sql`select status, last_error from mail_outbox where ledger_entry_id = ${entry.id}::uuid`);
    expect(mail).toEqual({ status: 'skipped', last_error: 'The payment was voided before its receipt went out.' });
  });

  it('reminds an unpaid family 3 days after registering and 2 days before registrations close, once each, and never after paying or cancelling', async () => {
    h.clock.now = IN_SEASON;
    const unpaid = await h.register(childRegistration({ categories: ['dance'] }));
    const paidLater = await h.register(childRegistration({ categories: ['dance'] }));
    const cancelled = await h.register(childRegistration({ categories: ['dance'] }));
    const baby = await h.register(childRegistration({ age: 7, categories: ['crawling'] }));
    const ids = [unpaid, paidLater, cancelled, baby].map((r) => r.input.id);
    await h.t.database.rows(sql`update registrations set created_at = ${new Date(IN_SEASON.getTime() - 4 * DAY).toISOString()}::timestamptz where id = any(${sql.param(ids)}::uuid[])`);
    expect((await h.family(cancelled.token, '/registration/cancel', { method: 'POST' })).status).toBe(200);

    // Two instances look at the same moment: each reminder is queued once.
    const [first, second] = await Promise.all([queuePaymentReminders(h.t.database, IN_SEASON, DEADLINE), queuePaymentReminders(h.t.database, IN_SEASON, DEADLINE)]);
    expect(first + second).toBeGreaterThanOrEqual(2);
    // Paid after it was queued, before it went out: not sent.
    await pay(paidLater.input.id, 99);
    await h.sendMail();
    const reminders = (code: string) => mailsAbout(code, /^Reminder: the entry fee/);
    expect(reminders(unpaid.input.referenceCode)).toHaveLength(1);
    for (const other of [paidLater, cancelled, baby]) expect(reminders(other.input.referenceCode)).toEqual([]);
    const reminder = reminders(unpaid.input.referenceCode)[0]!;
    const link = `upi://pay?pa=kidstalent@okaxis&pn=Kids%20Talent%20Competition&am=99.00&cu=INR&tn=${unpaid.input.referenceCode}&tr=${unpaid.input.referenceCode}`;
    expect(reminder.parsed.text).toContain(link);
    expect(decodeQrPng(reminder.parsed.attachments.find((a) => a.cid === 'upi-qr@kids-talent-competition')!.content)).toBe(link);

    // Looking again queues nothing new; 2 days before the deadline, the last reminder goes, once.
    expect(await queuePaymentReminders(h.t.database, new Date(IN_SEASON.getTime() + DAY), DEADLINE)).toBe(0);
    const lastCall = new Date(DEADLINE.getTime() - DAY);
    await queuePaymentReminders(h.t.database, lastCall, DEADLINE);
    await queuePaymentReminders(h.t.database, lastCall, DEADLINE);
    await h.sendMail();
    expect(reminders(unpaid.input.referenceCode)).toHaveLength(2);
    expect(reminders(unpaid.input.referenceCode)[1]!.parsed.text).toMatch(/Registrations close on 15 April 2027/);
    expect(reminders(paidLater.input.referenceCode)).toEqual([]);
  });

  it('queues each reminder from its moment on by the server’s clock, and not a millisecond before', async () => {
    h.clock.now = IN_SEASON;
    const { input } = await h.register(childRegistration({ categories: ['dance'], email: 'edge.payer@example.org' }));
    // Registered exactly 3 days before IN_SEASON: the first reminder is due at IN_SEASON.
    await h.t.database.rows(sql`update registrations set created_at = ${new Date(IN_SEASON.getTime() - 3 * DAY).toISOString()}::timestamptz where id = ${input.id}::uuid`);
    const queued = async (reason: string) =>
      (await h.t.database.rows(sql`select id from mail_outbox where registration_id = ${input.id}::uuid and template = 'payment-reminder' and reason = ${reason}`)).length;

    await queuePaymentReminders(h.t.database, new Date(IN_SEASON.getTime() - 1), DEADLINE);
    expect(await queued('reminder-after-registering')).toBe(0);
    await queuePaymentReminders(h.t.database, IN_SEASON, DEADLINE);
    expect(await queued('reminder-after-registering')).toBe(1);

    // The last call: 2 days before registrations close.
    const lastCall = DEADLINE.getTime() - 2 * DAY;
    await queuePaymentReminders(h.t.database, new Date(lastCall - 1), DEADLINE);
    expect(await queued('reminder-before-deadline')).toBe(0);
    await queuePaymentReminders(h.t.database, new Date(lastCall), DEADLINE);
    expect(await queued('reminder-before-deadline')).toBe(1);
  });
});
