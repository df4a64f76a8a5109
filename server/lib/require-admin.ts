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
  assertSameOrigin(c);
  c.set('admin', admin);
  await next();
});

/** The admin requireAdmin let through. */
export function signedInAdmin(c: Context<AppEnv>): AdminIdentity {
  const admin = c.get('admin');
  if (!admin) throw new ApiError(401, 'unauthorized', 'Please sign in as an admin.');
  return admin;
}
