import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppEnv, Deps } from '../context';
import { accounts, sessions } from '../db/schema';
import { isHttps } from './client-ip';

export const SESSION_COOKIE = 'ktc_session';
const SESSION_HOURS = 12;
const REMEMBER_DAYS = 30;
/**
 * A staff or judge session lasts up to 3 days, whatever "remember me" says, so a phone works offline
 * for a venue weekend and a judge's scores saved on a train go when the connection is back.
 */
export const STAFF_SESSION_DAYS = 3;

export type Role = 'admin' | 'staff' | 'judge';

/**
 * With PUBLIC_URL on https the cookie is always Secure and carries the __Host- prefix (the
 * browser then keeps it to this exact host, on https, for every path); otherwise it is Secure
 * when this request came over https, so plain http://localhost keeps working.
 */
function cookieOptions(c: Context<AppEnv>): { prefix?: 'host'; secure: boolean } {
  const { PUBLIC_URL } = c.var.deps.env;
  if (PUBLIC_URL?.startsWith('https:')) return { prefix: 'host', secure: true };
  return { secure: isHttps(c) };
}

/** In a query over `accounts`: the account has an authenticator app or a passkey (ADR 033). */
export const HAS_SECOND_FACTOR = sql<boolean>`("accounts"."totp_secret" is not null or exists (select 1 from "passkeys" p where p."account_id" = "accounts"."id"))`;

export type AdminIdentity = {
  id: string;
  username: string;
  role: Role;
  sessionHash: string;
  expiresAt?: string;
  /** When this session last proved the second factor (null: not yet), ADR 033. */
  secondFactorAt: string | null;
  /** The account has a second factor: an authenticator app or a passkey. */
  enrolled: boolean;
};

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Creates a session row (only the token's SHA-256 is stored) and sets the cookie. */
export async function startSession(
  c: Context<AppEnv>,
  admin: { id: string; role: Role },
  options: { remember: boolean; ip: string; userAgent: string | null },
): Promise<{ expiresAt: Date }> {
  const { database, now } = c.var.deps;
  const token = randomBytes(32).toString('base64url');
  const staff = admin.role !== 'admin';
  const lifetimeSeconds = staff
    ? STAFF_SESSION_DAYS * 24 * 3600
    : options.remember
      ? REMEMBER_DAYS * 24 * 3600
      : SESSION_HOURS * 3600;
  const expiresAt = new Date(now().getTime() + lifetimeSeconds * 1000);
  await database.db.insert(sessions).values({
    tokenHash: hashToken(token),
    adminId: admin.id,
    expiresAt: expiresAt.toISOString(),
    ip: options.ip,
    userAgent: options.userAgent,
  });
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    ...cookieOptions(c),
    // Without "remember me" the cookie ends with the browser; the server still ends it after 12 h.
    // A staff or judge cookie survives browser restarts: the phone keeps working offline.
    ...(options.remember || staff ? { maxAge: lifetimeSeconds, expires: expiresAt } : {}),
  });
  return { expiresAt };
}

/** The signed-in admin for this request's cookie, or null (missing, unknown or expired). */
export async function currentAdmin(c: Context<AppEnv>): Promise<AdminIdentity | null> {
  const token = getCookie(c, SESSION_COOKIE, cookieOptions(c).prefix);
  if (!token || token.length > 100) return null;
  const { database, now } = c.var.deps;
  const tokenHash = hashToken(token);
  const [row] = await database.db
    .select({
      id: accounts.id,
      username: accounts.username,
      role: accounts.role,
      expiresAt: sessions.expiresAt,
      secondFactorAt: sessions.secondFactorAt,
      enrolled: HAS_SECOND_FACTOR,
    })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.adminId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now().toISOString()), isNull(accounts.disabledAt)))
    .limit(1);
  if (!row) return null;
  return {
    id: row.id,
    username: row.username,
    role: row.role,
    sessionHash: tokenHash,
    expiresAt: row.expiresAt,
    secondFactorAt: row.secondFactorAt ? new Date(row.secondFactorAt).toISOString() : null,
    enrolled: Boolean(row.enrolled),
  };
}

export async function endSession(c: Context<AppEnv>, sessionHash: string | null): Promise<void> {
  if (sessionHash) await c.var.deps.database.db.delete(sessions).where(eq(sessions.tokenHash, sessionHash));
  deleteCookie(c, SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'Lax', ...cookieOptions(c) });
}

/** Ends every session of one admin (after a password change). */
export async function endAllSessionsOf(deps: Deps, adminId: string): Promise<void> {
  await deps.database.db.delete(sessions).where(eq(sessions.adminId, adminId));
}

export async function pruneExpiredSessions(deps: Deps): Promise<void> {
  await deps.database.db.delete(sessions).where(lt(sessions.expiresAt, deps.now().toISOString()));
}
