import { vi } from 'vitest';

type Handler = (request: { url: URL; method: string; body: unknown; headers: Headers }) => Response | Promise<Response>;

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

/**
 * Replaces fetch with handlers keyed by 'METHOD /path' (query string ignored), and records every
 * call, so a component test sees exactly what the page asked the server.
 */
export function fakeApi(routes: Record<string, Handler>) {
  const calls: { method: string; url: URL; body: unknown; headers: Headers }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const headers = new Headers(init.headers);
    calls.push({ method, url, body, headers });
    const handler = routes[`${method} ${url.pathname}`];
    if (!handler) return json({ error: { code: 'not_found', message: `No fake for ${method} ${url.pathname}` } }, 404);
    return handler({ url, method, body, headers });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}
