import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VENUE_SESSIONS } from '@domain/season';
import type { RosterPage } from '@domain/venue';
import { createTestApp, json, type TestApp } from '../../../tests/setup/test-app';
import { childRegistration } from '../../../tests/setup/registration-fixtures';
import { testDatabaseKinds } from '../../../tests/setup/test-database';
import { setAccountDisabled, upsertAdmin } from '../../db/stores/account-store';
import { sessionCookieOf, signIn, signInStaff, withCookie } from '../auth/sign-in-for-tests';

const CRAWLING = VENUE_SESSIONS.find((s) => s.categories.includes('crawling'))!;
const DEVICE_A = 'device-aaaaaaaa';
const DEVICE_B = 'device-bbbbbbbb';

function baby(name: string, age = 7) {
  return childRegistration({ name, age, categories: ['crawling'], phone: '+91 98765 4' + String(1000 + age).slice(-4) });
}

function checkIn(registrationId: string, deviceId = DEVICE_A, extra: Record<string, unknown> = {}) {
  return { id: randomUUID(), registrationId, sessionId: CRAWLING.id, deviceId, checkedInAt: new Date().toISOString(), ...extra };
}

describe.each(testDatabaseKinds())('venue mode on %s', (kind) => {
  let t: TestApp;
  let staff: string;
  const registered: { id: string; name: string }[] = [];

  beforeAll(async () => {
    t = await createTestApp(kind);
    staff = await signInStaff(t);
    const babies = [baby('Kavin', 6), baby('Meera', 8), baby('Nila', 7)];
    const batch = await t.request('/api/registrations/batch', json({ registrations: [...babies, childRegistration({ name: 'Older child' })] }));
    expect(batch.status).toBe(200);
    registered.push(...babies.map((b) => ({ id: b.id, name: String(b.name) })));
    // Registered an hour ago: a delta taken now must not bring them back (it re-reads only the last seconds).
    const { sql } = await import('drizzle-orm');
    await t.database.rows(sql`update registrations set created_at = now() - interval '1 hour', updated_at = now() - interval '1 hour'`);
  });
  afterAll(() => t.close());

  const roster = async (cursor?: string, cookie = staff) => {
    const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
    const response = await t.request(`/api/venue/sessions/${CRAWLING.id}/roster${query}`, withCookie(cookie));
    expect(response.status).toBe(200);
    return (await response.json()) as RosterPage;
  };

  it('a staff session lasts 3 days, survives a browser restart, and says its role', async () => {
    const login = await t.request('/api/auth/login', json({ username: 'venue-staff', password: 'another long test password', remember: false }));
    const body = (await login.json()) as { admin: { role: string }; expiresAt: string };
    expect(body.admin.role).toBe('staff');
    const days = (Date.parse(body.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(2.99);
    expect(days).toBeLessThanOrEqual(3);
    expect(login.headers.get('set-cookie')).toMatch(/Max-Age=259200/);
    const me = await t.request('/api/auth/me', withCookie(staff));
    expect(await me.json()).toMatchObject({ admin: { username: 'venue-staff', role: 'staff' } });
  });

  it('downloads the roster with only what check-in needs, then only what changed since the cursor', async () => {
    const first = await roster();
    expect(first.complete).toBe(true);
    expect(first.entries.map((e) => e.childName).sort()).toEqual(['Kavin', 'Meera', 'Nila']);
    const kavin = first.entries.find((e) => e.childName === 'Kavin')!;
    expect(Object.keys(kavin).sort()).toEqual(
      ['age', 'ageUnit', 'categories', 'checkIn', 'childName', 'fee', 'guardianName', 'phoneLast4', 'referenceCode', 'registrationId'].sort(),
    );
    expect(kavin).toMatchObject({ age: 6, ageUnit: 'months', guardianName: 'Lakshmi Raman', phoneLast4: '1006', checkIn: null, fee: null });
    expect(JSON.stringify(first)).not.toMatch(/parent@example\.org|98765/);

    // Nothing changed: the delta is empty (or only the overlap window, which the device upserts).
    const later = baby('Oviya', 9);
    await t.request('/api/registrations', json(later));
    const ticked = await t.request('/api/venue/check-ins/batch', withCookie(staff, json({ checkIns: [checkIn(kavin.registrationId)] })));
    expect(ticked.status).toBe(200);
    const delta = await roster(first.cursor);
    expect(delta.entries.map((e) => e.childName)).toEqual(expect.arrayContaining(['Oviya', 'Kavin']));
    expect(delta.entries.find((e) => e.childName === 'Kavin')?.checkIn).toMatchObject({ by: 'venue-staff', deviceId: DEVICE_A });
    expect(delta.entries.some((e) => e.childName === 'Meera')).toBe(false);

    // A registration an admin deletes leaves the roster through `removed`.
    const admin = await signIn(t);
    const oviya = delta.entries.find((e) => e.childName === 'Oviya')!;
    expect((await t.request(`/api/registrations/${oviya.registrationId}`, withCookie(admin, { method: 'DELETE' }))).status).toBe(200);
    const afterDelete = await roster(delta.cursor);
    expect(afterDelete.removed).toContain(oviya.registrationId);

    expect((await t.request(`/api/venue/sessions/${CRAWLING.id}/roster?cursor=junk`, withCookie(staff))).status).toBe(400);
  });

  it('a check-in is idempotent by its id, and the first of two devices wins', async () => {
    const meera = registered.find((r) => r.name === 'Meera')!;
    const record = checkIn(meera.id, DEVICE_A, { dateOfBirth: '2026-08-10' });
    const send = (body: unknown) => t.request('/api/venue/check-ins/batch', withCookie(staff, json(body)));
    const first = await (await send({ checkIns: [record] })).json();
    expect(first.results[0]).toMatchObject({ status: 'created', ageMonths: 8, ageWarning: null });
    const again = await (await send({ checkIns: [record, record] })).json();
    expect(again.results.map((r: { status: string }) => r.status)).toEqual(['duplicate', 'duplicate']);

    const other = checkIn(meera.id, DEVICE_B);
    const second = await (await send({ checkIns: [other] })).json();
    expect(second.results[0]).toMatchObject({ status: 'already_checked_in', first: { by: 'venue-staff', deviceId: DEVICE_A } });
    const [row] = await t.database.rows<{ count: number }>(
      (await import('drizzle-orm')).sql`select count(*)::int as count from venue_check_ins where registration_id = ${meera.id}::uuid`,
    );
    expect(row?.count).toBe(1);
  });

  it('re-checks the age in months on the session day and flags it outside the band', async () => {
    const nila = registered.find((r) => r.name === 'Nila')!;
    const response = await t.request(
      '/api/venue/check-ins/batch',
      withCookie(staff, json({ checkIns: [checkIn(nila.id, DEVICE_A, { dateOfBirth: '2025-12-01' })] })),
    );
    const body = await response.json();
    expect(body.results[0]).toMatchObject({ status: 'created', ageMonths: 16 });
    expect(body.results[0].ageWarning).toMatch(/outside the 5-9 months band/);
    // The flag reaches the admin: the registrations list, the registration's details and the session's summary.
    const admin = await signIn(t);
    const list = (await (await t.request(`/api/registrations?q=Nila`, withCookie(admin))).json()) as { items: { id: string; ageOutsideBand: boolean }[] };
    expect(list.items.find((item) => item.id === nila.id)?.ageOutsideBand).toBe(true);
    const detail = (await (await t.request(`/api/registrations/${nila.id}`, withCookie(admin))).json()) as { registration: { ageOutsideBand: boolean } };
    expect(detail.registration.ageOutsideBand).toBe(true);
    const summary = (await (await t.request('/api/venue/summary', withCookie(admin))).json()) as { sessions: { sessionId: string; ageOutsideBand: number }[] };
    expect(summary.sessions.find((session) => session.sessionId === CRAWLING.id)?.ageOutsideBand).toBe(1);
  });

  it('records a cash fee at the season price or a waiver with a reason, once per child', async () => {
    const [kavin, meera] = registered;
    const fee = (registrationId: string, extra: Record<string, unknown>) => ({
      id: randomUUID(), registrationId, sessionId: CRAWLING.id, deviceId: DEVICE_A, recordedAt: new Date().toISOString(), amountRupees: CRAWLING.feeRupees, ...extra,
    });
    const paid = fee(kavin!.id, { status: 'paid' });
    const send = (fees: unknown[]) => t.request('/api/venue/fees/batch', withCookie(staff, json({ fees })));
    const answers = await (await send([paid, paid, fee(meera!.id, { status: 'waived' }), fee(meera!.id, { status: 'paid', amountRupees: 10 })])).json();
    expect(answers.results.map((r: { status: string }) => r.status)).toEqual(['created', 'duplicate', 'invalid', 'invalid']);
    expect(answers.results[2].error.fields).toHaveProperty('waiverReason');
    const waived = await (await send([fee(meera!.id, { status: 'waived', waiverReason: 'Sibling already paid' })])).json();
    expect(waived.results[0].status).toBe('created');
    const second = await (await send([fee(kavin!.id, { status: 'waived', waiverReason: 'x', deviceId: DEVICE_B })])).json();
    expect(second.results[0]).toMatchObject({ status: 'already_recorded', first: { status: 'paid', deviceId: DEVICE_A } });
    expect(CRAWLING.feeRupees).toBe(333);
  });

  it('stores a walk-in marked with the staff member and device, once, with its confirmation email and the consent staff took', async () => {
    const walkIn = { ...baby('Walk-in baby', 6), consentChannel: 'field-staff' as const, sessionId: CRAWLING.id, deviceId: DEVICE_A };
    const send = () => t.request('/api/venue/walk-ins/batch', withCookie(staff, json({ walkIns: [walkIn] })));
    expect((await (await send()).json()).results[0].status).toBe('created');
    expect((await (await send()).json()).results[0].status).toBe('duplicate');
    const { sql } = await import('drizzle-orm');
    const marks = await t.database.rows<{ staff: string; device: string; mails: number }>(sql`
      select w.staff_username as staff, w.device_id as device,
        (select count(*)::int from mail_outbox m where m.registration_id = w.registration_id) as mails
      from venue_walk_ins w where w.registration_id = ${walkIn.id}::uuid`);
    expect(marks).toEqual([{ staff: 'venue-staff', device: DEVICE_A, mails: 1 }]);
    const consents = await t.database.rows<{ guardian: string; channel: string }>(sql`
      select guardian_name as guardian, channel from consent_records where registration_id = ${walkIn.id}::uuid`);
    expect(consents).toEqual([{ guardian: 'Lakshmi Raman', channel: 'field-staff' }]);
  });

  it('refuses a child\'s walk-in without the parent\'s consent, and stores nothing', async () => {
    const { guardianName: _g, privacyConsent: _p, privacyNoticeVersion: _v, ...bare } = baby('No consent baby', 6);
    const walkIn = { ...bare, sessionId: CRAWLING.id, deviceId: DEVICE_A };
    const response = await t.request('/api/venue/walk-ins/batch', withCookie(staff, json({ walkIns: [walkIn] })));
    const { results } = await response.json();
    expect(results[0]).toMatchObject({ id: walkIn.id, status: 'invalid', error: { fields: { guardianName: expect.any(String) } } });
    const { sql } = await import('drizzle-orm');
    expect(await t.database.rows(sql`select id from registrations where id = ${walkIn.id}::uuid`)).toEqual([]);
  });

  it('reconciliation names exactly which of a device\'s records the server holds', async () => {
    const kavin = registered[0]!;
    const missing = randomUUID();
    const lostRace = checkIn(registered[1]!.id, DEVICE_B); // Meera was checked in by device A first
    const response = await t.request(
      '/api/venue/reconcile',
      withCookie(staff, json({ registrations: [kavin.id, missing], checkIns: [{ id: lostRace.id, sessionId: CRAWLING.id, registrationId: lostRace.registrationId }, { id: randomUUID(), sessionId: CRAWLING.id, registrationId: missing }], fees: [] })),
    );
    expect(await response.json()).toEqual({ held: { registrations: [kavin.id], checkIns: [lostRace.id], fees: [], heats: [] } });
  });

  it('reconciliation refuses a session id the database cannot hold with a 422, not a failure', async () => {
    const asked = { checkIns: [{ id: randomUUID(), sessionId: 'a\u0000b', registrationId: randomUUID() }] };
    const response = await t.request('/api/venue/reconcile', withCookie(staff, json(asked)));
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ error: { code: 'validation_failed', fields: { checkIns: expect.any(String) } } });
  });

  it('the admin summary counts each session and who did what on which device', async () => {
    const admin = await signIn(t);
    const response = await t.request('/api/venue/summary', withCookie(admin));
    const { sessions } = (await response.json()) as { sessions: { sessionId: string; expected: number; checkedIn: number; walkIns: number; fees: Record<string, number>; byStaff: unknown[] }[] };
    const crawling = sessions.find((s) => s.sessionId === CRAWLING.id)!;
    expect(crawling).toMatchObject({ expected: 4, checkedIn: 3, walkIns: 1, fees: { paid: 1, paidRupees: 333, waived: 1, waivedRupees: 333 } });
    expect(crawling.byStaff).toEqual([{ staffUsername: 'venue-staff', deviceId: DEVICE_A, deviceName: null, checkIns: 3, walkIns: 1, feesPaid: 1, feesWaived: 1 }]);
  });

  it('the registrations table filters by checked in and by fee status', async () => {
    const admin = await signIn(t);
    const names = async (query: string) => {
      const response = await t.request(`/api/registrations?${query}&limit=200`, withCookie(admin));
      expect(response.status).toBe(200);
      const body = (await response.json()) as { items: { name: string }[]; filtered: number };
      expect(body.filtered).toBe(body.items.length);
      return body.items.map((item) => item.name).sort();
    };
    expect(await names('checkedIn=yes')).toEqual(['Kavin', 'Meera', 'Nila']);
    expect(await names('checkedIn=no&category=crawling')).toEqual(['Walk-in baby']);
    expect(await names('fee=paid')).toEqual(['Kavin']);
    expect(await names('fee=waived')).toEqual(['Meera']);
    expect(await names('fee=unpaid&category=crawling')).toEqual(['Nila', 'Walk-in baby']);
    expect((await t.request('/api/registrations?fee=maybe', withCookie(admin))).status).toBe(422);

    // Each row shows the fee of a child in an in-person session's contest; others have none.
    const response = await t.request('/api/registrations?limit=200', withCookie(admin));
    const { items } = (await response.json()) as { items: { name: string; venueFee: string | null }[] };
    const fees = Object.fromEntries(items.map((item) => [item.name, item.venueFee]));
    expect(fees).toMatchObject({ Kavin: 'paid', Meera: 'waived', Nila: 'unpaid', 'Walk-in baby': 'unpaid', 'Older child': null });
  });

  it('answers every record of a venue batch on its own: one with hidden characters is invalid with codes, the rest are stored', async () => {
    const [, , nila] = registered;
    const fee = { id: randomUUID(), registrationId: nila!.id, sessionId: CRAWLING.id, deviceId: DEVICE_A, recordedAt: new Date().toISOString(), amountRupees: CRAWLING.feeRupees };
    const fees = await t.request('/api/venue/fees/batch', withCookie(staff, json({ fees: [{ ...fee, status: 'waived', waiverReason: 'Twin\u0000' }, { ...fee, id: randomUUID(), status: 'waived', waiverReason: 'Twin' }] })));
    expect(fees.status).toBe(200);
    const feeResults = (await fees.json()).results;
    expect(feeResults.map((r: { status: string }) => r.status), JSON.stringify(feeResults)).toEqual(['invalid', 'created']);
    expect(feeResults[0].error).toMatchObject({ fields: { waiverReason: expect.any(String) }, codes: { waiverReason: expect.objectContaining({ code: 'text.hidden' }) } });

    const walkIn = { ...baby('Bad walk-in', 6), city: 'Chennai\u0000', consentChannel: 'field-staff' as const, sessionId: CRAWLING.id, deviceId: DEVICE_A };
    const walkIns = await (await t.request('/api/venue/walk-ins/batch', withCookie(staff, json({ walkIns: [walkIn] })))).json();
    expect(walkIns.results[0]).toMatchObject({ id: walkIn.id, status: 'invalid', error: { fields: { city: expect.any(String) }, codes: { city: expect.objectContaining({ code: 'text.hidden' }) } } });
    const checkIns = await (await t.request('/api/venue/check-ins/batch', withCookie(staff, json({ checkIns: [{ id: 'not-a-uuid' }] })))).json();
    expect(checkIns.results[0]).toMatchObject({ id: 'not-a-uuid', status: 'invalid', error: { codes: expect.any(Object) } });
  });

  it('an expired or disabled staff session answers 401, so the device keeps its records queued', async () => {
    const record = { checkIns: [checkIn(registered[2]!.id)] };
    const expired = await t.request('/api/venue/check-ins/batch', withCookie('ktc_session=expired-or-unknown', json(record)));
    expect(expired.status).toBe(401);

    await upsertAdmin(t.deps, 'second-staff', 'a third long test password', 'staff');
    const login = await t.request('/api/auth/login', json({ username: 'second-staff', password: 'a third long test password' }));
    const cookie = sessionCookieOf(login);
    await setAccountDisabled(t.deps, 'second-staff', true);
    expect((await t.request('/api/venue/check-ins/batch', withCookie(cookie, json(record)))).status).toBe(401);
    const again = await t.request('/api/auth/login', json({ username: 'second-staff', password: 'a third long test password' }));
    expect(again.status).toBe(401);
  });
  it('a device is named once by its records: the losing device, the roster and the admin say the name; the name given last wins, not the one received last; a bad name is refused', async () => {
    const [tamizh, yazhini] = [baby('Tamizh', 7), baby('Yazhini', 8)];
    expect((await t.request('/api/registrations/batch', json({ registrations: [tamizh, yazhini] }))).status).toBe(200);
    const send = async (checkIns: unknown[]) =>
      ((await (await t.request('/api/venue/check-ins/batch', withCookie(staff, json({ checkIns })))).json()) as { results: Record<string, unknown>[] }).results;

    expect(await send([checkIn(tamizh.id, DEVICE_A, { deviceName: 'Hall phone 2' })])).toMatchObject([{ status: 'created' }]);
    // The other phone, named too, is second: its answer names the phone that was first.
    const [lost] = await send([checkIn(tamizh.id, DEVICE_B, { deviceName: 'Desk tablet' })]);
    expect(lost).toMatchObject({ status: 'already_checked_in', first: { deviceId: DEVICE_A, deviceName: 'Hall phone 2' } });
    const rostered = (await roster()).entries.find((e) => e.childName === 'Tamizh');
    expect(rostered?.checkIn).toMatchObject({ deviceId: DEVICE_A, deviceName: 'Hall phone 2' });

    // Renamed: the next record carries the new name, and every answer after it says it.
    const fee = { id: randomUUID(), registrationId: yazhini.id, sessionId: CRAWLING.id, deviceId: DEVICE_A, deviceName: 'Gate phone', status: 'paid', amountRupees: CRAWLING.feeRupees, recordedAt: new Date().toISOString() };
    expect((await (await t.request('/api/venue/fees/batch', withCookie(staff, json({ fees: [fee] })))).json()).results).toMatchObject([{ status: 'created' }]);
    const [again] = await send([checkIn(tamizh.id, DEVICE_B)]);
    expect(again).toMatchObject({ status: 'already_checked_in', first: { deviceName: 'Gate phone' } });

    // A record queued on that phone before the rename, sent after it, brings the older name back: it is ignored.
    const renamedAt = Date.now();
    const named = (name: string, at: number) => ({ deviceName: name, deviceNamedAt: new Date(at).toISOString() });
    const [gate] = [baby('Ilakkiya', 7)];
    expect((await t.request('/api/registrations/batch', json({ registrations: [gate] }))).status).toBe(200);
    expect(await send([checkIn(gate.id, DEVICE_A, named('Gate phone 3', renamedAt))])).toMatchObject([{ status: 'created' }]);
    const [queuedBefore] = await send([checkIn(gate.id, DEVICE_A, named('Hall phone 2', renamedAt - 60_000))]);
    expect(queuedBefore).toMatchObject({ status: 'already_checked_in', first: { deviceName: 'Gate phone 3' } });
    // Nor does a record from before names had a time.
    const [untimed] = await send([checkIn(gate.id, DEVICE_B, { deviceName: 'Desk tablet' })]);
    expect(untimed).toMatchObject({ status: 'already_checked_in', first: { deviceName: 'Gate phone 3' } });

    const [hidden] = await send([checkIn(yazhini.id, DEVICE_B, { deviceName: 'Hall\u202e phone' })]);
    expect(hidden).toMatchObject({ status: 'invalid', error: { codes: { deviceName: expect.objectContaining({ code: 'text.hidden' }) } } });

    const admin = await signIn(t);
    const { sessions } = (await (await t.request('/api/venue/summary', withCookie(admin))).json()) as { sessions: { sessionId: string; byStaff: { deviceId: string; deviceName: string | null }[] }[] };
    const rows = sessions.find((s) => s.sessionId === CRAWLING.id)!.byStaff;
    expect(rows.find((row) => row.deviceId === DEVICE_A)?.deviceName).toBe('Gate phone 3');
  });
});
