import { describe, expect, it } from 'vitest';
import { json } from '../../../tests/setup/test-app';
import { testDatabaseKinds } from '../../../tests/setup/test-database';
import { signInStaff, TEST_ADMIN, useAdminApp, withCookie } from '../auth/sign-in-for-tests';

describe.each(testDatabaseKinds())('staff accounts (/api/staff) on %s', (kind) => {
  const t = useAdminApp(kind);

  const login = (username: string, password: string) => t.request('/api/auth/login', json({ username, password }));

  it('admins create, list, disable, enable and reset staff accounts', async () => {
    const create = await t.request('/api/staff', withCookie(t.cookie, json({ username: 'Hall-Helper', password: 'correct horse battery staple' })));
    expect(create.status).toBe(201);
    expect(await create.json()).toEqual({ account: { username: 'hall-helper', role: 'staff', disabled: false } });
    const list = await (await t.request('/api/staff', withCookie(t.cookie))).json();
    expect(list.items).toContainEqual(expect.objectContaining({ username: 'hall-helper', role: 'staff', disabled: false }));
    expect(list.items).toContainEqual(expect.objectContaining({ username: TEST_ADMIN.username, role: 'admin' }));
    expect(JSON.stringify(list)).not.toMatch(/scrypt|hash/i);

    const again = await t.request('/api/staff', withCookie(t.cookie, json({ username: 'hall-helper', password: 'correct horse battery staple' })));
    expect(again.status).toBe(409);
    expect((await again.json()).error.fields).toEqual({ username: 'That username is taken.' });

    expect((await t.request('/api/staff/hall-helper/disable', withCookie(t.cookie, { method: 'POST' }))).status).toBe(200);
    expect((await login('hall-helper', 'correct horse battery staple')).status).toBe(401);
    expect((await t.request('/api/staff/hall-helper/enable', withCookie(t.cookie, { method: 'POST' }))).status).toBe(200);
    expect((await t.request('/api/staff/hall-helper/password', withCookie(t.cookie, json({ password: 'a brand new passphrase here' })))).status).toBe(200);
    expect((await login('hall-helper', 'a brand new passphrase here')).status).toBe(200);
  });

  it('refuses a weak password, an unknown account and disabling yourself, each with a clear answer', async () => {
    const weak = await t.request('/api/staff', withCookie(t.cookie, json({ username: 'door-two', password: 'password1' })));
    expect(weak.status).toBe(422);
    expect((await weak.json()).error.fields).toHaveProperty('password');
    expect((await t.request('/api/staff/nobody-here/disable', withCookie(t.cookie, { method: 'POST' }))).status).toBe(404);
    expect((await t.request('/api/staff/nobody-here/password', withCookie(t.cookie, json({ password: 'a brand new passphrase here' })))).status).toBe(404);
    const self = await t.request(`/api/staff/${TEST_ADMIN.username}/disable`, withCookie(t.cookie, { method: 'POST' }));
    expect(self.status).toBe(409);
  });

  it('answers 401 without a session and 403 to a staff session', async () => {
    expect((await t.request('/api/staff')).status).toBe(401);
    const staff = await signInStaff(t);
    expect((await t.request('/api/staff', withCookie(staff))).status).toBe(403);
    expect((await t.request('/api/staff', withCookie(staff, json({ username: 'sneaky', password: 'correct horse battery staple' })))).status).toBe(403);
  });
});
