import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context';
import { assertSameOrigin } from './csrf';
import { ApiError } from './errors';
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
  assertSameOrigin(c);
  c.set('admin', admin);
  await next();
});

const ROLE_REFUSAL: Record<Role, string> = {
  admin: 'This needs an admin account.',
  staff: 'This account is for venue mode only.',
  judge: 'This account is for judging only.',
};

/** Guards a route for any signed-in account whose role is one of `roles`: 401 without a session, 403 for another role. */
function requireRole(...roles: Role[]) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const account = await currentAdmin(c);
    if (!account) throw new ApiError(401, 'unauthorized', 'Please sign in again.');
    if (!roles.includes(account.role)) throw new ApiError(403, 'forbidden', ROLE_REFUSAL[account.role]);
    assertSameOrigin(c);
    c.set('admin', account);
    await next();
  });
}

/** The session routes (who am I, sign out): any signed-in account. */
export const requireSignedIn = requireRole('admin', 'staff', 'judge');

/**
 * A venue-mode route: staff or admin. 401 without a valid session (the venue app then keeps its
 * records queued and asks to sign in); a judge's session answers 403.
 */
export const requireVenueAccount = requireRole('admin', 'staff');

/** A judge's route (issue 24): judges only; an admin works on judging through the admin routes. */
export const requireJudge = requireRole('judge');

/** The admin requireAdmin let through. */
export function signedInAdmin(c: Context<AppEnv>): AdminIdentity {
  const admin = c.get('admin');
  if (!admin) throw new ApiError(401, 'unauthorized', 'Please sign in as an admin.');
  return admin;
}
