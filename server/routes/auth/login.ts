import { and, count, eq, gt, lt, min } from 'drizzle-orm';
import type { Deps } from '../../context';
import { admins, loginAttempts } from '../../db/schema';
import { burnPasswordCheck, hashNeedsUpgrade, hashPassword, verifyPassword } from '../../lib/password';

export const MAX_FAILED_LOGINS = 5;
export const FAILED_LOGIN_WINDOW_MS = 15 * 60 * 1000;

export type LoginOutcome =
  | { kind: 'ok'; admin: { id: string; username: string } }
  | { kind: 'failed'; adminId: string | null }
  | { kind: 'blocked'; retryAfterSeconds: number };

/**
 * Checks a sign-in. Failures are rows in login_attempts (shared by every instance); after
 * MAX_FAILED_LOGINS in the window for this username + IP, the next tries are refused unchecked
 * until the oldest failure leaves the window.
 */
export async function authenticate(deps: Deps, rawUsername: string, password: string, ip: string): Promise<LoginOutcome> {
  const { db } = deps.database;
  const username = rawUsername.trim().toLowerCase();
  const now = deps.now();
  const windowStart = new Date(now.getTime() - FAILED_LOGIN_WINDOW_MS).toISOString();

  // Claim a slot first, then count: every attempt in flight is already a row, so a burst of
  // parallel guesses cannot all see "fewer than 5" before any of them is recorded.
  const [claimed] = await db
    .insert(loginAttempts)
    .values({ username: username.slice(0, 200), ip, attemptedAt: now.toISOString() })
    .returning({ id: loginAttempts.id });
  const attemptId = claimed?.id ?? 0;
  const [recent] = await db
    .select({ before: count(), oldest: min(loginAttempts.attemptedAt) })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.username, username),
        eq(loginAttempts.ip, ip),
        gt(loginAttempts.attemptedAt, windowStart),
        lt(loginAttempts.id, attemptId),
      ),
    );
  if (recent && recent.before >= MAX_FAILED_LOGINS && recent.oldest) {
    // A refused try is not checked, so it does not count as a failure of its own.
    await db.delete(loginAttempts).where(eq(loginAttempts.id, attemptId));
    const freeAt = new Date(recent.oldest).getTime() + FAILED_LOGIN_WINDOW_MS;
    return { kind: 'blocked', retryAfterSeconds: Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000)) };
  }

  const [admin] = await db
    .select({ id: admins.id, username: admins.username, passwordHash: admins.passwordHash })
    .from(admins)
    .where(eq(admins.username, username))
    .limit(1);
  let valid = false;
  if (admin) valid = await verifyPassword(password, admin.passwordHash);
  else await burnPasswordCheck(password, deps.env.SCRYPT_LOG_N);

  if (!admin || !valid) {
    // The claimed row stays: it is this failure. Keep the table small: older rows no longer count.
    await db.delete(loginAttempts).where(lt(loginAttempts.attemptedAt, windowStart));
    return { kind: 'failed', adminId: admin?.id ?? null };
  }

  await db.delete(loginAttempts).where(and(eq(loginAttempts.username, username), eq(loginAttempts.ip, ip)));
  if (hashNeedsUpgrade(admin.passwordHash, deps.env.SCRYPT_LOG_N)) {
    await db
      .update(admins)
      .set({ passwordHash: await hashPassword(password, deps.env.SCRYPT_LOG_N) })
      .where(eq(admins.id, admin.id));
  }
  return { kind: 'ok', admin: { id: admin.id, username: admin.username } };
}
