import { and, eq, lt, sql } from 'drizzle-orm';
import type { Deps } from '../../context';
import { accounts, loginAttempts } from '../schema';
import { burnPasswordCheck, hashNeedsUpgrade, hashPassword, passwordWork, verifyPassword } from '../../lib/password';
import { QueueFull } from '../../lib/work-queue';
import { HAS_SECOND_FACTOR, type Role } from '../../lib/sessions';

export const FAILED_LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** Failures per username + IP in the window (docs/product.md, "Admin"). */
export const MAX_FAILED_LOGINS = 5;
/** Failures per IP across every username in the window: guessing random usernames stops here. */
export const MAX_FAILED_LOGINS_PER_IP = 20;
/**
 * Failures per username across every IP before each further try must wait: 1 s after the 10th,
 * doubling with each failure, at most 15 min. Many addresses guessing one account slow down
 * without the account ever being locked for good.
 */
export const ACCOUNT_FAILURES_BEFORE_DELAY = 10;
const MAX_ACCOUNT_DELAY_MS = FAILED_LOGIN_WINDOW_MS;

export type BlockReason = 'username_and_ip' | 'ip' | 'account';

export type LoginOutcome =
  | { kind: 'ok'; admin: { id: string; username: string; role: Role; enrolled: boolean } }
  | { kind: 'failed'; adminId: string | null }
  | { kind: 'blocked'; reason: BlockReason; retryAfterSeconds: number }
  /** Too many password checks are already running or queued: try again in a moment. */
  | { kind: 'busy' };

type RecentFailures = {
  pair: number;
  pairOldestMs: number | null;
  byIp: number;
  ipOldestMs: number | null;
  account: number;
  accountLatestMs: number | null;
};

/**
 * Checks a sign-in. Failures are rows in login_attempts (shared by every instance). Every limit is
 * checked before the password is: a refused try costs a few small queries, never an scrypt; a try
 * while the password checks are saturated costs nothing at all.
 */
export async function authenticate(deps: Deps, rawUsername: string, password: string, ip: string): Promise<LoginOutcome> {
  // With every password-check slot taken, a try would only wait to be refused: refuse it before
  // it costs anything, database work included (on PGlite, time on its one connection).
  if (passwordWork.full) return { kind: 'busy' };
  const { db } = deps.database;
  const username = rawUsername.trim().toLowerCase().slice(0, 200);
  const now = deps.now();
  const windowStart = new Date(now.getTime() - FAILED_LOGIN_WINDOW_MS).toISOString();

  // Claim a slot first, then count: every attempt in flight is already a row, so a burst of
  // parallel guesses cannot all see "under the limit" before any of them is recorded.
  const [claimed] = await db
    .insert(loginAttempts)
    .values({ username, ip, attemptedAt: now.toISOString() })
    .returning({ id: loginAttempts.id });
  const attemptId = claimed?.id ?? 0;
  const forget = () => db.delete(loginAttempts).where(eq(loginAttempts.id, attemptId));

  const blocked = blockedBy(await recentFailures(deps, username, ip, windowStart, attemptId), now.getTime());
  if (blocked) {
    // A refused try is not checked, so it does not count as a failure of its own.
    await forget();
    return { kind: 'blocked', ...blocked };
  }

  const [admin] = await db
    .select({
      id: accounts.id,
      username: accounts.username,
      passwordHash: accounts.passwordHash,
      role: accounts.role,
      disabledAt: accounts.disabledAt,
      enrolled: HAS_SECOND_FACTOR,
    })
    .from(accounts)
    .where(eq(accounts.username, username))
    .limit(1);
  let valid = false;
  try {
    if (admin) valid = await verifyPassword(password, admin.passwordHash);
    else await burnPasswordCheck(password, deps.env.SCRYPT_LOG_N);
  } catch (error) {
    if (!(error instanceof QueueFull)) throw error;
    await forget();
    return { kind: 'busy' };
  }

  // A disabled account fails like a wrong password: no hint that the name exists.
  if (!admin || !valid || admin.disabledAt) {
    // The claimed row stays: it is this failure. Keep the table small: older rows no longer count.
    await db.delete(loginAttempts).where(lt(loginAttempts.attemptedAt, windowStart));
    return { kind: 'failed', adminId: admin?.id ?? null };
  }

  await db.delete(loginAttempts).where(and(eq(loginAttempts.username, username), eq(loginAttempts.ip, ip)));
  if (hashNeedsUpgrade(admin.passwordHash, deps.env.SCRYPT_LOG_N)) {
    await db
      .update(accounts)
      .set({ passwordHash: await hashPassword(password, deps.env.SCRYPT_LOG_N) })
      .where(eq(accounts.id, admin.id));
  }
  return { kind: 'ok', admin: { id: admin.id, username: admin.username, role: admin.role, enrolled: Boolean(admin.enrolled) } };
}

