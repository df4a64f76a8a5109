import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useFamilyHarness } from '../../../tests/setup/family-harness';
import { childRegistration } from '../../../tests/setup/registration-fixtures';
import { json } from '../../../tests/setup/test-app';
import { testDatabaseKinds } from '../../../tests/setup/test-database';
import { generateRegistrations, insertRegistrations, seededRandom } from '../../cli/seed-registrations';
import { FEE_DUE_PAISE } from '../../db/stores/payment-store';

const FIXTURES = join(import.meta.dirname, '../../../tests/fixtures/statements');
const CSV = readFileSync(join(FIXTURES, 'hdfc-march-2027.csv'));
const CAMT = readFileSync(join(FIXTURES, 'camt053-overlap.xml'));
type Expected = {
  registrations: { code: string; name: string; guardianName: string; email: string; phone: string; categories: string[] }[];
  reported: { code: string; utr: string }[];
  csv: Record<string, string>;
  suggestedFor: Record<string, string>;
  camt: { known: number; fresh: Record<string, string> };
};
const EXPECTED = JSON.parse(readFileSync(join(FIXTURES, 'expected.json'), 'utf8')) as Expected;

type Row = { id: string; bookedOn: string | null; amountPaise: number | null; reference: string | null; state: string; registrations: { referenceCode: string }[]; suggestions: { referenceCode: string }[] | null };
type Summary = { lines: number; newRows: number; knownRows: number; states: Record<string, number> };

