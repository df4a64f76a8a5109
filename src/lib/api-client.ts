import { hc, type ClientResponse } from 'hono/client';
import type { SuccessStatusCode } from 'hono/utils/http-status';
import { isApiErrorBody } from '@domain/api-error';
import { ApiRequestError } from './api-request-error';
import { fetchAskingAgain } from './second-factor-prompt';
import type { AppType } from '../../server/app';

/** Every request says it comes from our own script; admin writes are refused without it (CSRF). */
export const API_HEADERS = { 'X-Requested-With': 'fetch' } as const;

/**
 * The typed API client: routes, params and JSON bodies are checked against the server's types,
 * and every answer's type is inferred from them (ADR 014). The one way `src/` calls the API; a
 * string path (`fetch('/api/…')`) is a lint error. `fetch` is given only by tests and the outbox
 * transport's tests; otherwise the browser's, looked up at call time.
 */
export function createApiClient(fetcher?: typeof fetch) {
  return hc<AppType>('/api', {
    headers: { ...API_HEADERS },
    init: { credentials: 'same-origin' },
    // A sensitive action refused for a stale second factor is asked for again, then sent once more.
    fetch: fetcher ?? fetchAskingAgain,
  });
}

export type ApiClient = ReturnType<typeof createApiClient>;

export { ApiRequestError };

export const api = createApiClient();

/**
 * The address of an API resource a page links to rather than fetches (a CSV download, a photo),
 * from the typed client's path: `apiHref(api.newsletter['export.csv'].$path())`.
 */
export function apiHref(path: string): string {
  return `/api${path}`;
}

/** The body of an answer's 2xx statuses, as the server types it. */
export type OkBody<R> = R extends ClientResponse<infer T, infer S, infer _F> ? (S extends SuccessStatusCode ? T : never) : never;

/**
 * Reads an answer of the typed client as JSON, typed from the server's route, or throws
 * ApiRequestError for any non-2xx status: `const page = await readResponse(api.staff.$get())`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any answer of the typed client (as hono's own parseResponse takes it)
export async function readResponse<R extends ClientResponse<any, any, any>>(response: R | Promise<R>): Promise<OkBody<R>> {
  const answer = await response;
  const text = await answer.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (!answer.ok) throw new ApiRequestError(answer.status, isApiErrorBody(body) ? body : null);
  return body as OkBody<R>;
}
