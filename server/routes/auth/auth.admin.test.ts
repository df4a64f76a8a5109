import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../../../tests/setup/test-app';
import { testDatabaseKinds } from '../../../tests/setup/test-database';
import { loadEnv } from '../../env';
import { bootstrapAdmin, upsertAdmin } from '../../db/stores/account-store';
import { hashPassword, passwordProblem, passwordWork, verifyPassword } from '../../lib/password';
import { sessionCookieOf, signIn, TEST_ADMIN, withCookie } from './sign-in-for-tests';

describe('admin passwords', () => {
  it('hash to a self-describing scrypt string that verifies only the right password', async () => {
    const stored = await hashPassword('correct horse battery', 10);
    expect(stored).toMatch(/^scrypt\$ln=10,r=8,p=1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(await verifyPassword('correct horse battery', stored)).toBe(true);
    expect(await verifyPassword('correct horse batterY', stored)).toBe(false);
    expect(await verifyPassword('x', 'not a hash')).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same password here', 10)).not.toBe(await hashPassword('same password here', 10));
  });

  it('must be 12+ characters and not a common password', () => {
    expect(passwordProblem('short pass')).toMatch(/12 characters/);
    expect(passwordProblem('qwertyuiop12')).toMatch(/common/);
    expect(passwordProblem('Password2024!')).toMatch(/common/);
    expect(passwordProblem('!!dragon123456')).toMatch(/common/);
    expect(passwordProblem('tamarind-kolam-42')).toBeNull();
    expect(passwordProblem('a long enough test password')).toBeNull();
  });

  it.each(['111111111111', 'passwordpassword', ' '.repeat(12), 'P@ssw0rd2024!', 'qwertyuiopasdf', 'abcdefghijkl'])(
    'rejects %j, which a guesser tries early (zxcvbn score below 3)',
    (weak) => {
      expect(passwordProblem(weak)).not.toBeNull();
    },
  );

  it('counts the username as a known word', () => {
    expect(passwordProblem('lakshmi-admin-2024', ['lakshmi-admin'])).not.toBeNull();
  });

  it.each(['correct horse battery staple 42', 'two instances share one database', 'env password that is long'])(
    'accepts the passphrase %j',
    (good) => {
      expect(passwordProblem(good)).toBeNull();
    },
  );

  it('is enforced when an admin is created or reset, and for ADMIN_PASSWORD at start', { timeout: 90_000 }, async () => {
    const t = await createTestApp('pglite');
    try {
      await expect(upsertAdmin(t.deps, 'weak-admin', 'P@ssw0rd2024!')).rejects.toThrow(/too easy to guess/);
      await expect(
        bootstrapAdmin({ ...t.deps, env: { ...t.deps.env, ADMIN_USERNAME: 'env-admin', ADMIN_PASSWORD: 'passwordpassword' } }, () => {}),
      ).rejects.toThrow(/common|too easy/);
      const rows = await t.database.rows<{ n: number }>((await import('drizzle-orm')).sql`select count(*)::int as n from accounts`);
      expect(Number(rows[0]?.n)).toBe(0);
    } finally {
      await t.close();
    }
  });
});

describe.each(testDatabaseKinds())('admin authentication on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await upsertAdmin(t.deps, TEST_ADMIN.username, TEST_ADMIN.password);
  });
  afterAll(() => t.close());

  it('signs in, reports who is signed in, and signs out for good', async () => {
    const login = await t.request('/api/auth/login', json({ username: 'Test-Admin', password: TEST_ADMIN.password }));
    expect(login.status).toBe(200);
    // An admin without a second factor sets one up next (ADR 033; second-factor.routes.test.ts).
    expect(await login.json()).toEqual({ admin: { username: 'test-admin', role: 'admin' }, expiresAt: expect.any(String), secondFactor: 'setup' });
    const cookie = sessionCookieOf(login);

    const me = await t.request('/api/auth/me', withCookie(cookie));
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual({ admin: { username: 'test-admin', role: 'admin' }, expiresAt: expect.any(String), secondFactor: 'setup' });

    const logout = await t.request('/api/auth/logout', withCookie(cookie, { method: 'POST' }));
    expect(logout.status).toBe(200);
    expect(await logout.json()).toEqual({ ok: true });
    expect(logout.headers.get('set-cookie')).toMatch(/ktc_session=;.*Max-Age=0/i);

    expect((await t.request('/api/auth/me', withCookie(cookie))).status).toBe(401);
  });

  it('sets an HttpOnly SameSite=Lax cookie, not Secure on plain http, ending with the browser', async () => {
    const login = await t.request('/api/auth/login', json(TEST_ADMIN));
    const header = login.headers.get('set-cookie') ?? '';
    expect(header).toMatch(/^ktc_session=[A-Za-z0-9_-]{43};/);
    expect(header).toMatch(/HttpOnly/);
    expect(header).toMatch(/SameSite=Lax/);
    expect(header).toMatch(/Path=\//);
    expect(header).not.toMatch(/Secure/);
    expect(header).not.toMatch(/Max-Age/);
  });

  it('sets a Secure cookie when the request is https', async () => {
    const response = await t.app.request('https://admin.example.test/api/auth/login', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Origin: 'https://admin.example.test',
        Host: 'admin.example.test',
        'X-Requested-With': 'fetch',
      },
      body: JSON.stringify(TEST_ADMIN),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('set-cookie')).toMatch(/; Secure/);
  });

  it('stores only the SHA-256 of the token', async () => {
    const cookie = await signIn(t);
    const token = cookie.split('=')[1] ?? '';
    const rows = await t.database.rows<{ token_hash: string }>(
      (await import('drizzle-orm')).sql`select token_hash from sessions`,
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.token_hash === token)).toBe(false);
    const { createHash } = await import('node:crypto');
    expect(rows.some((r) => r.token_hash === createHash('sha256').update(token).digest('hex'))).toBe(true);
  });

  it('keeps a remembered session for 30 days and an ordinary one for 12 hours', async () => {
    const remembered = await t.request('/api/auth/login', json({ ...TEST_ADMIN, remember: true }));
    expect(remembered.headers.get('set-cookie')).toMatch(/Max-Age=2592000/);
    const rememberedCookie = sessionCookieOf(remembered);
    const ordinaryCookie = await signIn(t);

    const later = (hours: number) => {
      const at = new Date(Date.now() + hours * 3600 * 1000);
      return createTestAppSharing(t, () => at);
    };
    const in11h = later(11);
    expect((await in11h.request('/api/auth/me', withCookie(ordinaryCookie))).status).toBe(200);
    const in13h = later(13);
    expect((await in13h.request('/api/auth/me', withCookie(ordinaryCookie))).status).toBe(401);
    expect((await in13h.request('/api/auth/me', withCookie(rememberedCookie))).status).toBe(200);
    const in31d = later(31 * 24);
    expect((await in31d.request('/api/auth/me', withCookie(rememberedCookie))).status).toBe(401);
  });

  it('answers 401 for a wrong password and for an unknown user, alike', async () => {
    const wrong = await t.request('/api/auth/login', json({ username: TEST_ADMIN.username, password: 'not the password!' }));
    const unknown = await t.request('/api/auth/login', json({ username: 'nobody-here', password: 'not the password!' }));
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect((await wrong.json()).error.message).toBe((await unknown.json()).error.message);
    expect(wrong.headers.get('set-cookie')).toBeNull();
  });

  it('refuses a 6th try after 5 failures in 15 minutes with 429 and Retry-After, even with the right password', async () => {
    await upsertAdmin(t.deps, 'limited-admin', TEST_ADMIN.password);
    const attempt = (password: string) => t.request('/api/auth/login', json({ username: 'limited-admin', password }));
    for (let i = 0; i < 5; i++) expect((await attempt('wrong password ' + i)).status).toBe(401);
    const blocked = await attempt(TEST_ADMIN.password);
    expect(blocked.status).toBe(429);
    expect(await blocked.json()).toMatchObject({ error: { code: 'too_many_requests' } });
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);

    // Another username from the same place is not affected.
    expect((await t.request('/api/auth/login', json(TEST_ADMIN))).status).toBe(200);

    // Once the window has passed, the right password works again.
    const later = createTestAppSharing(t, () => new Date(Date.now() + 16 * 60 * 1000));
    expect((await later.request('/api/auth/login', json({ username: 'limited-admin', password: TEST_ADMIN.password }))).status).toBe(200);
  });

  it('lets no more than 5 of a burst of parallel wrong guesses be checked', async () => {
    await upsertAdmin(t.deps, 'burst-admin', TEST_ADMIN.password);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => t.request('/api/auth/login', json({ username: 'burst-admin', password: `guess ${i}` }))),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(7);
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
  });

  /** Logins as they reach us through one proxy of ours, from `ip`, at `now`. */
  function loginFrom(ip: string, now: () => Date = () => new Date()) {
    const app = appModule.createApp({ ...t.deps, env: loadEnv({ NODE_ENV: 'test', SCRYPT_LOG_N: '10', TRUST_PROXY: '1' }), now });
    return (username: string, password: string) =>
      app.request('http://localhost/api/auth/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: 'http://localhost', Host: 'localhost', 'X-Requested-With': 'fetch', 'X-Forwarded-For': ip },
        body: JSON.stringify({ username, password }),
      });
  }

  it('refuses an address after 20 failures across any usernames, before checking any password, and leaves other addresses alone', async () => {
    const attacker = loginFrom('203.0.113.20');
    for (let i = 0; i < 20; i++) expect((await attacker(`random-user-${i}`, 'guess guess guess')).status).toBe(401);
    const refused = await attacker(TEST_ADMIN.username, TEST_ADMIN.password);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(14 * 60);

    // While the password checks are busy (but not full), a refused try answers 429 at once
    // instead of queueing: the limit is checked before scrypt.
    const release = await occupyPasswordWork(4);
    try {
      expect((await attacker('random-user-x', 'guess guess guess')).status).toBe(429);
    } finally {
      release();
    }
    expect((await loginFrom('203.0.113.21')(TEST_ADMIN.username, TEST_ADMIN.password)).status).toBe(200);
  });

  it('makes guesses at one account from many addresses wait longer and longer after 10 failures', async () => {
    await upsertAdmin(t.deps, 'target-admin', TEST_ADMIN.password);
    // Every try at a fixed time on the app's clock, so a slow machine cannot stretch the delays.
    const start = Date.now();
    const at = (ms: number) => () => new Date(start + ms);
    for (let i = 0; i < 10; i++) expect((await loginFrom(`198.51.100.${i}`, at(0))('target-admin', `guess ${i}`)).status).toBe(401);
    const eleventh = await loginFrom('198.51.100.50', at(0))('target-admin', 'guess 10');
    expect(eleventh.status).toBe(429);
    expect(Number(eleventh.headers.get('retry-after'))).toBe(1);
    // One second later the 11th try is checked (and fails); the next must wait two seconds.
    expect((await loginFrom('198.51.100.51', at(5_000))('target-admin', 'guess 11')).status).toBe(401);
    const twelfth = await loginFrom('198.51.100.52', at(5_500))('target-admin', 'guess 12');
    expect(twelfth.status).toBe(429);
    expect(Number(twelfth.headers.get('retry-after'))).toBe(2);
    // The real admin gets in once the delay has passed.
    expect((await loginFrom('198.51.100.53', at(8_000))('target-admin', TEST_ADMIN.password)).status).toBe(200);
  });

  it('answers 503 with Retry-After when too many password checks are already waiting', async () => {
    const release = await occupyPasswordWork();
    try {
      const busy = await loginFrom('203.0.113.30')(TEST_ADMIN.username, TEST_ADMIN.password);
      expect(busy.status).toBe(503);
      expect(busy.headers.get('retry-after')).toBe('3');
      expect(await busy.json()).toMatchObject({ error: { code: 'service_unavailable' } });
    } finally {
      release();
    }
    // A busy answer was no failure: the same address signs in right after.
    expect((await loginFrom('203.0.113.30')(TEST_ADMIN.username, TEST_ADMIN.password)).status).toBe(200);
  });

  it('writes one audit row, not one per try, for a flood of refused sign-ins from one address', async () => {
    const flood = loginFrom('203.0.113.40');
    for (let i = 0; i < 5; i++) await flood('flooded-admin', `guess ${i}`);
    const statuses = await Promise.all(Array.from({ length: 30 }, () => flood('flooded-admin', 'guess again')));
    expect(statuses.filter((r) => r.status === 429)).toHaveLength(30);
    const rows = await t.database.rows<{ n: number; changes: { reason: string } }>(
      (await import('drizzle-orm')).sql`select count(*) over ()::int as n, changes from audit_log where action = 'login_blocked' and ip = '203.0.113.40'`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.changes.reason).toBe('username_and_ip');
  });

  it('needs the same-origin proof to sign in or out', async () => {
    const foreign = await t.request('/api/auth/login', {
      ...json(TEST_ADMIN),
      headers: { 'Content-Type': 'application/json', Origin: 'https://evil.example' },
    });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toMatchObject({ error: { code: 'forbidden' } });
    const cookie = await signIn(t);
    const noHeader = await t.app.request('http://localhost/api/auth/logout', {
      method: 'POST',
      headers: { Cookie: cookie, Origin: 'http://localhost', Host: 'localhost' },
    });
    expect(noHeader.status).toBe(403);
    expect((await t.request('/api/auth/me', withCookie(cookie))).status).toBe(200);
  });

  it('audits sign-ins, failures and sign-outs with the IP and user agent', async () => {
    const cookie = await signIn(t);
    await t.request('/api/auth/login', json({ username: TEST_ADMIN.username, password: 'wrong password again' }));
    await t.request('/api/auth/logout', withCookie(cookie, { method: 'POST', headers: { 'User-Agent': 'audit-test-agent' } }));
    const list = await t.request('/api/audit', withCookie(await signIn(t)));
    const { items } = (await list.json()) as { items: { action: string; adminUsername: string; ip: string; userAgent: string | null }[] };
    const actions = items.map((i) => i.action);
    expect(actions).toEqual(expect.arrayContaining(['login', 'login_failed', 'logout']));
    const logout = items.find((i) => i.action === 'logout');
    expect(logout).toMatchObject({ adminUsername: 'test-admin', ip: expect.any(String), userAgent: 'audit-test-agent' });
  });

  it('bootstraps the admin from the environment, and creates a random one only when none exists', async () => {
    const printed: string[] = [];
    await bootstrapAdmin({ ...t.deps, env: { ...t.deps.env, ADMIN_USERNAME: 'env-admin', ADMIN_PASSWORD: 'env password that is long' } }, (l) =>
      printed.push(l),
    );
    expect(printed).toEqual([]);
    expect((await t.request('/api/auth/login', json({ username: 'env-admin', password: 'env password that is long' }))).status).toBe(200);
    // Admins exist already: nothing new is created or printed.
    await bootstrapAdmin(t.deps, (l) => printed.push(l));
    expect(printed).toEqual([]);

    const fresh = await createTestApp(kind);
    try {
      await bootstrapAdmin(fresh.deps, (l) => printed.push(l));
      expect(printed).toHaveLength(1);
      const password = /password: (\S+)/.exec(printed[0] ?? '')?.[1] ?? '';
      expect(password.length).toBeGreaterThanOrEqual(20);
      expect((await fresh.request('/api/auth/login', json({ username: 'admin', password }))).status).toBe(200);
      await bootstrapAdmin(fresh.deps, (l) => printed.push(l));
      expect(printed).toHaveLength(1);
    } finally {
      await fresh.close();
    }
  });
});

