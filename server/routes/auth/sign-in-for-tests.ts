import type { DatabaseKind } from '../../../tests/setup/test-database';
import { openForSuite } from '../../../tests/setup/per-suite';
import type { TestApp } from '../../../tests/setup/test-app';
import { createTestApp, json } from '../../../tests/setup/test-app';
import { upsertAdmin } from '../../db/stores/account-store';
import { markSessionVerified } from '../../db/stores/second-factor-store';
import { hashToken } from '../../lib/sessions';

export const TEST_ADMIN = { username: 'test-admin', password: 'a long enough test password' };

/**
 * Creates the admin (if needed) and signs in; returns the Cookie header value for later calls.
 * The session is marked as having passed the second factor just now, as after a right code: the
 * second factor's own steps are tested in second-factor.routes.test.ts, not by every admin test.
 */
export async function signIn(t: TestApp, admin = TEST_ADMIN, remember = false): Promise<string> {
  await upsertAdmin(t.deps, admin.username, admin.password);
  const response = await t.request('/api/auth/login', json({ ...admin, remember }));
  if (response.status !== 200) throw new Error(`sign-in failed with ${response.status}`);
  const cookie = sessionCookieOf(response);
  await passSecondFactor(t, cookie);
  return cookie;
}

/** Marks the session of this Cookie header as having proven its second factor now (by t's clock). */
export async function passSecondFactor(t: TestApp, cookie: string): Promise<void> {
  const token = cookie.slice(cookie.indexOf('=') + 1);
  await markSessionVerified(t.deps.database.db, hashToken(token), t.deps.now());
}

export const TEST_STAFF = { username: 'venue-staff', password: 'another long test password' };

/** Creates a staff account (venue mode only) if needed and signs it in; returns the Cookie header value. */
export async function signInStaff(t: TestApp, staff = TEST_STAFF): Promise<string> {
  await upsertAdmin(t.deps, staff.username, staff.password, 'staff');
  const response = await t.request('/api/auth/login', json({ ...staff, remember: false }));
  if (response.status !== 200) throw new Error(`staff sign-in failed with ${response.status}`);
  return sessionCookieOf(response);
}

export const TEST_JUDGE = { username: 'test-judge', password: 'a judge’s long test password', expertise: 'Drawing Artist' };

/** Creates a judge account with its profile if needed and signs it in; returns the Cookie header value. */
export async function signInJudge(t: TestApp, judge = TEST_JUDGE): Promise<string> {
  await upsertAdmin(t.deps, judge.username, judge.password, 'judge', judge.expertise);
  const response = await t.request('/api/auth/login', json({ username: judge.username, password: judge.password, remember: false }));
  if (response.status !== 200) throw new Error(`judge sign-in failed with ${response.status}`);
  return sessionCookieOf(response);
}

export function sessionCookieOf(response: Response): string {
  const header = response.headers.get('set-cookie') ?? '';
  // `__Host-ktc_session` when PUBLIC_URL is on https, `ktc_session` otherwise.
  const match = /((?:__Host-)?ktc_session)=([^;]*)/.exec(header);
  if (!match?.[2]) throw new Error('no session cookie was set');
  return `${match[1]}=${match[2]}`;
}

/** RequestInit with the session cookie added. */
export function withCookie(cookie: string, init: RequestInit = {}): RequestInit {
  const headers = new Headers(init.headers);
  headers.set('Cookie', cookie);
  return { ...init, headers };
}

/** A test app for the enclosing describe with the test admin signed in (`cookie`): opened before its tests, closed after. */
export function useAdminApp(kind: DatabaseKind): TestApp & { cookie: string } {
  return openForSuite(
    async () => {
      const t = await createTestApp(kind);
      return Object.assign(t, { cookie: await signIn(t) });
    },
    (t) => t.close(),
  );
}
