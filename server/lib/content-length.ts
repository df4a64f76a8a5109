import type { MiddlewareHandler } from 'hono';

/**
 * Gives JSON answers a Content-Length. c.json() builds a body without one, so the compress
 * middleware's size threshold never applied and even a 30-byte /api/health went through gzip
 * (on the thread pool the login's scrypt also needs). JSON answers are built in memory anyway;
 * streamed answers (CSV exports) are left as they are.
 */
export function jsonContentLength(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const response = c.res;
    if (!response.body || response.headers.has('Content-Length') || response.headers.has('Content-Encoding')) return;
    if (!/^application\/json\b/i.test(response.headers.get('Content-Type') ?? '')) return;
    const bytes = new Uint8Array(await response.arrayBuffer());
    const headers = new Headers(response.headers);
    headers.set('Content-Length', String(bytes.byteLength));
    c.res = new Response(bytes, { status: response.status, statusText: response.statusText, headers });
  };
}
