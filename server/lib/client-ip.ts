import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { AppEnv } from '../context';

/**
 * The caller's IP: the socket's address; the first X-Forwarded-For hop only when TRUST_PROXY
 * says a proxy we control sets it. In-process tests (app.request) have no socket: "unknown".
 */
export function clientIp(c: Context<AppEnv>): string {
  if (c.var.deps.env.TRUST_PROXY) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded.slice(0, 100);
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** Whether the request reached us over https (directly, or per a trusted proxy's header). */
export function isHttps(c: Context<AppEnv>): boolean {
  if (c.var.deps.env.TRUST_PROXY && c.req.header('x-forwarded-proto')?.split(',')[0]?.trim() === 'https') return true;
  return new URL(c.req.url).protocol === 'https:';
}

export function userAgentOf(c: Context): string | null {
  return c.req.header('user-agent')?.slice(0, 500) ?? null;
}
