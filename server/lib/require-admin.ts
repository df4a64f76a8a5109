import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context';
import { assertSameOrigin } from './csrf';
import { ApiError } from './errors';
import { isFresh, secondFactorState, staleSecondFactor } from './second-factor';
import { currentAdmin, type AdminIdentity, type Role } from './sessions';

declare module 'hono' {
  interface ContextVariableMap {
    /** Set by requireAdmin; read it with signedInAdmin(c). */
    admin?: AdminIdentity;
  }
}

/**
 * Guards an admin route: 401 without a valid session, then 403 for a state-changing request
 * without the same-origin proof (lib/csrf.ts). Put it on each route, not on a router with
 * `use('*')`, because public and admin routers share path prefixes.
 */
export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  const admin = await currentAdmin(c);
  if (!admin) throw new ApiError(401, 'unauthorized', 'Please sign in as an admin.');
  // Staff accounts are for venue mode only (docs/product.md, "Admin"), judges' for judging: every admin route says no.
  if (admin.role !== 'admin') throw new ApiError(403, 'forbidden', ROLE_REFUSAL[admin.role]);
  assertSecondFactorDone(c, admin);
  assertSameOrigin(c);
  c.set('admin', admin);
  await next();
});

/**
 * A sensitive admin action (ADR 033): exports and downloads of personal data, erasure,
 * publishing results, revoking certificates, creating or changing accounts, restoring. Put it
 * after requireAdmin: 403 `second_factor_stale` when this session's last check is over 10 minutes old.
 */
export const requireFreshSecondFactor = createMiddleware<AppEnv>(async (c, next) => {
  assertFreshSecondFactor(c);
  await next();
});

/** The same check inside a handler, where only some requests of a route are sensitive (publishing a round). */
export function assertFreshSecondFactor(c: Context<AppEnv>): void {
  if (!isFresh(signedInAdmin(c), c.var.deps.env, c.var.deps.now())) throw staleSecondFactor();
}

/** A session whose password was right but whose second factor is still to be proven or set up reaches nothing else. */
function assertSecondFactorDone(c: Context<AppEnv>, account: AdminIdentity): void {
  const state = secondFactorState(account, c.var.deps.env);
  if (state === 'verify') throw new ApiError(403, 'second_factor_required', 'Finish signing in: confirm with your passkey or an authenticator code.');
  if (state === 'setup') throw new ApiError(403, 'second_factor_setup_required', 'Finish signing in: set up a passkey or an authenticator app first.');
}

const ROLE_REFUSAL: Record<Role, string> = {
  admin: 'This needs an admin account.',
  staff: 'This account is for venue mode only.',
  judge: 'This account is for judging only.',
};

/** Guards a route for any signed-in account whose role is one of `roles`: 401 without a session, 403 for another role. */
function requireRole(roles: Role[], options: { secondFactorDone: boolean } = { secondFactorDone: true }) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const account = await currentAdmin(c);
    if (!account) throw new ApiError(401, 'unauthorized', 'Please sign in again.');
    if (!roles.includes(account.role)) throw new ApiError(403, 'forbidden', ROLE_REFUSAL[account.role]);
    if (options.secondFactorDone) assertSecondFactorDone(c, account);
    assertSameOrigin(c);
    c.set('admin', account);
    await next();
  });
}

/** The session routes (who am I, sign out, the second factor's steps): any account whose password was right. */
export const requireSignedIn = requireRole(['admin', 'staff', 'judge'], { secondFactorDone: false });

/**
 * A venue-mode route: staff or admin. 401 without a valid session (the venue app then keeps its
 * records queued and asks to sign in); a judge's session answers 403.
 */
export const requireVenueAccount = requireRole(['admin', 'staff']);

/** A judge's route (issue 24): judges only; an admin works on judging through the admin routes. */
export const requireJudge = requireRole(['judge']);

/** The admin requireAdmin let through. */
export function signedInAdmin(c: Context<AppEnv>): AdminIdentity {
  const admin = c.get('admin');
  if (!admin) throw new ApiError(401, 'unauthorized', 'Please sign in as an admin.');
  return admin;
}
