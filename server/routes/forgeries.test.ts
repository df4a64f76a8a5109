import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRecordSecret } from '@domain/record-secret';
import { VENUE_SESSIONS } from '@domain/season';
import { childRegistration } from '../../tests/setup/registration-fixtures';
import { createTestApp, json, type TestApp } from '../../tests/setup/test-app';
import { testDatabaseKinds } from '../../tests/setup/test-database';
import { signIn, signInStaff, withCookie } from './auth/sign-in-for-tests';

const CRAWLING = VENUE_SESSIONS.find((s) => s.categories.includes('crawling'))!;

type Result = { status: string; error?: { fields?: Record<string, string> } };

/** Dates that do not exist and records that claim what their sender cannot vouch for: a clear 4xx, never a 5xx, never stored as claimed. */
describe.each(testDatabaseKinds())('impossible dates and forged claims on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let staff: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await signIn(t);
    staff = await signInStaff(t);
  });
  afterAll(() => t.close());

  const withSecret = <T extends object>(record: T) => ({ ...record, recordSecret: createRecordSecret() });
  const baby = (overrides: Record<string, unknown> = {}) => withSecret(childRegistration({ name: 'Baby', age: 7, categories: ['crawling'], ...overrides }));

  it('a day that does not exist (31 February, year 0) is a 4xx on the list and the CSV, never a 500', async () => {
    for (const day of ['2026-02-31', '0000-01-01', '2026-13-01', '1999-12-31']) {
      for (const path of ['/api/registrations', '/api/registrations/export.csv']) {
        const response = await t.request(`${path}?day=${day}`, withCookie(admin));
        expect(response.status, `${path}?day=${day}`).toBeGreaterThanOrEqual(400);
        expect(response.status, `${path}?day=${day}`).toBeLessThan(500);
      }
    }
    expect((await t.request('/api/registrations?day=2026-02-28', withCookie(admin))).status).toBe(200);
  });

  it('a check-in at year 0 or a fee recorded in year 1 is refused record by record', async () => {
    const [child] = [baby()];
    await t.request('/api/registrations/batch', json({ registrations: [child] }));
    const mark = { sessionId: CRAWLING.id, deviceId: 'device-forgery-1' };
    const checkIns = await t.request(
      '/api/venue/check-ins/batch',
      withCookie(staff, json({ checkIns: [{ id: randomUUID(), registrationId: child!.id, checkedInAt: '0000-01-01T00:00:00Z', ...mark }] })),
    );
    expect(checkIns.status).toBe(200);
    expect(((await checkIns.json()) as { results: Result[] }).results[0]).toMatchObject({ status: 'invalid', error: { fields: { checkedInAt: expect.any(String) } } });
    const fees = await t.request(
      '/api/venue/fees/batch',
      withCookie(
        staff,
        json({ fees: [{ id: randomUUID(), registrationId: child!.id, status: 'paid', amountRupees: CRAWLING.feeRupees, recordedAt: '0001-06-01T10:00:00Z', ...mark }] }),
      ),
    );
    expect(((await fees.json()) as { results: Result[] }).results[0]).toMatchObject({ status: 'invalid', error: { fields: { recordedAt: expect.any(String) } } });
    const fiveYearsAgo = new Date(Date.now() - 5 * 365 * 24 * 3600 * 1000).toISOString();
    const old = await t.request(
      '/api/venue/fees/batch',
      withCookie(staff, json({ fees: [{ id: randomUUID(), registrationId: child!.id, status: 'paid', amountRupees: CRAWLING.feeRupees, recordedAt: fiveYearsAgo, ...mark }] })),
    );
    expect(((await old.json()) as { results: Result[] }).results[0]).toMatchObject({ status: 'invalid', error: { fields: { recordedAt: expect.any(String) } } });
    const [stored] = await t.database.rows<{ n: number }>(sql`select (select count(*) from venue_check_ins) + (select count(*) from venue_fees) as n`);
    expect(Number(stored?.n)).toBe(0);
  });

  it('an anonymous registration cannot claim consent taken by field staff, nor a consent date years ago', async () => {
    const staffClaim = baby({ consentChannel: 'field-staff' });
    const single = await t.request('/api/registrations', json(staffClaim));
    expect(single.status).toBe(422);
    expect((await single.json()).error.fields).toHaveProperty('consentChannel');
    const old = baby({ consentedAt: '2020-01-01T10:00:00Z' });
    const batch = await t.request('/api/registrations/batch', json({ registrations: [staffClaim, old] }));
    const { results } = (await batch.json()) as { results: Result[] };
    expect(results.map((r) => r.status)).toEqual(['invalid', 'invalid']);
    expect(results[1]!.error!.fields).toHaveProperty('consentedAt');
    const stored = await t.database.rows(sql`select id from registrations where id in (${staffClaim.id}::uuid, ${old.id}::uuid)`);
    expect(stored).toEqual([]);
    // A consent ticked this morning is fine.
    expect((await t.request('/api/registrations', json(baby({ consentedAt: new Date(Date.now() - 3600_000).toISOString() })))).status).toBe(201);
  });

  it('a walk-in must be for a contest its session holds, and a public registration replayed as a walk-in is not re-labelled', async () => {
    const mark = { sessionId: CRAWLING.id, deviceId: 'device-forgery-2', consentChannel: 'field-staff' as const };
    const dancer = withSecret(childRegistration({ name: 'Dancer', categories: ['dance'], ...mark }));
    const walkIns = await t.request('/api/venue/walk-ins/batch', withCookie(staff, json({ walkIns: [dancer] })));
    expect(((await walkIns.json()) as { results: Result[] }).results[0]).toMatchObject({ status: 'invalid', error: { fields: { categories: expect.any(String) } } });

    const publicOne = baby();
    expect((await t.request('/api/registrations/batch', json({ registrations: [publicOne] }))).status).toBe(200);
    const replay = await t.request('/api/venue/walk-ins/batch', withCookie(staff, json({ walkIns: [{ ...publicOne, sessionId: CRAWLING.id, deviceId: 'device-attacker' }] })));
    expect(((await replay.json()) as { results: Result[] }).results[0]!.status).toBe('duplicate');
    const marks = await t.database.rows(sql`select device_id from venue_walk_ins where registration_id = ${publicOne.id}::uuid`);
    expect(marks).toEqual([]);

    const real = baby({ ...mark });
    const created = await t.request('/api/venue/walk-ins/batch', withCookie(staff, json({ walkIns: [real] })));
    expect(((await created.json()) as { results: Result[] }).results[0]!.status).toBe('created');
    const [consent] = await t.database.rows<{ channel: string }>(sql`select channel from consent_records where registration_id = ${real.id}::uuid`);
    expect(consent?.channel).toBe('field-staff');
  });
});
