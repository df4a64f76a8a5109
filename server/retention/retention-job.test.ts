import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { retentionAt, retentionNoticeAt, formatDay, retentionDate, VENUE_SESSIONS } from '@domain/season';
import { issuedCertificate } from '../../tests/setup/certificate-fixtures';
import { createFamilyHarness, type FamilyHarness } from '../../tests/setup/family-harness';
import { realImage } from '../../tests/setup/photos';
import { childRegistration, instituteRegistration } from '../../tests/setup/registration-fixtures';
import { createTestApp, json } from '../../tests/setup/test-app';
import { testDatabaseKinds } from '../../tests/setup/test-database';
import { seedRegistrations } from '../cli/seed-registrations';
import { openDatabase, type Database } from '../db/client';
import { ERASE_PIECE_ROWS } from '../db/stores/retention-store';
import { sessionCookieOf, signIn, signInStaff, withCookie } from '../routes/auth/sign-in-for-tests';
import { runRetention, retentionStatus } from './retention-job';

const MINUTE = 60_000;

/** Every personal value the seeded season holds; none may survive the erasure anywhere. */
const PERSONAL = [
  'Nila Sundaram', 'nila.parent@example.org', '98400 11111', 'Guardian Sundaram',
  'Bright Minds Academy', 'office@brightminds.example.org', '044 2811 2222',
  'Baby Vetri', 'vetri.home@example.org', '98400 33333',
  'Deleted Child', 'deleted@example.org',
  'Judge Janaki', 'janaki@example.org', 'Thirty years of Carnatic teaching', 'janaki music school',
  'Curious Parent', 'curious@example.org', 'About the finals venue', 'Is there parking near the Music Academy?',
  'nila.news@example.org', '2026-07-04', 'Sundaram twins hardship', 'Nila%20Sundaram',
];

