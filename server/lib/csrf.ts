import type { Context } from 'hono';
import type { AppEnv } from '../context';
import { ApiError } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * State-changing admin requests must come from our own pages, proven by two things a cross-site
 * form cannot send and a cross-site fetch cannot send without a preflight:
 * - an Origin that is PUBLIC_URL's origin (scheme, host and port) when it is set, or otherwise
 *   one whose host is the request's own Host (whatever name and port we are served on);
 * - `X-Requested-With: fetch`.
 */
export function assertSameOrigin(c: Context<AppEnv>): void {
  if (SAFE_METHODS.has(c.req.method)) return;
  if (!originAllowed(c) || c.req.header('x-requested-with') !== 'fetch') {
    throw new ApiError(403, 'forbidden', 'This request must come from the admin pages of this site.');
  }
}

/**
 * The one public write a page sends with `navigator.sendBeacon` (POST /api/vitals, ADR 030): a
 * beacon cannot set X-Requested-With, but the browser always sends Origin with it. Another site's
 * page can still post text/plain there (a form can), with its own Origin: that is refused here.
 */
export function assertSameOriginBeacon(c: Context<AppEnv>): void {
  if (!originAllowed(c)) throw new ApiError(403, 'forbidden', 'Speed reports are taken only from the pages of this site.');
}

/**
 * A form the browser posts itself (the registration form before the page's script runs, ADR 031):
 * it cannot set headers, but the browser always sends Origin with a form's POST.
 */
export function sameOrigin(c: Context<AppEnv>): boolean {
  return originAllowed(c);
}

function originAllowed(c: Context<AppEnv>): boolean {
  const origin = c.req.header('origin');
  let url: URL | null = null;
  try {
    url = origin ? new URL(origin) : null;
  } catch {
    url = null;
  }
  if (!url) return false;
  const publicUrl = c.var.deps.env.PUBLIC_URL;
  if (publicUrl) return url.origin === new URL(publicUrl).origin;
  const host = c.req.header('host') ?? new URL(c.req.url).host;
  return url.host.toLowerCase() === host.toLowerCase();
}