describe.each(testDatabaseKinds())('bank statements on %s', (kind) => {
  const h = useFamilyHarness(kind, { env: { PUBLIC_WRITE_LIMIT_FACTOR: '0' } });
  const upload = (path: string, body: Buffer, type = 'text/csv') => h.admin(path, { method: 'POST', headers: { 'Content-Type': type }, body: new Uint8Array(body) });
  const rows = async (state = '') => ((await (await h.admin(`/api/statements/rows?limit=200&state=${state}`)).json()) as { items: Row[]; total: number }).items;
  const allRows = async () => {
    const items: Row[] = [];
    for (let offset = 0; ; offset += 200) {
      const page = ((await (await h.admin(`/api/statements/rows?limit=200&offset=${offset}`)).json()) as { items: Row[] }).items;
      items.push(...page);
      if (page.length < 200) return items;
    }
  };
  const ledgerCount = async () => Number((await h.t.database.rows<{ n: number }>(sql`select count(*)::int as n from ledger_entries`))[0]?.n);

  beforeAll(async () => {
    // The families the statements pay for, registered before the statement's days.
    const records = EXPECTED.registrations.map((r) =>
      childRegistration({ referenceCode: r.code, name: r.name, guardianName: r.guardianName, email: r.email, phone: r.phone, categories: r.categories as ['dance'] }),
    );
    for (let i = 0; i < records.length; i += 100) {
      const response = await h.t.request('/api/registrations/batch', json({ registrations: records.slice(i, i + 100) }));
      expect(response.status).toBe(200);
    }
    await h.t.database.rows(sql`update registrations set created_at = '2027-03-01T10:00:00+05:30'`);
    for (const report of EXPECTED.reported) {
      await h.t.database.rows(sql`
        insert into payment_reports (id, registration_id, utr, reported_at)
        select ${randomUUID()}::uuid, id, ${report.utr}, '2027-03-03T09:00:00+05:30' from registrations where reference_code = ${report.code}`);
    }
  }, 120_000);

  it('previews an HDFC export: finds the header below the bank’s lines and guesses every column', async () => {
    const response = await upload('/api/statements/preview', CSV);
    expect(response.status).toBe(200);
    const preview = (await response.json()) as { format: string; rows: string[][]; mapping: Record<string, unknown>; remembered: boolean };
    expect(preview.format).toBe('csv');
    expect(preview.rows[7]?.[0]).toBe('Date');
    expect(preview.mapping).toMatchObject({ headerRow: 7, date: 0, narration: 1, reference: 2, debit: 4, credit: 5, balance: 6, dateOrder: 'DMY' });
    expect(preview.remembered).toBe(false);
  });

  it('imports 200 lines: every line ends in the state the fixture says, each credit counted once', async () => {
    const preview = (await (await upload('/api/statements/preview', CSV)).json()) as { mapping: unknown };
    const response = await upload(`/api/statements/import?fileName=hdfc-march-2027.csv&mapping=${encodeURIComponent(JSON.stringify(preview.mapping))}`, CSV);
    expect(response.status).toBe(201);
    const summary = (await response.json()) as Summary;
    expect(summary).toMatchObject({ lines: 200, newRows: 200, knownRows: 0 });
    const wanted: Record<string, number> = {};
    for (const state of Object.values(EXPECTED.csv)) wanted[state] = (wanted[state] ?? 0) + 1;
    expect(summary.states).toEqual(wanted);

    const stored = await allRows();
    expect(stored).toHaveLength(200);
    for (const row of stored.filter((r) => r.reference)) expect([row.reference, row.state]).toEqual([row.reference, EXPECTED.csv[row.reference!]]);
    expect(stored.filter((r) => r.state === 'invalid')).toHaveLength(3);
    // The lines a person must decide come first.
    expect(stored.slice(0, 18).map((r) => r.state).sort()).toEqual([...Array(5).fill('already_paid'), ...Array(3).fill('invalid'), ...Array(5).fill('no_match'), ...Array(5).fill('overpayment'), ...Array(5).fill('suggested')].sort().slice(0, 18));
    // The two siblings' transfers went to both children, and the suggestions name the right family.
    for (const split of stored.filter((r) => r.state === 'split')) expect(split.registrations).toHaveLength(2);
    for (const row of stored.filter((r) => r.state === 'suggested')) {
      expect(row.suggestions?.map((s) => s.referenceCode)).toContain(EXPECTED.suggestedFor[row.reference!]);
    }
  });

  it('imports the same file again, and an overlapping CAMT.053 statement, without counting anything twice', async () => {
    const entries = await ledgerCount();
    const mapping = ((await (await upload('/api/statements/preview', CSV)).json()) as { mapping: unknown; remembered: boolean });
    expect(mapping.remembered).toBe(true);
    // The same bank's export without the lines above its header: remembered, under its own header line.
    const bare = Buffer.from(CSV.toString('utf8').split('\n').slice(7).join('\n'));
    const barePreview = (await (await upload('/api/statements/preview', bare)).json()) as { mapping: { headerRow: number; credit: number }; remembered: boolean };
    expect(barePreview).toMatchObject({ remembered: true, mapping: { headerRow: 0, credit: 5 } });
    const again = (await (await upload(`/api/statements/import?fileName=again.csv&mapping=${encodeURIComponent(JSON.stringify(mapping.mapping))}`, CSV)).json()) as Summary;
    expect(again).toMatchObject({ lines: 200, newRows: 0, knownRows: 200, states: {} });
    expect(await ledgerCount()).toBe(entries);

    const camt = await upload('/api/statements/import?fileName=camt053.xml', CAMT, 'application/xml');
    expect(camt.status).toBe(201);
    const summary = (await camt.json()) as Summary;
    expect(summary).toMatchObject({ lines: 30, newRows: 10, knownRows: EXPECTED.camt.known, states: { matched: 10 } });
    expect(await ledgerCount()).toBe(entries + 10);
  });

  it('pages the lines 200 at a time: the 201st is on the second page, no line twice, and bad paging is refused', async () => {
    type Page = { items: Row[]; total: number };
    const page = async (query: string) => (await (await h.admin(`/api/statements/rows?${query}`)).json()) as Page;
    const first = await page('limit=200');
    const second = await page('limit=200&offset=200');
    expect(first.total).toBe(210);
    expect(first.items).toHaveLength(200);
    expect(second).toMatchObject({ total: 210 });
    expect(second.items).toHaveLength(10);
    const ids = [...first.items, ...second.items].map((row) => row.id);
    expect(new Set(ids).size).toBe(210);
    expect(Number((await h.t.database.rows<{ n: number }>(sql`select count(*)::int as n from statement_rows`))[0]?.n)).toBe(210);
    for (const bad of ['limit=201', 'limit=0', 'offset=-1', 'limit=ten']) {
      const response = await h.admin(`/api/statements/rows?${bad}`);
      expect(response.status, bad).toBe(422);
    }
  });

  it('keeps the ledger’s daily totals equal to the statement’s credits that went into it', async () => {
    const ledger = await h.t.database.rows<{ day: string; paise: number }>(sql`
      select to_char(occurred_at at time zone 'Asia/Kolkata', 'YYYY-MM-DD') as day, sum(amount_paise)::int as paise
      from ledger_entries where source = 'statement' and voided_at is null group by 1 order by 1`);
    const statement = await h.t.database.rows<{ day: string; paise: number }>(sql`
      select to_char(booked_on, 'YYYY-MM-DD') as day, sum(amount_paise)::int as paise from statement_rows
      where state in ('matched', 'split', 'part_payment', 'overpayment', 'already_paid') group by 1 order by 1`);
    expect(ledger.map((d) => [d.day, Number(d.paise)])).toEqual(statement.map((d) => [d.day, Number(d.paise)]));
    expect(ledger.map((d) => d.day)).toEqual(['2027-03-01', '2027-03-02', '2027-03-03', '2027-03-04', '2027-03-06']);
  });

  it('lets a person match a suggested row by its code, and undo it, both audited', async () => {
    const [row] = await rows('suggested');
    const code = EXPECTED.suggestedFor[row!.reference!]!;
    const matched = await h.admin(`/api/statements/rows/${row!.id}/match`, json({ referenceCodes: [code.toLowerCase().replace(/-/g, ' ')] }));
    expect(matched.status).toBe(200);
    expect(((await matched.json()) as { row: Row }).row).toMatchObject({ state: 'matched', registrations: [{ referenceCode: code }] });
    const registrationId = (await h.t.database.rows<{ id: string }>(sql`select id::text as id from registrations where reference_code = ${code}`))[0]!.id;
    const paid = (await (await h.admin(`/api/registrations/${registrationId}`)).json()) as { payment: { status: string } };
    expect(paid.payment.status).toBe('paid');
    // Matching it again is refused: undo first.
    expect((await h.admin(`/api/statements/rows/${row!.id}/match`, json({ referenceCodes: [code] }))).status).toBe(409);

    const undone = await h.admin(`/api/statements/rows/${row!.id}/unmatch`, { method: 'POST' });
    expect(((await undone.json()) as { row: Row }).row.state).toBe('suggested');
    const after = (await (await h.admin(`/api/registrations/${registrationId}`)).json()) as { payment: { status: string; entries: { voidedAt: string | null }[] } };
    expect(after.payment.status).toBe('unpaid');
    expect(after.payment.entries).toEqual([expect.objectContaining({ voidedAt: expect.any(String) })]);
    const audit = (await (await h.admin('/api/audit?kind=change')).json()) as { items: { action: string; entityId: string }[] };
    expect(audit.items.filter((a) => a.entityId === row!.id).map((a) => a.action).sort()).toEqual(['statement.match', 'statement.unmatch']);
  });

  it('matches a narration that names the fee before the code ("KTC fee KTC…"), and leaves two real codes for a person', async () => {
    const one = childRegistration({ name: 'Nila Narration', guardianName: 'Meena Narration', email: 'nila.narration@example.org', phone: '9000000101', categories: ['dance'] });
    const two = childRegistration({ name: 'Vetri Narration', guardianName: 'Ravi Narration', email: 'vetri.narration@example.org', phone: '9000000102', categories: ['dance'] });
    expect((await h.t.request('/api/registrations/batch', json({ registrations: [one, two] }))).status).toBe(200);
    const bare = (code: string) => code.replace(/-/g, '');
    const file = Buffer.from(
      [
        'Date,Narration,Ref,Debit,Credit,Balance',
        `10/03/27,KTC fee ${bare(one.referenceCode)},NARR000000001,,99.00,1000.00`,
        `10/03/27,KTC fee ${bare(one.referenceCode)} ktc fee ${bare(two.referenceCode)},NARR000000002,,150.00,1150.00`,
      ].join('\n'),
    );
    const mapping = { headerRow: 0, date: 0, narration: 1, reference: 2, debit: 3, credit: 4, balance: 5, dateOrder: 'DMY' };
    const response = await upload(`/api/statements/import?fileName=narration.csv&mapping=${encodeURIComponent(JSON.stringify(mapping))}`, file);
    expect(response.status).toBe(201);
    expect(((await response.json()) as Summary).states).toEqual({ matched: 1, suggested: 1 });
    const mine = (await allRows()).filter((row) => row.reference?.startsWith('NARR'));
    expect(mine.find((row) => row.reference === 'NARR000000001')).toMatchObject({ state: 'matched', registrations: [{ referenceCode: one.referenceCode }] });
    // Two different real codes and an amount that is not what they owe together: as before, a person chooses.
    const both = mine.find((row) => row.reference === 'NARR000000002');
    expect(both?.state).toBe('suggested');
    expect(both?.suggestions?.map((s) => s.referenceCode).sort()).toEqual([one.referenceCode, two.referenceCode].sort());
  });

  it('lets the accountant resolve overpaid and double-paid lines (refunded or kept), audited, and keeps the refunds to make as a list and a CSV', async () => {
    type Refund = { id: string; bookedOn: string; state: string; narration: string; payerAccount: string | null; amountPaise: number; toRefundPaise: number; registrationId: string; referenceCode: string };
    const refunds = async () => ((await (await h.admin('/api/statements/refunds')).json()) as { items: Refund[] }).items;
    const waiting = async () => ((await (await h.admin('/api/statements/rows?limit=1')).json()) as { waiting: number }).waiting;
    const before = await refunds();
    expect(before.map((r) => r.state).sort()).toEqual([...Array(5).fill('already_paid'), ...Array(5).fill('overpayment')]);
    // The payer's details as the statement gave them, and what the registration holds beyond its fee.
    const upi = before.find((r) => r.narration.startsWith('UPI-'))!;
    expect(upi.payerAccount).toMatch(/^[\w.-]+@\w+$/);
    expect(before.find((r) => r.state === 'already_paid')!.toRefundPaise).toBe(before.find((r) => r.state === 'already_paid')!.amountPaise);
    for (const r of before) expect(r.toRefundPaise).toBeGreaterThan(0);
    const waitingBefore = await waiting();

    const resolve = (id: string, body: unknown) => h.admin(`/api/statements/rows/${id}/resolve`, json(body));
    // Kept, with why; without a reason it is refused.
    const [kept, refunded, linked, other] = [before[0]!, before[1]!, before[2]!, before[3]!];
    expect((await resolve(kept.id, { resolution: 'kept', note: '' })).status).toBe(422);
    const keptAnswer = await resolve(kept.id, { resolution: 'kept', note: 'The family asked us to keep it as a donation.' });
    expect(keptAnswer.status).toBe(200);
    expect(((await keptAnswer.json()) as { row: Record<string, unknown> }).row).toMatchObject({ resolution: 'kept', resolvedBy: 'test-admin', resolutionNote: 'The family asked us to keep it as a donation.' });
    expect((await resolve(kept.id, { resolution: 'kept', note: 'Again' })).status).toBe(409);

    // Refunded: the refund recorded from the line goes into the registration's ledger.
    const refundId = randomUUID();
    const refund = { id: refundId, amountRupees: refunded.toRefundPaise / 100, method: 'upi', reference: '512345678901', occurredAt: '2027-03-01T18:00:00+05:30' };
    const refundedAnswer = await resolve(refunded.id, { resolution: 'refunded', refund });
    expect(refundedAnswer.status).toBe(200);
    expect(((await refundedAnswer.json()) as { row: Record<string, unknown> }).row).toMatchObject({ resolution: 'refunded', refundEntryId: refundId });
    const money = (await (await h.admin(`/api/registrations/${refunded.registrationId}`)).json()) as { payment: { status: string; entries: { id: string; kind: string; amountPaise: number }[] } };
    expect(money.payment.entries).toContainEqual(expect.objectContaining({ id: refundId, kind: 'refund', amountPaise: refunded.toRefundPaise }));
    expect(money.payment.status).toBe('paid');

    // Or linked to a refund already recorded on the registration; one refund settles one line.
    const earlier = randomUUID();
    const recorded = await h.admin(`/api/registrations/${linked.registrationId}/ledger`, json({ id: earlier, kind: 'refund', method: 'bank', amountRupees: linked.toRefundPaise / 100, reason: 'Sent back by NEFT', occurredAt: '2027-03-01T18:30:00+05:30' }));
    expect(recorded.status).toBe(201);
    expect((await resolve(linked.id, { resolution: 'refunded', refundEntryId: earlier })).status).toBe(200);
    expect((await resolve(other.id, { resolution: 'refunded', refundEntryId: earlier })).status).toBe(409);
    expect((await resolve(other.id, { resolution: 'refunded' })).status).toBe(422);
    const [matched] = await rows('matched');
    expect((await resolve(matched!.id, { resolution: 'kept', note: 'Not overpaid at all' })).status).toBe(409);

    // Resolved lines leave the short list and the refunds to make; their match stays.
    const after = await refunds();
    expect(after.map((r) => r.id)).toEqual(before.slice(3).map((r) => r.id));
    expect(await waiting()).toBe(waitingBefore - 3);
    const firstRows = ((await (await h.admin(`/api/statements/rows?limit=${waitingBefore - 3}`)).json()) as { items: { id: string }[] }).items.map((r) => r.id);
    expect(firstRows).not.toContain(kept.id);
    expect((await h.admin(`/api/statements/rows/${refunded.id}/unmatch`, { method: 'POST' })).status).toBe(409);
    const audit = (await (await h.admin('/api/audit?kind=change')).json()) as { items: { action: string; entityId: string }[] };
    expect(audit.items.filter((a) => a.action === 'statement.resolve').map((a) => a.entityId).sort()).toEqual([kept.id, refunded.id, linked.id].sort());

    // The CSV: UTF-8 with its BOM, one line per refund to make, the read audited.
    const response = await h.admin('/api/statements/refunds.csv');
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).trim().split('\r\n');
    expect(lines[0]).toBe('"Date","Payer (narration)","UPI id or account","Bank reference","Amount received (₹)","To refund (₹)","Reference code","Child or institute","Why"');
    expect(lines).toHaveLength(after.length + 1);
    expect(lines.some((line) => line.includes(`"${after[0]!.referenceCode}"`))).toBe(true);
    const reads = (await (await h.admin('/api/audit?kind=read')).json()) as { items: { action: string }[] };
    expect(reads.items.map((a) => a.action)).toEqual(expect.arrayContaining(['read.statements.refunds', 'read.statements.refunds_export']));
  });

  it('lists the imports and undoes a whole one: its entries voided, the families told in their language, audited; refused once a match was confirmed by hand', async () => {
    type Import = { id: string; fileName: string; importedBy: string; importedAt: string; lines: number; matched: number; byHand: number; undoneAt: string | null };
    const imports = async () => ((await (await h.admin('/api/statements/imports')).json()) as { items: Import[] }).items;
    // The earlier tests' hundreds of confirmations and receipts are not this test's: set aside unsent.
    await h.t.database.rows(sql`update mail_outbox set status = 'skipped', last_error = 'not this test' where status = 'queued'`);
    const ta = childRegistration({ name: 'Kayal Undo', guardianName: 'Selvi Undo', email: 'kayal.undo@example.org', phone: '9000000201', categories: ['dance'], language: 'ta' });
    const en = childRegistration({ name: 'Mithran Undo', guardianName: 'Arun Undo', email: 'mithran.undo@example.org', phone: '9000000202', categories: ['dance'] });
    expect((await h.t.request('/api/registrations/batch', json({ registrations: [ta, en] }))).status).toBe(200);
    const file = Buffer.from(
      [
        'Date,Narration,Ref,Debit,Credit,Balance',
        `11/03/27,UPI-SELVI-selvi@okaxis-${ta.referenceCode},UNDO00000001,,99.00,2000.00`,
        `11/03/27,UPI-ARUN-arun@okaxis-${en.referenceCode},UNDO00000002,,99.00,2099.00`,
        '11/03/27,UPI-STRANGER-nobody@okaxis,UNDO00000003,,500.00,2599.00',
      ].join('\n'),
    );
    const mapping = encodeURIComponent(JSON.stringify({ headerRow: 0, date: 0, narration: 1, reference: 2, debit: 3, credit: 4, balance: 5, dateOrder: 'DMY' }));
    const imported = (await (await upload(`/api/statements/import?fileName=wrong-account.csv&mapping=${mapping}`, file)).json()) as { importId: string };
    await h.sendMail();
    expect(h.lastMailAbout(en.referenceCode).parsed.subject).toMatch(/^Payment received: receipt R-\d{6}/);
    const listed = (await imports())[0]!;
    expect(listed).toMatchObject({ id: imported.importId, fileName: 'wrong-account.csv', importedBy: 'test-admin', importedAt: expect.any(String), lines: 3, matched: 2, byHand: 0, undoneAt: null });

    const undone = await h.admin(`/api/statements/imports/${imported.importId}/undo`, { method: 'POST' });
    expect(undone.status).toBe(200);
    expect(await undone.json()).toEqual({ rows: 3, entriesVoided: 2, familiesTold: 2 });
    for (const code of [ta.referenceCode, en.referenceCode]) {
      const id = (await h.t.database.rows<{ id: string }>(sql`select id::text as id from registrations where reference_code = ${code}`))[0]!.id;
      const money = (await (await h.admin(`/api/registrations/${id}`)).json()) as { payment: { status: string; entries: { voidReason: string | null }[] } };
      expect(money.payment.status).toBe('unpaid');
      expect(money.payment.entries).toEqual([expect.objectContaining({ voidReason: 'Statement import undone' })]);
    }
    await h.sendMail();
    const english = h.lastMailAbout(en.referenceCode).parsed;
    expect(english.subject).toMatch(new RegExp(`^Receipt R-\\d{6} for ${en.referenceCode} withdrawn$`));
    expect(english.text).toContain('We took that payment from our bank statement by mistake, so the receipt is withdrawn.');
    const tamil = h.lastMailAbout(ta.referenceCode).parsed;
    expect(tamil.subject).toMatch(/திரும்பப் பெறப்பட்டது$/);
    expect(tamil.text).toContain('அந்த ரசீது திரும்பப் பெறப்படுகிறது');
    expect((await imports()).find((i) => i.id === imported.importId)).toMatchObject({ undoneAt: expect.any(String), matched: 0 });
    const audit = (await (await h.admin('/api/audit?kind=change')).json()) as { items: { action: string; entityId: string }[] };
    expect(audit.items).toContainEqual(expect.objectContaining({ action: 'statement.import_undo', entityId: imported.importId }));
    expect((await h.admin(`/api/statements/imports/${imported.importId}/undo`, { method: 'POST' })).status).toBe(409);

    // Its lines are gone, so the same file imports afresh; once a person confirmed a match in it, it stays.
    const again = (await (await upload(`/api/statements/import?fileName=right-account.csv&mapping=${mapping}`, file)).json()) as { importId: string; newRows: number; states: Record<string, number> };
    expect(again).toMatchObject({ newRows: 3, states: { matched: 2, no_match: 1 } });
    const stranger = (await allRows()).find((row) => row.reference === 'UNDO00000003')!;
    const other = childRegistration({ name: 'Stranger Undo', email: 'stranger.undo@example.org', phone: '9000000203', categories: ['dance'] });
    expect((await h.t.request('/api/registrations/batch', json({ registrations: [other] }))).status).toBe(200);
    expect((await h.admin(`/api/statements/rows/${stranger.id}/match`, json({ referenceCodes: [other.referenceCode] }))).status).toBe(200);
    const refused = await h.admin(`/api/statements/imports/${again.importId}/undo`, { method: 'POST' });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe('This import cannot be undone: 1 of its matches was confirmed by hand. Undo that match line by line instead.');
    expect((await h.admin(`/api/statements/imports/${randomUUID()}/undo`, { method: 'POST' })).status).toBe(404);
  });

  it('answers a file that is no CSV at all with the same 422 in the preview as in the import', async () => {
    // 5 MB of bytes with quotes in them: csv-parse gives up ("Invalid Closing Quote").
    const junk = Buffer.from('a,"b"c,d\n"x""y"z,1,2\n'.repeat(5 * 1024 * 1024 / 22));
    const preview = await upload('/api/statements/preview', junk);
    const imported = await upload('/api/statements/import?fileName=junk.csv&mapping=' + encodeURIComponent(JSON.stringify({ headerRow: 0, date: 0, narration: 1, reference: null, credit: 2, debit: null, amount: null, creditDebit: null, balance: null, dateOrder: 'DMY' })), junk);
    expect(imported.status).toBe(422);
    expect(preview.status).toBe(422);
    const codeOf = async (response: Response) => ((await response.json()) as { error: { code: string; fields?: Record<string, string> } }).error;
    const [fromPreview, fromImport] = [await codeOf(preview), await codeOf(imported)];
    expect(fromPreview.code).toBe(fromImport.code);
    expect(fromPreview.fields).toEqual(fromImport.fields);
  });
  it('refuses a code nobody has, a row that is not there, and anyone but an admin', async () => {
    const [row] = await rows('no_match');
    const unknown = await h.admin(`/api/statements/rows/${row!.id}/match`, json({ referenceCodes: ['KTC-0000-0000'] }));
    expect(unknown.status).toBe(422);
    expect((await h.admin(`/api/statements/rows/${randomUUID()}/unmatch`, { method: 'POST' })).status).toBe(404);
    expect((await h.t.request('/api/statements/rows')).status).toBe(401);
    const bad = await h.admin('/api/statements/import?fileName=x.csv&mapping=%7B%7D', { method: 'POST', headers: { 'Content-Type': 'text/csv' }, body: 'a,b\n1,2' });
    expect(bad.status).toBe(422);
  });

  it('weighs a whole busy week, read a piece at a time: the payer named is found among the farthest registrations of 600', async () => {
    // 600 registrations 8 minutes apart from noon on 20 May, so the week's read takes several pieces;
    // the farthest participant (the last piece) is the one the payer names.
    const seeded = generateRegistrations(600, seededRandom(47), Date.parse('2027-05-20T12:00:00+05:30'));
    expect(await insertRegistrations(h.t.database, seeded)).toBe(600);
    await h.t.database.rows(sql`
      update registrations r set created_at = '2027-05-20T12:00:00+05:30'::timestamptz + make_interval(mins => 8 * input.n)
      from unnest(${sql.param(seeded.map((row) => row.id))}::uuid[], ${sql.param(seeded.map((_, n) => n))}::int[]) as input(id, n) where r.id = input.id`);
    const [target] = await h.t.database.rows<{ id: string; code: string; due: number }>(sql`
      update registrations r set name = 'Zephyrine Quixotic' where r.id = (
        select id from registrations where id = any(${sql.param(seeded.map((row) => row.id))}::uuid[]) and type = 'participant' order by created_at desc limit 1)
      returning r.id::text as id, r.reference_code as code, ${FEE_DUE_PAISE} as due`);
    const file = Buffer.from(['Date,Narration,Ref,Debit,Credit,Balance', `20/05/27,UPI-ZEPHYRINE QUIXOTIC-okaxis,WEEKREF,,${(Number(target!.due) / 100).toFixed(2)},5000.00`].join('\n'));
    const mapping = { headerRow: 0, date: 0, narration: 1, reference: 2, debit: 3, credit: 4, balance: 5, dateOrder: 'DMY' };
    const response = await upload(`/api/statements/import?fileName=busy-week.csv&mapping=${encodeURIComponent(JSON.stringify(mapping))}`, file);
    expect(response.status).toBe(201);
    expect(((await response.json()) as Summary).states).toEqual({ suggested: 1 });
    const row = (await allRows()).find((r) => r.reference === 'WEEKREF');
    expect(row?.suggestions?.map((s) => s.referenceCode)).toEqual([target!.code]);
  });
});
