import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ENTRY_DEADLINE } from '@domain/season';
import { IN_SEASON, useFamilyHarness } from '../../../tests/setup/family-harness';
import { childRegistration } from '../../../tests/setup/registration-fixtures';
import { testDatabaseKinds } from '../../../tests/setup/test-database';
import { queuePaymentReminders, recordLedgerEntry } from '../../db/stores/payment-store';
import { signIn, withCookie } from '../auth/sign-in-for-tests';

type Unpaid = { deadline: string; passed: boolean; total: number; items: { referenceCode: string; status: string; email: string; duePaise: number; paidPaise: number; reminder: { status: string; sentAt: string | null } | null }[] };

describe.each(testDatabaseKinds())('unpaid after the deadline on %s', (kind) => {
  const h = useFamilyHarness(kind, { env: { UPI_VPA: 'kidstalent@okaxis', UPI_PAYEE_NAME: 'Kids Talent Competition' } });
  const deadline = new Date(ENTRY_DEADLINE);
  const day = 86_400_000;
  // The test moves the clock by days: an admin signs in afresh at each moment (a session lasts 12 hours).
  const admin = async (path: string) => h.t.request(path, withCookie(await signIn(h.t)));

  it('sends one last reminder once registrations have closed, then lists those still owing; nothing is deleted', async () => {
    h.clock.now = IN_SEASON;
    const unpaid = await h.register(childRegistration({ name: 'Late Payer', email: 'late.payer@example.org', categories: ['dance', 'yoga'] }));
    const partPaid = await h.register(childRegistration({ name: 'Half Payer', email: 'half.payer@example.org', categories: ['dance', 'yoga'], language: 'ta' }));
    const paid = await h.register(childRegistration({ name: 'Prompt Payer', email: 'prompt.payer@example.org', categories: ['dance'] }));
    const baby = await h.register(childRegistration({ name: 'Venue Payer', email: 'venue.payer@example.org', age: 7, categories: ['crawling'] }));
    const cancelled = await h.register(childRegistration({ name: 'Gone Payer', email: 'gone.payer@example.org', categories: ['dance'] }));
    expect((await h.family(cancelled.token, '/registration/cancel', { method: 'POST' })).status).toBe(200);
    const payment = (registrationId: string, amountRupees: number) =>
      recordLedgerEntry(h.t.database, { id: randomUUID(), registrationId, kind: 'payment', method: 'upi', amountRupees, source: 'admin', sourceRef: null, recordedBy: 'test-admin', occurredAt: IN_SEASON.toISOString() });
    await payment(paid.input.id, 99);
    await payment(partPaid.input.id, 99);
    const codes = [unpaid, partPaid, paid, baby, cancelled].map((r) => r.input.referenceCode);
    const list = async () => {
      const response = await admin('/api/ledger/unpaid-after-deadline');
      expect(response.status).toBe(200);
      const body = (await response.json()) as Unpaid;
      return { ...body, items: body.items.filter((item) => codes.includes(item.referenceCode)) };
    };

    // Before the deadline: no list, and no last reminder.
    h.clock.now = new Date(deadline.getTime() - day);
    expect(await list()).toMatchObject({ passed: false, items: [] });
    const lastReminders = () => h.smtp.received.filter((m) => /Registrations closed on|முடிவடைந்துவிட்டன/.test(m.parsed.text ?? ''));
    await queuePaymentReminders(h.t.database, h.clock.now, deadline);
    await h.sendMail();
    expect(lastReminders()).toEqual([]);

    // Once they have closed: one reminder to each registration that still owes online, however often it is looked for.
    h.clock.now = new Date(deadline.getTime() + 2 * 3_600_000);
    await Promise.all([queuePaymentReminders(h.t.database, h.clock.now, deadline), queuePaymentReminders(h.t.database, h.clock.now, deadline)]);
    await queuePaymentReminders(h.t.database, new Date(h.clock.now.getTime() + day), deadline);
    await h.sendMail();
    const sent = lastReminders();
    expect(sent.map((m) => m.parsed.subject).sort()).toEqual([`Reminder: the entry fee for ${unpaid.input.referenceCode}`, `நினைவூட்டல்: ${partPaid.input.referenceCode}க்கான பதிவுக் கட்டணம்`].sort());
    expect(sent.find((m) => m.parsed.subject?.includes(unpaid.input.referenceCode))?.parsed.text).toContain(
      'Registrations closed on 15 April 2027, and we have not received the online entry fee for Late Payer. Please pay it now',
    );

    const after = await list();
    expect(after.passed).toBe(true);
    expect(after.items.map((item) => item.referenceCode)).toEqual([unpaid.input.referenceCode, partPaid.input.referenceCode]);
    expect(after.items[0]).toMatchObject({ status: 'unpaid', email: 'late.payer@example.org', duePaise: 19_800, paidPaise: 0, reminder: { status: 'sent', sentAt: expect.any(String) } });
    expect(after.items[1]).toMatchObject({ status: 'part_paid', paidPaise: 9_900, reminder: { status: 'sent' } });
    // Nothing was deleted or cancelled for not paying.
    const detail = (await (await admin(`/api/registrations/${unpaid.input.id}`)).json()) as { registration: { deletedAt: string | null; cancelledAt: string | null } };
    expect(detail.registration).toMatchObject({ deletedAt: null, cancelledAt: null });
    const reads = (await (await admin('/api/audit?kind=read')).json()) as { items: { action: string }[] };
    expect(reads.items.map((a) => a.action)).toContain('read.ledger.unpaid');
  });
});
