import { hc } from 'hono/client';
import { isApiErrorBody, type ApiErrorBody } from '@domain/api-error';
import type { AppType } from '../../server/app';

/** Every request says it comes from our own script; admin writes are refused without it (CSRF). */
export const API_HEADERS = { 'X-Requested-With': 'fetch' } as const;

/** The typed API client: routes, params and JSON bodies are checked against the server's types. */
export const api = hc<AppType>('/api', {
  headers: API_HEADERS,
  init: { credentials: 'same-origin' },
});

/** A non-2xx answer from our API, carrying the server's `{ error: { code, message, fields } }`. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody | null,
  ) {
    super(body?.error.message ?? `The server answered ${status}.`);
    this.name = 'ApiRequestError';
  }

  get code() {
    return this.body?.error.code;
  }

  get fields() {
    return this.body?.error.fields ?? {};
  }
}

/** Reads a response as JSON, or throws ApiRequestError for any non-2xx status. */
export async function readResponse<T>(response: Response): Promise<T> {
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (!response.ok) throw new ApiRequestError(response.status, isApiErrorBody(body) ? body : null);
  return body as T;
}

/** fetch() for our own API, same origin, with the CSRF header and JSON handling. */
export async function apiFetch<T>(path: string, init: RequestInit = {}): Promise<T> {
  const headers = new Headers(init.headers);
  for (const [key, value] of Object.entries(API_HEADERS)) headers.set(key, value);
  if (init.body && typeof init.body === 'string' && !headers.has('Content-Type')) {
    headers.set('Content-Type', 'application/json');
  }
  const response = await fetch(path.startsWith('/api') ? path : `/api${path}`, {
    credentials: 'same-origin',
    ...init,
    headers,
  });
  return readResponse<T>(response);
}
