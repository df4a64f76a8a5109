import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context';
import { assertSameOrigin } from './csrf';
import { ApiError } from './errors';
import { currentAdmin, type AdminIdentity } from './sessions';

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
  // Staff accounts are for venue mode only (docs/product.md, "Admin"): every admin route says no.
  if (admin.role !== 'admin') throw new ApiError(403, 'forbidden', 'This account is for venue mode only.');
  assertSameOrigin(c);
  c.set('admin', admin);
  await next();
});

/**
 * Guards a venue-mode route and the session routes: any signed-in account, staff or admin.
 * 401 without a valid session (the venue app then keeps its records queued and asks to sign in).
 */
export const requireSignedIn = createMiddleware<AppEnv>(async (c, next) => {
  const account = await currentAdmin(c);
  if (!account) throw new ApiError(401, 'unauthorized', 'Please sign in again.');
  assertSameOrigin(c);
  c.set('admin', account);
  await next();
});

/** The admin requireAdmin let through. */
export function signedInAdmin(c: Context<AppEnv>): AdminIdentity {
  const admin = c.get('admin');
  if (!admin) throw new ApiError(401, 'unauthorized', 'Please sign in as an admin.');
  return admin;
}