describe.each(testDatabaseKinds())('the retention job on %s', (kind) => {
  let h: FamilyHarness;
  let second: Database;
  let judgeId: string;
  let codes: string[];
  /** The families' private links: they work until the erasure, then never again (issue 44). */
  let tokens: string[];
  beforeAll(async () => {
    h = await createFamilyHarness(kind);
    // A second instance on the same database: its own connection pool on Postgres; PGlite has
    // one process per data directory (ADR 008), so there the two runs share the handle.
    second = h.t.database.url ? await openDatabase({ kind: 'postgres', url: h.t.database.url, maxConnections: 2 }) : h.t.database;
    const cookie = await signIn(h.t);
    const admin = (path: string, init: RequestInit = {}) => h.t.request(path, withCookie(cookie, init));

    const child = await h.register(childRegistration({ name: 'Nila Sundaram', email: 'nila.parent@example.org', phone: '98400 11111', guardianName: 'Guardian Sundaram', city: 'Madurai' }));
    const institute = await h.register(
      instituteRegistration({ instituteName: 'Bright Minds Academy', email: 'office@brightminds.example.org', phone: '044 2811 2222' }),
    );
    const baby = childRegistration({ name: 'Baby Vetri', email: 'vetri.home@example.org', phone: '98400 33333', age: 7, categories: ['crawling'], guardianName: 'Guardian Sundaram' });
    expect((await h.t.request('/api/registrations', json({ ...baby, savedAt: new Date(h.clock.now.getTime() - 2 * 86_400_000).toISOString() }))).status).toBe(201);
    const deleted = await h.register(childRegistration({ name: 'Deleted Child', email: 'deleted@example.org' }));
    expect((await admin(`/api/registrations/${deleted.input.id}`, { method: 'DELETE' })).status).toBe(200);
    // The child's entry (a video, still to be sent): entries are children's data too.
    expect((await h.family(child.token, '/entries', json({ id: randomUUID(), category: 'dance', levelId: 'level1', files: [{ bytes: 1000 }] }))).status).toBe(201);
    // A certificate names the child in full (issue 25): it goes with the season.
    await issuedCertificate(h.t.deps, child.input.id, 'Nila Sundaram');
    // The child's family asked for erasure too: the job completes that request.
    expect((await h.family(child.token, '/registration/erasure-request', { method: 'POST' })).status).toBeLessThan(300);
    codes = [child.input.referenceCode, institute.input.referenceCode, baby.referenceCode, deleted.input.referenceCode];
    tokens = [child.token, institute.token];

    judgeId = randomUUID();
    const form = new FormData();
    form.set('id', judgeId);
    form.set('name', 'Judge Janaki');
    form.set('email', 'janaki@example.org');
    form.set('expertise', 'Classical Singer');
    form.set('experience', '30');
    form.set('bio', 'Thirty years of Carnatic teaching');
    form.set('photo', new Blob([await realImage('png')], { type: 'image/png' }), 'me.png');
    expect((await h.t.request('/api/judges', { method: 'POST', body: form })).status).toBe(201);
    expect((await admin(`/api/judges/${judgeId}`, json({ status: 'approved', note: 'Janaki is great' }, 'PATCH'))).status).toBe(200);
    // Invited to judge: an account named by her email, with a conflict declared, that signed in.
    expect((await admin(`/api/judges/${judgeId}/invite`, { method: 'POST' })).status).toBe(200);
    await h.sendMail();
    const invitation = h.smtp.received.find((mail) => mail.parsed.subject?.includes('judge account'))?.parsed.text ?? '';
    const token = /\/judge\/welcome#([A-Za-z0-9_-]{43})/.exec(invitation)?.[1];
    expect((await h.t.request('/api/auth/invite', json({ token, password: 'songs are judged with care' }))).status).toBe(200);
    const judgeLogin = await h.t.request('/api/auth/login', json({ username: 'janaki@example.org', password: 'songs are judged with care', remember: false }));
    expect(judgeLogin.status).toBe(200);
    const judgeCookie = sessionCookieOf(judgeLogin);
    expect((await h.t.request('/api/judge/profile', withCookie(judgeCookie, json({ conflicts: ['Janaki Music School'] }, 'PUT')))).status).toBe(200);
    const contact = { id: randomUUID(), name: 'Curious Parent', email: 'curious@example.org', phone: '98400 44444', subject: 'About the finals venue', message: 'Is there parking near the Music Academy?', contactMethod: 'Email' };
    expect((await h.t.request('/api/contact', json(contact))).status).toBe(201);
    expect((await h.t.request('/api/newsletter', json({ id: randomUUID(), email: 'nila.news@example.org' }))).status).toBeLessThan(300);
    // An admin searched for the child by name: the read audit keeps the filters typed.
    expect((await admin('/api/registrations?q=Nila%20Sundaram')).status).toBe(200);
    // Venue mode: the baby checked in with a date of birth, the fee waived with a reason.
    const staff = await signInStaff(h.t);
    const session = VENUE_SESSIONS.find((v) => v.categories.includes('crawling'))!;
    const venue = (path: string, body: unknown) => h.t.request(path, withCookie(staff, json(body)));
    const mark = { sessionId: session.id, deviceId: 'device-retention' };
    const at = h.clock.now.toISOString();
    expect((await venue('/api/venue/check-ins/batch', { checkIns: [{ id: randomUUID(), registrationId: baby.id, checkedInAt: at, dateOfBirth: '2026-07-04', ...mark }] })).status).toBe(200);
    expect(
      (await venue('/api/venue/fees/batch', { fees: [{ id: randomUUID(), registrationId: baby.id, status: 'waived', waiverReason: 'Sundaram twins hardship', amountRupees: session.feeRupees, recordedAt: at, ...mark }] })).status,
    ).toBe(200);
    // The family's UPI payment as the bank's statement shows it: the payer's name and UPI address.
    const upload = (body: string) => admin('/api/statements/import?fileName=march.csv&mapping=' + encodeURIComponent(JSON.stringify({ headerRow: 0, date: 0, narration: 1, reference: 2, credit: 3 })), { method: 'POST', headers: { 'Content-Type': 'text/csv' }, body });
    expect((await upload(`Date,Narration,Ref,Deposit\r\n01/03/27,UPI-Nila Sundaram-nila.parent@example.org-${child.input.referenceCode},412345678901,99.00\r\n`)).status).toBe(201);
    await h.sendMail();
  });
  afterAll(async () => {
    if (second !== h.t.database) await second.close();
    await h.close();
  });

  const outbox = (reason: string) => h.t.database.rows<{ n: number }>(sql`select count(*)::int as n from mail_outbox where reason = ${reason}`);

  it('waits until 48 hours before the date, and a dry run changes nothing', async () => {
    const early = await runRetention(h.t.database, { now: new Date(retentionNoticeAt().getTime() - MINUTE) });
    expect(early).toMatchObject({ step: 'none', outcome: 'waiting' });
    const dry = await runRetention(h.t.database, { now: retentionNoticeAt(), dryRun: true });
    expect(dry).toMatchObject({ step: 'notice', outcome: 'would-run', dryRun: true });
    expect(dry.counts).toEqual({ registrations: 4, registrationsWithEmail: 3, judgeApplications: 1, contactMessages: 1 });
    expect((await outbox('retention'))[0]?.n).toBe(0);
    const status = await retentionStatus(h.t.database);
    expect(status).toMatchObject({ retentionDate: retentionDate(), noticeSentAt: null, erasedAt: null, pending: dry.counts });
  });

  it('48 hours before, notifies each live registration with an email, once', async () => {
    const sentBefore = h.smtp.received.length;
    const run = await runRetention(h.t.database, { now: retentionNoticeAt() });
    expect(run).toMatchObject({ step: 'notice', outcome: 'ran' });
    expect(await runRetention(second, { now: new Date(retentionNoticeAt().getTime() + MINUTE) })).toMatchObject({ step: 'none', outcome: 'waiting' });
    expect((await outbox('retention'))[0]?.n).toBe(3);
    expect(await h.sendMail()).toBe(3);
    const notices = h.smtp.received.slice(sentBefore);
    expect(notices.map((m) => m.parsed.subject).sort()).toEqual(
      [codes[0], codes[1], codes[2]].map((code) => `Your registration ${code} will be erased on ${formatDay(retentionDate())}`).sort(),
    );
  });

  it('on the date, erases exactly once with two instances, keeps the counts, leaves nothing personal', async () => {
    const counted = async () => (await h.t.database.rows<{ n: number }>(sql`select count(*)::int as n from registrations where deleted_at is null or erased_at is not null`))[0]?.n;
    const before = await counted();
    expect(await runRetention(h.t.database, { now: new Date(retentionAt().getTime() - MINUTE) })).toMatchObject({ outcome: 'waiting' });
    // Until the erasure, every link we emailed still opens the family's data.
    h.clock.now = new Date(retentionAt().getTime() - MINUTE);
    for (const token of tokens) expect((await h.family(token, '/registration/data')).status).toBe(200);

    // Emails written as files (no SMTP_URL) hold the same data and a live link.
    const mailFolder = mkdtempSync(join(tmpdir(), 'ktc-mail-'));
    writeFileSync(join(mailFolder, 'confirmation.eml'), 'To: nila.parent@example.org\r\n\r\nNila Sundaram');
    const runs = await Promise.all([
      runRetention(h.t.database, { now: retentionAt(), mailFolder }),
      runRetention(second, { now: retentionAt(), mailFolder }),
    ]);
    expect(runs.filter((run) => run.outcome === 'ran')).toHaveLength(1);
    // The erasure ends every link: none is left to outlive the data.
    for (const token of tokens) expect((await h.family(token, '/registration/data')).status).toBe(404);
    expect(await h.t.database.rows(sql`select id from family_links`)).toEqual([]);
    expect(runs.filter((run) => run.outcome !== 'ran').map((run) => run.outcome)).toEqual([expect.stringMatching(/^(busy|waiting|done)$/)]);
    expect(await runRetention(second, { now: new Date(retentionAt().getTime() + 3_600_000) })).toMatchObject({ step: 'none', outcome: 'waiting' });
    const audits = await h.t.database.rows<{ action: string; actor: string; changes: Record<string, unknown> }>(
      sql`select action, actor, changes from audit_log where action like 'retention.%' order by id`,
    );
    expect(audits.map((a) => [a.action, a.actor])).toEqual([['retention.notice', 'system'], ['retention.erase', 'system']]);
    expect(audits[1]?.changes).toMatchObject({ registrations: 4, judgeApplications: 1, contactMessages: 1 });

    // The anonymous rows still count: the three live registrations, not the deleted one.
    expect(await counted()).toBe(before);
    const kept = await h.t.database.rows<{ type: string; categories: string[]; city: string; age: number | null }>(
      sql`select type, categories, city, age from registrations order by type, city`,
    );
    expect(kept).toHaveLength(3);
    expect(kept.map((row) => row.city).sort()).toEqual(['Chennai', 'Madurai', 'Tambaram']);
    const [judge] = await h.t.database.rows<{ photo: unknown; expertise: string; status: string }>(
      sql`select photo, expertise, status from judge_applications where id = ${judgeId}::uuid`,
    );
    expect(judge).toEqual({ photo: null, expertise: 'Classical Singer', status: 'approved' });
    // Entries go with the season (their files with the next sweep, server/entries/entry-files.ts).
    expect(await h.t.database.rows(sql`select id from entries`)).toEqual([]);
    expect(await h.t.database.rows(sql`select id from certificates`)).toEqual([]);
    const [erasure] = await h.t.database.rows<{ status: string }>(sql`select status from erasure_requests`);
    expect(erasure?.status).toBe('completed');

    // Every row of every table, whatever it is.
    const tables = await h.t.database.rows<{ name: string }>(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    expect(tables.length).toBeGreaterThan(15);
    const dumps: string[] = [];
    for (const { name } of tables) {
      const [row] = await h.t.database.rows<{ dump: string | null }>(sql`select json_agg(t)::text as dump from ${sql.identifier(name)} t`);
      dumps.push(`${name}: ${row?.dump ?? ''}`);
    }
    const dump = dumps.join('\n');
    expect(readdirSync(mailFolder)).toEqual([]);
    expect(dump.length).toBeGreaterThan(100);
    for (const value of [...PERSONAL, ...codes]) expect(dump, value).not.toContain(value);
    expect(dump).not.toContain('Janaki is great');
  });

  it('keeps the overview working on the erased season', async () => {
    const cookie = await signIn(h.t);
    const overview = (await (await h.t.request('/api/overview', withCookie(cookie))).json()) as { total: number; erased: number; perType: { type: string; count: number }[] };
    expect(overview).toMatchObject({ total: 3, erased: 3 });
    expect(overview.perType).toEqual([{ type: 'participant', count: 2 }, { type: 'institute', count: 1 }]);
    const list = (await (await h.t.request('/api/registrations', withCookie(cookie))).json()) as { items: unknown[] };
    expect(list.items).toHaveLength(0);
  });
});

describe.each(testDatabaseKinds())('the retention job on a season larger than one statement on %s', (kind) => {
  it('erases every registration, piece by piece, and the overview still counts each one once', async () => {
    const t = await createTestApp(kind);
    try {
      await seedRegistrations(t.database, ERASE_PIECE_ROWS + 1);
      expect(await runRetention(t.database, { now: retentionNoticeAt() })).toMatchObject({ outcome: 'ran' });
      expect(await runRetention(t.database, { now: retentionAt(), mailFolder: mkdtempSync(join(tmpdir(), 'ktc-mail-')) })).toMatchObject({ outcome: 'ran' });
      const [rows] = await t.database.rows<{ left: number; erased: number }>(
        sql`select count(*) filter (where erased_at is null)::int as "left", count(*) filter (where erased_at is not null)::int as erased from registrations`,
      );
      expect(rows).toEqual({ left: 0, erased: ERASE_PIECE_ROWS + 1 });
      const [counts] = await t.database.rows<{ counted: number; erased: number }>(
        sql`select (select sum(n) from overview_counts where chart = 'type')::int as counted, (select sum(n) from overview_counts where chart = 'erased')::int as erased`,
      );
      expect(counts).toEqual({ counted: ERASE_PIECE_ROWS + 1, erased: ERASE_PIECE_ROWS + 1 });
    } finally {
      await t.close();
    }
  });
});
