import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { IN_SEASON, useFamilyHarness } from '../../../tests/setup/family-harness';
import { childRegistration, instituteRegistration } from '../../../tests/setup/registration-fixtures';
import { json, TEST_ORIGIN } from '../../../tests/setup/test-app';
import { testDatabaseKinds } from '../../../tests/setup/test-database';
import { signIn, withCookie } from '../auth/sign-in-for-tests';

const DAY = 86_400_000;

type ErasureList = {
  items: { id: string; registrationId: string; referenceCode: string; status: string; dueAt: string; overdue: boolean; name: string | null; registrationType: string | null; categories: string[] | null }[];
  erasedCount: number;
};

describe.each(testDatabaseKinds())('erasure requests on %s', (kind) => {
  const h = useFamilyHarness(kind);
  const admin = (path: string, init: RequestInit = {}) => h.admin(path, init);
  const list = async () => (await (await admin('/api/erasure-requests')).json()) as ErasureList;
  const ask = async (token: string) => h.family(token, '/registration/erasure-request', { method: 'POST' });

  it('lists open requests by deadline with whose they are, and flags the overdue ones', async () => {
    h.clock.now = IN_SEASON;
    const early = await h.register(childRegistration({ name: 'Early Asker' }));
    const late = await h.register(instituteRegistration({ instituteName: 'Late Academy' }));
    h.clock.now = new Date(IN_SEASON.getTime() + 5 * DAY);
    await ask(late.token);
    h.clock.now = IN_SEASON;
    await ask(early.token);

    h.clock.now = new Date(IN_SEASON.getTime() + 31 * DAY);
    // A month on, the admin signs in again (sessions last 12 hours).
    const later = await signIn(h.t);
    const body = (await (await h.t.request('/api/erasure-requests', withCookie(later))).json()) as ErasureList;
    expect(body.items.map((i) => [i.name, i.status, i.overdue])).toEqual([
      ['Early Asker', 'open', true],
      ['Late Academy', 'open', false],
    ]);
    expect(body.items[0]?.dueAt).toBe(new Date(IN_SEASON.getTime() + 30 * DAY).toISOString());
    expect(body.erasedCount).toBe(0);
    h.clock.now = IN_SEASON;
  });

  it('carries one out: personal data gone, the anonymous count kept, the audit log kept without values', async () => {
    h.clock.now = IN_SEASON;
    const { input, token } = await h.register(childRegistration({ name: 'Erase Me Please', city: 'Karur', categories: ['yoga', 'dance'] }));
    const update = { type: 'participant', name: 'Erase Me Please', age: 7, email: input.email, phone: input.phone, city: 'Trichy', categories: ['yoga', 'dance'], version: 1 };
    expect((await h.family(token, '/registration', json(update, 'PUT'))).status).toBe(200);
    await ask(token);
    const { total: totalBefore } = await (await admin('/api/registrations')).json();
    const request = (await list()).items.find((i) => i.registrationId === input.id);
    if (!request) throw new Error('no request listed');

    const done = await admin(`/api/erasure-requests/${request.id}/complete`, { method: 'POST' });
    expect(done.status).toBe(200);
    expect((await done.json()).erasureRequest).toMatchObject({ id: request.id, status: 'completed', completedBy: 'test-admin', completedAt: IN_SEASON.toISOString() });

    // The registration and everything hanging off it are gone.
    expect((await admin(`/api/registrations/${input.id}`)).status).toBe(404);
    expect((await (await admin('/api/registrations')).json()).total).toBe(totalBefore - 1);
    expect((await h.family(token, '/registration')).status).toBe(404);
    for (const table of ['consent_records', 'mail_outbox', 'family_links']) {
      const [row] = await h.t.database.rows<{ n: number }>(sql`select count(*)::int as n from ${sql.raw(table)} where registration_id = ${input.id}`);
      expect(Number(row?.n), table).toBe(0);
    }
    const everything = JSON.stringify(await h.t.database.rows(sql`select * from audit_log`)) + JSON.stringify(await h.t.database.rows(sql`select * from erasure_requests`));
    for (const personal of ['Erase Me Please', 'Karur', 'Trichy', input.email]) expect(everything).not.toContain(personal);

    // What stays: the anonymous count, and the history of what was done, without values.
    const after = await list();
    expect(after.erasedCount).toBe(1);
    expect(after.items.find((i) => i.id === request.id)).toMatchObject({ status: 'completed', name: null, registrationType: 'participant', categories: ['dance', 'yoga'] });
    const audit = (await (await admin('/api/audit?kind=change')).json()).items.filter((e: { entityId: string }) => e.entityId === input.id);
    expect(audit.map((e: { action: string; actor: string }) => [e.action, e.actor])).toEqual([
      ['registration.erase', 'admin'],
      ['registration.erasure_requested', 'family'],
      ['registration.update', 'family'],
    ]);
    expect(audit[2].changes).toEqual({ city: 'erased' });
    expect(audit[2].ip).toBeNull();

    const again = await admin(`/api/erasure-requests/${request.id}/complete`, { method: 'POST' });
    expect(again.status).toBe(409);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    expect((await admin('/api/erasure-requests/00000000-0000-4000-8000-000000000000/complete', { method: 'POST' })).status).toBe(404);
    expect((await admin('/api/erasure-requests/not-an-id/complete', { method: 'POST' })).status).toBe(404);
  });

  it('needs an admin session, and the same-origin proof to carry one out', async () => {
    expect((await h.t.request('/api/erasure-requests')).status).toBe(401);
    const { token } = await h.register();
    await ask(token);
    const [open] = (await list()).items.filter((i) => i.status === 'open');
    const cookie = await signIn(h.t);
    const crossSite = await h.t.app.request(`${TEST_ORIGIN}/api/erasure-requests/${open?.id}/complete`, {
      method: 'POST',
      headers: { Cookie: cookie, Origin: 'https://evil.example', Host: 'localhost', 'X-Requested-With': 'fetch' },
    });
    expect(crossSite.status).toBe(403);
    expect((await h.family(token, '/registration')).status).toBe(200);
  });
});
