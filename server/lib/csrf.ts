import type { Context } from 'hono';
import { ApiError } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * State-changing admin requests must come from our own pages: an Origin whose host is the
 * request's own Host (whatever name and port we are served on) plus `X-Requested-With: fetch`,
 * which a cross-site form cannot send and a cross-site fetch cannot send without a preflight.
 */
export function assertSameOrigin(c: Context): void {
  if (SAFE_METHODS.has(c.req.method)) return;
  const origin = c.req.header('origin');
  const host = c.req.header('host') ?? new URL(c.req.url).host;
  let originHost: string | null = null;
  try {
    originHost = origin ? new URL(origin).host : null;
  } catch {
    originHost = null;
  }
  if (!originHost || originHost.toLowerCase() !== host.toLowerCase() || c.req.header('x-requested-with') !== 'fetch') {
    throw new ApiError(403, 'forbidden', 'This request must come from the admin pages of this site.');
  }
}
