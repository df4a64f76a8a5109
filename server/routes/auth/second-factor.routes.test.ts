import { sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, testEnv, type TestApp } from '../../../tests/setup/test-app';
import { testDatabaseKinds } from '../../../tests/setup/test-database';
import { bootstrapAdmin, resetAccountSecondFactor, setAccountTotpSecret, upsertAdmin } from '../../db/stores/account-store';
import { sessionCookieOf, withCookie } from './sign-in-for-tests';

const MINUTE = 60_000;

/** A code of the authenticator app, as a phone would show it at the server's time `at` (ms). */
function codeAt(secret: string, at: number): Promise<string> {
  return generate({ secret, epoch: Math.floor(at / 1000) });
}

describe.each(testDatabaseKinds())('the second factor (/api/auth/second-factor) on %s', (kind) => {
  let t: TestApp;
  // The server's clock, moved by the tests (30 s steps keep each code distinct).
  let clock = Date.parse('2027-04-01T09:00:00Z');
  const tick = (ms = 30_000) => {
    clock += ms;
  };

  beforeAll(async () => {
    t = await createTestApp(kind, { now: () => new Date(clock) });
  });
  afterAll(() => t.close());

  async function login(username: string, password: string): Promise<{ cookie: string; secondFactor: string }> {
    const response = await t.request('/api/auth/login', json({ username, password }));
    expect(response.status).toBe(200);
    const body = await response.json();
    return { cookie: sessionCookieOf(response), secondFactor: body.secondFactor };
  }

  /** An admin with an authenticator app, signed in with the password 30 s later: the cookie still waits for a code. */
  async function signInWithAuthenticator(username: string, password: string, secret: string): Promise<string> {
    await upsertAdmin(t.deps, username, password);
    await setAccountTotpSecret(t.deps, username, secret);
    tick();
    return (await login(username, password)).cookie;
  }

  const verify = (cookie: string, body: unknown) => t.request('/api/auth/second-factor/verify', withCookie(cookie, json(body)));
  const exportCsv = (cookie: string) => t.request('/api/registrations/export.csv', withCookie(cookie));

  async function auditActions(username: string): Promise<string[]> {
    const rows = await t.deps.database.rows<{ action: string }>(
      sql`select action from audit_log where admin_username = ${username} and action like 'second_factor.%' order by id`,
    );
    return rows.map((row) => row.action);
  }

  it('a new admin must set up an authenticator app before anything else, then signs in with a code, once per code', async () => {
    await upsertAdmin(t.deps, 'new-admin', 'a long new admin passphrase');
    const first = await login('new-admin', 'a long new admin passphrase');
    expect(first.secondFactor).toBe('setup');
    // Nothing else is reachable until it is done.
    const blocked = await t.request('/api/registrations', withCookie(first.cookie));
    expect(blocked.status).toBe(403);
    expect((await blocked.json()).error.code).toBe('second_factor_setup_required');
    expect((await (await t.request('/api/auth/me', withCookie(first.cookie))).json()).secondFactor).toBe('setup');

    const setup = await (await t.request('/api/auth/second-factor/totp', withCookie(first.cookie, { method: 'POST' }))).json();
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.uri).toContain('otpauth://totp/');
    expect(setup.qr).toMatch(/^data:image\/png;base64,/);

    const wrong = await t.request('/api/auth/second-factor/totp/confirm', withCookie(first.cookie, json({ code: '000000' })));
    expect(wrong.status).toBe(422);
    const confirmed = await t.request('/api/auth/second-factor/totp/confirm', withCookie(first.cookie, json({ code: await codeAt(setup.secret, clock) })));
    expect(confirmed.status).toBe(200);
    const { recoveryCodes } = await confirmed.json();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect((await t.request('/api/registrations', withCookie(first.cookie))).status).toBe(200);

    // Signing in again asks for a code; the same code does not work twice.
    tick();
    const second = await login('new-admin', 'a long new admin passphrase');
    expect(second.secondFactor).toBe('verify');
    expect((await (await t.request('/api/registrations', withCookie(second.cookie))).json()).error.code).toBe('second_factor_required');
    const code = await codeAt(setup.secret, clock);
    expect((await verify(second.cookie, { method: 'totp', code })).status).toBe(200);
    expect((await t.request('/api/registrations', withCookie(second.cookie))).status).toBe(200);
    const third = await login('new-admin', 'a long new admin passphrase');
    const replay = await verify(third.cookie, { method: 'totp', code });
    expect(replay.status).toBe(422);
    expect((await t.request('/api/registrations', withCookie(third.cookie))).status).toBe(403);

    // A recovery code works once.
    expect((await verify(third.cookie, { method: 'recovery', code: recoveryCodes[0] })).status).toBe(200);
    expect((await t.request('/api/registrations', withCookie(third.cookie))).status).toBe(200);
    const fourth = await login('new-admin', 'a long new admin passphrase');
    expect((await verify(fourth.cookie, { method: 'recovery', code: recoveryCodes[0] })).status).toBe(422);
    expect((await (await t.request('/api/auth/second-factor', withCookie(third.cookie))).json()).recoveryCodesLeft).toBe(9);

    expect(await auditActions('new-admin')).toEqual([
      'second_factor.failed',
      'second_factor.setup',
      'second_factor.recovery_codes',
      'second_factor.used',
      'second_factor.failed',
      'second_factor.recovery_used',
      'second_factor.used',
      'second_factor.failed',
    ]);
  });

  it('asks again for a sensitive action once the last check is over 10 minutes old, and not for everyday reads', async () => {
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const cookie = await signInWithAuthenticator('step-up-admin', 'a step up admin passphrase', secret);
    expect((await verify(cookie, { method: 'totp', code: await codeAt(secret, clock) })).status).toBe(200);
    expect((await exportCsv(cookie)).status).toBe(200);

    tick(9 * MINUTE);
    expect((await exportCsv(cookie)).status).toBe(200);
    tick(2 * MINUTE);
    const stale = await exportCsv(cookie);
    expect(stale.status).toBe(403);
    expect((await stale.json()).error.code).toBe('second_factor_stale');
    // Everyday work goes on without asking.
    expect((await t.request('/api/registrations', withCookie(cookie))).status).toBe(200);
    const staff = await t.request('/api/staff', withCookie(cookie, json({ username: 'door-one', password: 'correct horse battery staple' })));
    expect((await staff.json()).error.code).toBe('second_factor_stale');
    const status = await (await t.request('/api/auth/second-factor', withCookie(cookie))).json();
    expect(status).toMatchObject({ state: 'done', fresh: false, totp: true });

    expect((await verify(cookie, { method: 'totp', code: await codeAt(secret, clock) })).status).toBe(200);
    expect((await exportCsv(cookie)).status).toBe(200);
    expect((await t.request('/api/staff', withCookie(cookie, json({ username: 'door-one', password: 'correct horse battery staple' })))).status).toBe(201);
  });

  it('counts wrong codes per account and per address: the sixth try in a burst is refused even when right', async () => {
    const secret = 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU';
    const cookie = await signInWithAuthenticator('guessed-admin', 'a guessed admin passphrase', secret);
    for (let i = 0; i < 5; i += 1) expect((await verify(cookie, { method: 'totp', code: String(100000 + i) })).status).toBe(422);
    const limited = await verify(cookie, { method: 'totp', code: await codeAt(secret, clock) });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(await auditActions('guessed-admin')).toEqual(['second_factor.setup', ...Array(5).fill('second_factor.failed')]);
    // The bucket refills: a right code goes through later.
    tick(10 * MINUTE);
    expect((await verify(cookie, { method: 'totp', code: await codeAt(secret, clock) })).status).toBe(200);
  });

  it('a password alone cannot add a factor to an account that has one, and a forged passkey is refused', async () => {
    await upsertAdmin(t.deps, 'keyed-admin', 'a keyed admin passphrase here');
    await setAccountTotpSecret(t.deps, 'keyed-admin', 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    const { cookie } = await login('keyed-admin', 'a keyed admin passphrase here');
    const added = await t.request('/api/auth/second-factor/totp', withCookie(cookie, { method: 'POST' }));
    expect(added.status).toBe(403);
    expect((await added.json()).error.code).toBe('second_factor_required');
    const options = await t.request('/api/auth/second-factor/passkey/options', withCookie(cookie, json({ purpose: 'register' })));
    expect(options.status).toBe(403);
    const forged = await verify(cookie, { method: 'passkey', response: { id: 'abc', rawId: 'abc', type: 'public-key', response: { clientDataJSON: 'x' } } });
    expect(forged.status).toBe(401);
    expect((await t.request('/api/registrations', withCookie(cookie))).status).toBe(403);
  });

  it('staff and judges are asked only when they have a factor or REQUIRE_SECOND_FACTOR names them', async () => {
    await upsertAdmin(t.deps, 'door-staff', 'a door staff passphrase here', 'staff');
    const plain = await login('door-staff', 'a door staff passphrase here');
    expect(plain.secondFactor).toBe('done');
    expect((await t.request('/api/venue/sessions', withCookie(plain.cookie))).status).not.toBe(403);

    const strict = await createTestApp(kind, { env: testEnv({ REQUIRE_SECOND_FACTOR: 'admin,staff' }), now: () => new Date(clock) });
    try {
      await upsertAdmin(strict.deps, 'door-staff', 'a door staff passphrase here', 'staff');
      const response = await strict.request('/api/auth/login', json({ username: 'door-staff', password: 'a door staff passphrase here' }));
      expect((await response.json()).secondFactor).toBe('setup');
      const refused = await strict.request('/api/venue/sessions', withCookie(sessionCookieOf(response)));
      expect(refused.status).toBe(403);
      expect((await refused.json()).error.code).toBe('second_factor_setup_required');
    } finally {
      await strict.close();
    }
  });

  it('an operator gives an admin its secret from the environment, and resets an admin who lost everything', async () => {
    const secret = 'MFRGGZDFMZTWQ2LKNNWG23TPOBYXE43U';
    const env = { ...t.deps.env, ADMIN_USERNAME: 'scripted-admin', ADMIN_PASSWORD: 'a scripted admin passphrase', ADMIN_TOTP_SECRET: secret };
    await bootstrapAdmin({ ...t.deps, env }, () => {});
    tick();
    const { cookie, secondFactor } = await login('scripted-admin', 'a scripted admin passphrase');
    expect(secondFactor).toBe('verify');
    expect((await verify(cookie, { method: 'totp', code: await codeAt(secret, clock) })).status).toBe(200);

    await resetAccountSecondFactor(t.deps, 'scripted-admin');
    expect((await t.request('/api/auth/me', withCookie(cookie))).status).toBe(401);
    expect((await login('scripted-admin', 'a scripted admin passphrase')).secondFactor).toBe('setup');
    expect(await auditActions('scripted-admin')).toEqual(['second_factor.setup', 'second_factor.used', 'second_factor.reset']);
    await expect(setAccountTotpSecret(t.deps, 'scripted-admin', 'too-short')).rejects.toThrow(/base32/);
  });
});
