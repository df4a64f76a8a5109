import { generate } from 'otplib';

/**
 * The test admins' authenticator-app secret (ADMIN_TOTP_SECRET in the servers the tests start,
 * ADR 033): a test computes the codes a phone would show, as an automated set-up does.
 */
export const TEST_TOTP_SECRET = 'KTCTESTADMINSECRETKTCTESTADMINQQ';

const STEP_MS = 30_000;
/** The last 30-second step each server accepted from us: a code is good once. */
const lastStepFor = new Map<string, number>();

/**
 * The next code this server has not seen yet. It accepts the step before and after its own, so
 * three sign-ins a half-minute go at once; a fourth waits for the next step.
 */
export async function nextTotpCode(serverKey: string, secret = TEST_TOTP_SECRET): Promise<string> {
  const now = Date.now();
  const nowStep = Math.floor(now / STEP_MS);
  let step = Math.max(nowStep - 1, (lastStepFor.get(serverKey) ?? -Infinity) + 1);
  // The code must still be good when the server checks it: the previous step's code expires with
  // the current step, so in its last 10 seconds take the current step's (a sign-in on a busy
  // machine was once refused when the step turned between this and the server's check).
  if (step === nowStep - 1 && (nowStep + 1) * STEP_MS - now < 10_000) step = nowStep;
  if (step > nowStep + 1) await new Promise((resolve) => setTimeout(resolve, (step - 1) * STEP_MS - Date.now() + 1000));
  lastStepFor.set(serverKey, step);
  return generate({ secret, epoch: step * (STEP_MS / 1000) + 1 });
}

/**
 * Signs an admin in with plain fetch (bench, fault tests): password, then a code; answers the
 * Cookie header value. `codesKey` names the database whose codes were used, when servers share one.
 */
export async function signInWithCode(
  origin: string,
  admin: { username: string; password: string },
  options: { secret?: string; remember?: boolean; codesKey?: string } = {},
): Promise<string> {
  const headers = { 'content-type': 'application/json', origin, 'x-requested-with': 'fetch' };
  const login = await fetch(`${origin}/api/auth/login`, { method: 'POST', headers, body: JSON.stringify({ ...admin, remember: options.remember ?? false }) });
  if (login.status !== 200) throw new Error(`${admin.username} sign-in answered ${login.status}`);
  const cookie = (login.headers.getSetCookie().find((c) => /^(__Host-)?ktc_session=/.test(c)) ?? '').split(';')[0] ?? '';
  if (!cookie) throw new Error('the sign-in set no session cookie');
  const { secondFactor } = (await login.json()) as { secondFactor: string };
  if (secondFactor === 'done') return cookie;
  const verify = await fetch(`${origin}/api/auth/second-factor/verify`, {
    method: 'POST',
    headers: { ...headers, cookie },
    body: JSON.stringify({ method: 'totp', code: await nextTotpCode(options.codesKey ?? origin, options.secret) }),
  });
  if (verify.status !== 200) throw new Error(`${admin.username}'s code answered ${verify.status}: ${await verify.text()}`);
  return cookie;
}
