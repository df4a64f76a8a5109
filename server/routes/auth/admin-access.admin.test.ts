import { describe, expect, it } from 'vitest';
import { TEST_ORIGIN } from '../../../tests/setup/test-app';
import { testDatabaseKinds } from '../../../tests/setup/test-database';
import { signInJudge, signInStaff, useAdminApp } from './sign-in-for-tests';

const SOME_ID = '00000000-0000-4000-8000-00000000abcd';

/** Every admin route (docs/api.md). A new admin route belongs in this list. */
const ADMIN_ROUTES: { method: string; path: string; body?: unknown }[] = [
  { method: 'GET', path: '/api/auth/me' },
  { method: 'POST', path: '/api/auth/logout' },
  { method: 'GET', path: '/api/registrations' },
  { method: 'GET', path: '/api/registrations/cities' },
  { method: 'GET', path: '/api/registrations/export.csv' },
  { method: 'GET', path: `/api/registrations/${SOME_ID}` },
  { method: 'PUT', path: `/api/registrations/${SOME_ID}`, body: {} },
  { method: 'DELETE', path: `/api/registrations/${SOME_ID}` },
  { method: 'POST', path: `/api/registrations/${SOME_ID}/restore` },
  { method: 'POST', path: `/api/registrations/${SOME_ID}/resend-confirmation` },
  { method: 'POST', path: `/api/registrations/${SOME_ID}/ledger`, body: {} },
  { method: 'GET', path: '/api/ledger' },
  { method: 'GET', path: '/api/ledger/export.csv' },
  { method: 'POST', path: '/api/statements/preview', body: {} },
  { method: 'POST', path: '/api/statements/import', body: {} },
  { method: 'GET', path: '/api/statements/rows' },
  { method: 'POST', path: `/api/statements/rows/${SOME_ID}/match`, body: {} },
  { method: 'POST', path: `/api/statements/rows/${SOME_ID}/unmatch` },
  { method: 'POST', path: `/api/statements/rows/${SOME_ID}/ignore`, body: {} },
  { method: 'POST', path: `/api/registrations/${SOME_ID}/ledger/${SOME_ID}/void`, body: {} },
  { method: 'GET', path: '/api/erasure-requests' },
  { method: 'POST', path: `/api/erasure-requests/${SOME_ID}/complete` },
  { method: 'GET', path: '/api/users' },
  { method: 'PUT', path: `/api/users/deleteuser/${SOME_ID}` },
  { method: 'GET', path: '/api/judges' },
  { method: 'GET', path: `/api/judges/${SOME_ID}/photo` },
  { method: 'GET', path: '/api/contact' },
  { method: 'PATCH', path: `/api/contact/${SOME_ID}`, body: { handled: true } },
  { method: 'GET', path: '/api/newsletter' },
  { method: 'GET', path: '/api/newsletter/export.csv' },
  { method: 'GET', path: '/api/audit' },
  { method: 'GET', path: '/api/staff' },
  { method: 'POST', path: '/api/staff', body: {} },
  { method: 'POST', path: '/api/staff/somebody/disable' },
  { method: 'POST', path: '/api/staff/somebody/enable' },
  { method: 'POST', path: '/api/staff/somebody/password', body: {} },
  { method: 'GET', path: '/api/venue/summary' },
  { method: 'GET', path: '/api/entries?category=dance' },
  { method: 'GET', path: `/api/entries/${SOME_ID}/files/0/media` },
  { method: 'POST', path: `/api/judges/${SOME_ID}/invite` },
  { method: 'GET', path: '/api/judging/rounds/level1' },
  { method: 'POST', path: '/api/judging/rounds', body: {} },
  { method: 'POST', path: `/api/judging/rounds/${SOME_ID}/state`, body: {} },
  { method: 'GET', path: `/api/judging/rounds/${SOME_ID}/moderation` },
  { method: 'POST', path: `/api/judging/rounds/${SOME_ID}/entries/${SOME_ID}/judges` },
  { method: 'PUT', path: `/api/judging/rounds/${SOME_ID}/entries/${SOME_ID}/notes/${SOME_ID}`, body: {} },
  { method: 'DELETE', path: `/api/judging/rounds/${SOME_ID}/entries/${SOME_ID}/judges/${SOME_ID}` },
  { method: 'GET', path: '/api/overview/vitals?days=7' },
  { method: 'GET', path: '/api/certificates' },
  { method: 'POST', path: '/api/certificates/issue', body: {} },
  { method: 'GET', path: '/api/certificates/print?category=drawing' },
  { method: 'GET', path: '/api/certificates/abcdefghijklmnop/pdf' },
  { method: 'POST', path: '/api/certificates/abcdefghijklmnop/revoke', body: {} },
  { method: 'POST', path: '/api/certificates/abcdefghijklmnop/reissue' },
  { method: 'GET', path: '/api/places/level2' },
  { method: 'POST', path: '/api/places/level2/invitations' },
  { method: 'POST', path: '/api/places/deadline' },
  { method: 'PUT', path: '/api/places/move', body: {} },
];