/** Attempts before this one in the window, counted three ways in one query. */
async function recentFailures(deps: Deps, username: string, ip: string, windowStart: string, before: number): Promise<RecentFailures> {
  const [row] = await deps.database.rows<Record<keyof RecentFailures, string | number | null>>(sql`
    select
      count(*) filter (where ip = ${ip} and username = ${username}) as "pair",
      extract(epoch from min(attempted_at) filter (where ip = ${ip} and username = ${username})) * 1000 as "pairOldestMs",
      count(*) filter (where ip = ${ip}) as "byIp",
      extract(epoch from min(attempted_at) filter (where ip = ${ip})) * 1000 as "ipOldestMs",
      count(*) filter (where username = ${username}) as "account",
      extract(epoch from max(attempted_at) filter (where username = ${username})) * 1000 as "accountLatestMs"
    from login_attempts
    where attempted_at > ${windowStart}::timestamptz and id < ${before} and (ip = ${ip} or username = ${username})`);
  const number = (value: string | number | null | undefined) => (value === null || value === undefined ? null : Number(value));
  return {
    pair: number(row?.pair) ?? 0,
    pairOldestMs: number(row?.pairOldestMs),
    byIp: number(row?.byIp) ?? 0,
    ipOldestMs: number(row?.ipOldestMs),
    account: number(row?.account) ?? 0,
    accountLatestMs: number(row?.accountLatestMs),
  };
}

/** The limit this attempt runs into and how long until it lets a try through, or null. */
function blockedBy(recent: RecentFailures, nowMs: number): { reason: BlockReason; retryAfterSeconds: number } | null {
  const waits: { reason: BlockReason; ms: number }[] = [];
  if (recent.pair >= MAX_FAILED_LOGINS && recent.pairOldestMs !== null) {
    waits.push({ reason: 'username_and_ip', ms: recent.pairOldestMs + FAILED_LOGIN_WINDOW_MS - nowMs });
  }
  if (recent.byIp >= MAX_FAILED_LOGINS_PER_IP && recent.ipOldestMs !== null) {
    waits.push({ reason: 'ip', ms: recent.ipOldestMs + FAILED_LOGIN_WINDOW_MS - nowMs });
  }
  if (recent.account >= ACCOUNT_FAILURES_BEFORE_DELAY && recent.accountLatestMs !== null) {
    const delay = Math.min(MAX_ACCOUNT_DELAY_MS, 1000 * 2 ** (recent.account - ACCOUNT_FAILURES_BEFORE_DELAY));
    const ms = recent.accountLatestMs + delay - nowMs;
    if (ms > 0) waits.push({ reason: 'account', ms });
  }
  const longest = waits.sort((a, b) => b.ms - a.ms)[0];
  if (!longest) return null;
  return { reason: longest.reason, retryAfterSeconds: Math.max(1, Math.ceil(longest.ms / 1000)) };
}
