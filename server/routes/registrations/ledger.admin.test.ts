import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { VENUE_SESSIONS } from '@domain/season';
import { useFamilyHarness } from '../../../tests/setup/family-harness';
import { childRegistration, instituteRegistration } from '../../../tests/setup/registration-fixtures';
import { json } from '../../../tests/setup/test-app';
import { testDatabaseKinds } from '../../../tests/setup/test-database';
import { signInStaff, withCookie } from '../auth/sign-in-for-tests';

type Entry = { id: string; kind: string; method: string | null; amountPaise: number; receiptNumber: number | null; voidedAt: string | null; voidedBy: string | null; reason: string | null; source: string };
type Payment = { status: string; duePaise: number; paidPaise: number; waivedPaise: number; entries: Entry[] };

describe.each(testDatabaseKinds())('the ledger on %s', (kind) => {
  const h = useFamilyHarness(kind);
  const now = () => h.clock.now.toISOString();
  const record = (id: string, entry: Record<string, unknown>) => h.admin(`/api/registrations/${id}/ledger`, json({ id: randomUUID(), occurredAt: now(), ...entry }));
  const paymentOf = async (id: string) => ((await (await h.admin(`/api/registrations/${id}`)).json()) as { payment: Payment }).payment;
  const statusesIn = async (status: string) =>
    ((await (await h.admin(`/api/registrations?payment=${status}&limit=200`)).json()) as { items: { id: string }[] }).items.map((item) => item.id);

  it('follows a registration from unpaid to part paid, paid and overpaid, with a receipt number for each payment', async () => {
    const { input } = await h.register(childRegistration({ categories: ['dance', 'yoga'] }));
    expect(await paymentOf(input.id)).toMatchObject({ status: 'unpaid', duePaise: 19_800, paidPaise: 0 });
    expect(await statusesIn('unpaid')).toContain(input.id);

    const first = await record(input.id, { kind: 'payment', method: 'upi', amountRupees: 99, reference: '412345678901' });
    expect(first.status).toBe(201);
    const firstEntry = ((await first.json()) as { entry: Entry }).entry;
    expect(firstEntry).toMatchObject({ kind: 'payment', method: 'upi', amountPaise: 9_900, source: 'admin', receiptNumber: expect.any(Number) });
    expect((await paymentOf(input.id)).status).toBe('part_paid');

    const second = (await (await record(input.id, { kind: 'payment', method: 'cash', amountRupees: 99 })).json()) as { entry: Entry; payment: Payment };
    expect(second.payment.status).toBe('paid');
    expect(second.entry.receiptNumber).toBeGreaterThan(firstEntry.receiptNumber!);
    expect(await statusesIn('paid')).toContain(input.id);
    expect(await statusesIn('unpaid')).not.toContain(input.id);

    await record(input.id, { kind: 'payment', method: 'bank', amountRupees: 10.5 });
    expect(await paymentOf(input.id)).toMatchObject({ status: 'overpaid', paidPaise: 20_850 });
  });

  it('records a repeated entry once, and refuses another entry under a used id', async () => {
    const { input } = await h.register(childRegistration({ categories: ['dance'] }));
    const entry = { id: randomUUID(), kind: 'payment', method: 'cash', amountRupees: 99, occurredAt: now() };
    expect((await h.admin(`/api/registrations/${input.id}/ledger`, json(entry))).status).toBe(201);
    const again = await h.admin(`/api/registrations/${input.id}/ledger`, json(entry));
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ status: 'duplicate' });
    expect((await h.admin(`/api/registrations/${input.id}/ledger`, json({ ...entry, amountRupees: 50 }))).status).toBe(409);
    expect((await paymentOf(input.id)).entries).toHaveLength(1);
  });

  it('waives and refunds only with a reason, and says which fields are wrong', async () => {
    const { input } = await h.register(childRegistration({ categories: ['dance'] }));
    const noReason = await record(input.id, { kind: 'waiver', amountRupees: 99 });
    expect(noReason.status).toBe(422);
    expect(await noReason.json()).toMatchObject({ error: { fields: { reason: expect.stringMatching(/reason/) } } });
    const badMethod = await record(input.id, { kind: 'payment', amountRupees: 0 });
    expect(((await badMethod.json()) as { error: { fields: Record<string, string> } }).error.fields).toMatchObject({ amountRupees: expect.any(String), method: expect.any(String) });
    expect((await record(input.id, { kind: 'payment', method: 'cash', amountRupees: 99, occurredAt: '2031-01-01T00:00:00Z' })).status).toBe(422);

    expect((await record(input.id, { kind: 'waiver', amountRupees: 99, reason: 'Sponsored by the school' })).status).toBe(201);
    expect((await paymentOf(input.id)).status).toBe('waived');

    const paid = await h.register(childRegistration({ categories: ['dance'] }));
    await record(paid.input.id, { kind: 'payment', method: 'upi', amountRupees: 99 });
    await record(paid.input.id, { kind: 'refund', method: 'upi', amountRupees: 99, reason: 'Cancelled before the contest' });
    expect((await paymentOf(paid.input.id)).status).toBe('refunded');
  });

  it('voids an entry made by mistake: it stays, marked, stops counting, and the change is audited', async () => {
    const { input } = await h.register(childRegistration({ categories: ['dance'] }));
    const { entry } = (await (await record(input.id, { kind: 'payment', method: 'cash', amountRupees: 99 })).json()) as { entry: Entry };
    expect((await paymentOf(input.id)).status).toBe('paid');
    const voided = await h.admin(`/api/registrations/${input.id}/ledger/${entry.id}/void`, json({ reason: 'Entered on the wrong child' }));
    expect(voided.status).toBe(200);
    const payment = ((await voided.json()) as { payment: Payment }).payment;
    expect(payment.status).toBe('unpaid');
    expect(payment.entries).toEqual([expect.objectContaining({ id: entry.id, voidedBy: 'test-admin' })]);
    expect((await h.admin(`/api/registrations/${input.id}/ledger/${entry.id}/void`, json({ reason: 'again' }))).status).toBe(409);
    expect((await h.admin(`/api/registrations/${input.id}/ledger/${randomUUID()}/void`, json({ reason: 'nothing there' }))).status).toBe(404);
    const audit = (await (await h.admin('/api/audit?kind=change')).json()) as { items: { action: string; entityId: string }[] };
    expect(audit.items.filter((a) => a.entityId === input.id).map((a) => a.action)).toEqual(expect.arrayContaining(['ledger.record', 'ledger.void']));
  });

  it('puts a venue’s cash fee in the same ledger, with a receipt, once however often the device sends it', async () => {
    const session = VENUE_SESSIONS.find((v) => v.categories.includes('crawling'))!;
    const { input } = await h.register(childRegistration({ age: 7, categories: ['crawling'] }));
    const staff = await signInStaff(h.t);
    const fee = { id: randomUUID(), registrationId: input.id, status: 'paid', amountRupees: session.feeRupees, recordedAt: now(), sessionId: session.id, deviceId: 'hall-phone' };
    for (let i = 0; i < 2; i++) expect((await h.t.request('/api/venue/fees/batch', withCookie(staff, json({ fees: [fee] })))).status).toBe(200);
    const payment = await paymentOf(input.id);
    expect(payment).toMatchObject({ status: 'paid', duePaise: 33_300, paidPaise: 33_300 });
    expect(payment.entries).toEqual([expect.objectContaining({ id: fee.id, kind: 'payment', method: 'cash', source: 'venue', receiptNumber: expect.any(Number) })]);
  });

  it('asks nothing of an institute, and only admins reach the ledger', async () => {
    const { input } = await h.register(instituteRegistration());
    expect((await paymentOf(input.id)).status).toBe('nothing_due');
    const staff = await signInStaff(h.t);
    const asStaff = await h.t.request(`/api/registrations/${input.id}/ledger`, withCookie(staff, json({ id: randomUUID(), kind: 'payment', method: 'cash', amountRupees: 1, occurredAt: now() })));
    expect(asStaff.status).toBe(403);
    expect((await h.t.request(`/api/registrations/${input.id}/ledger`, json({}))).status).toBe(401);
  });

  it('lists the ledger newest first, a page at a time, and exports every entry as the accounts CSV', async () => {
    const { input } = await h.register(childRegistration({ name: 'Ledger Listed', categories: ['dance'] }));
    for (const day of ['2027-02-20', '2027-02-25', '2027-02-23']) {
      await record(input.id, { kind: 'payment', method: 'upi', amountRupees: 33, reference: `UTR-${day}`, occurredAt: `${day}T12:00:00+05:30` });
    }
    type Page = { items: { occurredAt: string; referenceCode: string; name: string; reference: string }[]; nextCursor: string | null };
    const first = (await (await h.admin('/api/ledger?limit=2')).json()) as Page;
    const mine = async () => {
      const all: Page['items'] = [];
      let cursor: string | null = null;
      do {
        const page = (await (await h.admin(`/api/ledger?limit=2${cursor ? `&cursor=${cursor}` : ''}`)).json()) as Page;
        all.push(...page.items);
        cursor = page.nextCursor;
      } while (cursor);
      return all.filter((item) => item.referenceCode === input.referenceCode);
    };
    expect(first.items).toHaveLength(2);
    expect(first.nextCursor).toEqual(expect.any(String));
    expect((await mine()).map((item) => item.reference)).toEqual(['UTR-2027-02-25', 'UTR-2027-02-23', 'UTR-2027-02-20']);
    expect((await h.admin('/api/ledger?cursor=nonsense')).status).toBe(400);

    const csv = await (await h.admin('/api/ledger/export.csv')).text();
    const cells = (line: string | undefined) => [...(line ?? '').matchAll(/"((?:[^"]|"")*)"/g)].map((m) => m[1]);
    expect(cells(csv.split('\r\n')[0])).toEqual(['Date', 'Reference code', 'Child or institute', 'Kind', 'Amount (₹)', 'Method', 'Reference', 'Receipt number', 'Source', 'Recorded by', 'Reason', 'Voided']);
    const line = csv.split('\r\n').find((l) => l.includes('UTR-2027-02-23'));
    expect(cells(line)).toEqual(['2027-02-23', input.referenceCode, 'Ledger Listed', 'payment', '33.00', 'upi', 'UTR-2027-02-23', expect.stringMatching(/^R-\d{6}$/), 'admin', 'test-admin', '', '']);
  });

  it('exports the accounts of a span of days in Chennai, both ends included, with refunds as negative amounts', async () => {
    const { input } = await h.register(childRegistration({ name: 'Span Accounts', categories: ['dance', 'yoga'] }));
    const entries = [
      { kind: 'payment', method: 'upi', amountRupees: 11, reference: 'SPAN-before', occurredAt: '2027-02-10T23:30:00+05:30' },
      // 00:30 in Chennai is still the day before in UTC: the accounts count Chennai's day.
      { kind: 'payment', method: 'upi', amountRupees: 22, reference: 'SPAN-first', occurredAt: '2027-02-11T00:30:00+05:30' },
      { kind: 'refund', method: 'upi', amountRupees: 5.5, reference: 'SPAN-refund', reason: 'Paid twice', occurredAt: '2027-02-12T23:59:00+05:30' },
      { kind: 'payment', method: 'bank', amountRupees: 33, reference: 'SPAN-after', occurredAt: '2027-02-13T00:00:00+05:30' },
    ];
    for (const entry of entries) expect((await record(input.id, entry)).status).toBe(201);
    const cells = (line: string | undefined) => [...(line ?? '').matchAll(/"((?:[^"]|"")*)"/g)].map((m) => m[1]);
    const response = await h.admin('/api/ledger/export.csv?from=2027-02-11&to=2027-02-12');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain('accounts-2027-02-11-to-2027-02-12.csv');
    const mine = (await response.text()).split('\r\n').filter((line) => line.includes('SPAN-'));
    expect(mine.map((line) => [cells(line)[0], cells(line)[3], cells(line)[4], cells(line)[6]])).toEqual([
      ['2027-02-12', 'refund', '-5.50', 'SPAN-refund'],
      ['2027-02-11', 'payment', '22.00', 'SPAN-first'],
    ]);
    // One end open: from a day on.
    const fromOn = (await (await h.admin('/api/ledger/export.csv?from=2027-02-13')).text()).split('\r\n').filter((line) => line.includes('SPAN-'));
    expect(fromOn.map((line) => cells(line)[6])).toEqual(['SPAN-after']);

    for (const query of ['from=2027-02-30', 'to=11-02-2027', 'from=2027-02-12&to=2027-02-11']) {
      const refused = await h.admin(`/api/ledger/export.csv?${query}`);
      expect(refused.status).toBe(422);
      expect(Object.keys(((await refused.json()) as { error: { fields: Record<string, string> } }).error.fields)).toHaveLength(1);
    }
    const reads = (await (await h.admin('/api/audit?kind=read')).json()) as { items: { action: string; changes: Record<string, unknown> | null }[] };
    expect(reads.items.find((a) => a.action === 'read.ledger.export' && a.changes?.from === '2027-02-11')?.changes).toMatchObject({ to: '2027-02-12', rows: expect.any(Number), complete: true });
  });
});