describe.each(testDatabaseKinds())('with PUBLIC_URL on https, on %s', (kind) => {
  let t: TestApp;
  const env = loadEnv({ NODE_ENV: 'test', SCRYPT_LOG_N: '10', PUBLIC_URL: 'https://kids.example.org/' });
  beforeAll(async () => {
    t = await createTestApp(kind, { env });
    await upsertAdmin(t.deps, TEST_ADMIN.username, TEST_ADMIN.password);
  });
  afterAll(() => t.close());

  /** A request as a TLS-terminating proxy passes it on: plain http inside, the public host. */
  const login = (origin: string, host = 'kids.example.org') =>
    t.app.request(`http://${host}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: origin, Host: host, 'X-Requested-With': 'fetch' },
      body: JSON.stringify(TEST_ADMIN),
    });

  it('accepts only that origin for the CSRF check, scheme and port included', async () => {
    expect((await login('http://kids.example.org')).status).toBe(403);
    expect((await login('https://kids.example.org:8443')).status).toBe(403);
    expect((await login('https://evil.example', 'evil.example')).status).toBe(403);
    expect((await login('https://kids.example.org')).status).toBe(200);
  });

  it('always sets a Secure __Host- cookie, even when the proxy talks plain http to us, and reads only that one', async () => {
    const response = await login('https://kids.example.org');
    const header = response.headers.get('set-cookie') ?? '';
    expect(header).toMatch(/^__Host-ktc_session=[A-Za-z0-9_-]{43};/);
    expect(header).toMatch(/; Secure/);
    expect(header).toMatch(/Path=\//);
    expect(header).not.toMatch(/Domain=/i);
    const token = /__Host-ktc_session=([^;]+)/.exec(header)?.[1] ?? '';
    const me = (cookie: string) => t.app.request('http://kids.example.org/api/auth/me', { headers: { Cookie: cookie } });
    expect((await me(`__Host-ktc_session=${token}`)).status).toBe(200);
    expect((await me(`ktc_session=${token}`)).status).toBe(401);

    const logout = await t.app.request('http://kids.example.org/api/auth/logout', {
      method: 'POST',
      headers: { Cookie: `__Host-ktc_session=${token}`, Origin: 'https://kids.example.org', 'X-Requested-With': 'fetch' },
    });
    expect(logout.status).toBe(200);
    expect(logout.headers.get('set-cookie')).toMatch(/^__Host-ktc_session=;.*Max-Age=0.*Secure/);
    expect((await me(`__Host-ktc_session=${token}`)).status).toBe(401);
  });

  it('rejects a PUBLIC_URL that is not an http(s) address', () => {
    expect(() => loadEnv({ PUBLIC_URL: 'kids.example.org' })).toThrow(/PUBLIC_URL/);
    expect(() => loadEnv({ PUBLIC_URL: 'ftp://kids.example.org' })).toThrow(/PUBLIC_URL/);
  });
});

/** The same database and env, with another clock. */
function createTestAppSharing(t: TestApp, now: () => Date): Pick<TestApp, 'request'> {
  const { createApp } = appModule;
  const app = createApp({ ...t.deps, now });
  return {
    async request(path, init = {}) {
      const headers = new Headers(init.headers);
      if (!headers.has('Origin')) headers.set('Origin', 'http://localhost');
      if (!headers.has('X-Requested-With')) headers.set('X-Requested-With', 'fetch');
      if (!headers.has('Host')) headers.set('Host', 'localhost');
      return await app.request(`http://localhost${path}`, { ...init, headers });
    },
  };
}

const appModule = await import('../../app');

/** Takes `jobs` password-check slots (all five: 1 running, 4 waiting) until the returned function is called. */
async function occupyPasswordWork(jobs = 5): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  for (let i = 0; i < jobs; i++) void passwordWork.run(() => held);
  expect(passwordWork.busy).toEqual({ running: 1, waiting: jobs - 1 });
  return release;
}