/** Any signed-in account, staff included, uses these: they are not admin routes. */
const SESSION_ROUTES = new Set(['/api/auth/me', '/api/auth/logout']);

const STATE_CHANGING = ADMIN_ROUTES.filter((r) => r.method !== 'GET');

function init(route: (typeof ADMIN_ROUTES)[number], headers: Record<string, string>): RequestInit {
  return {
    method: route.method,
    headers: route.body ? { 'Content-Type': 'application/json', ...headers } : headers,
    body: route.body ? JSON.stringify(route.body) : undefined,
  };
}

describe.each(testDatabaseKinds())('admin access on %s', (kind) => {
  const t = useAdminApp(kind);

  it.each(ADMIN_ROUTES)('$method $path answers 401 without a session', async (route) => {
    const response = await t.request(route.path, init(route, {}));
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: { code: 'unauthorized' } });
  });

  it.each(ADMIN_ROUTES)('$method $path answers 401 with an unknown session token', async (route) => {
    const response = await t.request(route.path, init(route, { Cookie: 'ktc_session=forged-token-value' }));
    expect(response.status).toBe(401);
  });

  it.each(ADMIN_ROUTES.filter((r) => r.path !== '/api/auth/logout'))('$method $path lets a signed-in admin through', async (route) => {
    const response = await t.request(route.path, init(route, { Cookie: t.cookie }));
    expect(response.status).not.toBe(401);
    expect(response.status).not.toBe(403);
    expect(response.status).toBeLessThan(500);
  });

  it.each(STATE_CHANGING)('$method $path answers 403 without the same-origin proof', async (route) => {
    const cases: Record<string, string>[] = [
      { Cookie: t.cookie, Host: 'localhost' }, // no Origin, no X-Requested-With
      { Cookie: t.cookie, Host: 'localhost', Origin: TEST_ORIGIN }, // no X-Requested-With
      { Cookie: t.cookie, Host: 'localhost', 'X-Requested-With': 'fetch', Origin: 'https://evil.example' },
      { Cookie: t.cookie, Host: 'localhost', 'X-Requested-With': 'fetch', Origin: 'http://localhost:9999' },
      { Cookie: t.cookie, Host: 'localhost', 'X-Requested-With': 'fetch', Origin: 'null' },
    ];
    for (const headers of cases) {
      const response = await t.app.request(`${TEST_ORIGIN}${route.path}`, init(route, headers));
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(await response.json()).toMatchObject({ error: { code: 'forbidden' } });
    }
  });

  it.each(ADMIN_ROUTES.filter((r) => !SESSION_ROUTES.has(r.path)))('$method $path answers 403 to a staff session', async (route) => {
    const staffCookie = await signInStaff(t);
    const response = await t.request(route.path, init(route, { Cookie: staffCookie }));
    expect(response.status).toBe(403);
    const body = await response.text();
    expect(JSON.parse(body)).toMatchObject({ error: { code: 'forbidden' } });
    // Nothing of the admin's data leaks in the refusal.
    expect(body).not.toMatch(/registrations|items|cities/);
  });

  it.each(ADMIN_ROUTES.filter((r) => !SESSION_ROUTES.has(r.path)))('$method $path answers 403 to a judge session', async (route) => {
    const judgeCookie = await signInJudge(t);
    const response = await t.request(route.path, init(route, { Cookie: judgeCookie }));
    expect(response.status).toBe(403);
    const body = await response.text();
    expect(JSON.parse(body)).toMatchObject({ error: { code: 'forbidden', message: 'This account is for judging only.' } });
  });

  it('accepts an Origin that matches whatever host and port the server is reached on', async () => {
    const response = await t.app.request('http://kiosk.local:8443/api/registrations/00000000-0000-4000-8000-00000000abcd/restore', {
      method: 'POST',
      headers: { Cookie: t.cookie, Host: 'kiosk.local:8443', Origin: 'http://kiosk.local:8443', 'X-Requested-With': 'fetch' },
    });
    expect(response.status).toBe(404);
  });

  it('signs out last: the same session then answers 401 everywhere', async () => {
    expect((await t.request('/api/auth/logout', { method: 'POST', headers: { Cookie: t.cookie } })).status).toBe(200);
    for (const route of ADMIN_ROUTES) {
      expect((await t.request(route.path, init(route, { Cookie: t.cookie }))).status, route.path).toBe(401);
    }
  });
});
