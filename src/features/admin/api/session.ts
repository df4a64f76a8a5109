import { queryOptions } from '@tanstack/react-query';
import type { InferResponseType } from 'hono/client';
import { API_HEADERS, ApiRequestError, apiFetch, readResponse, type api } from '@/lib/api-client';
import { adminKeys } from './query-keys';

export type AdminSession = InferResponseType<typeof api.auth.me.$get, 200>;

/** Who is signed in; null when nobody is (the API answers 401). */
export async function getSession(): Promise<AdminSession | null> {
  try {
    return await apiFetch<AdminSession>('/api/auth/me');
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) return null;
    throw error;
  }
}

export const sessionQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.session(), queryFn: getSession, staleTime: 60_000 });

export type LoginInput = { username: string; password: string; remember: boolean };

/** A refused sign-in; `retryAfterSeconds` is set when the server is rate limiting (429). */
export class LoginError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly retryAfterSeconds: number | null,
  ) {
    super(message);
    this.name = 'LoginError';
  }
}

export async function login(input: LoginInput): Promise<AdminSession> {
  const response = await fetch('/api/auth/login', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { ...API_HEADERS, 'Content-Type': 'application/json' },
    body: JSON.stringify(input),
  });
  if (response.status === 429) {
    const seconds = Number(response.headers.get('Retry-After'));
    throw new LoginError(429, 'Too many failed sign-in attempts.', Number.isFinite(seconds) && seconds > 0 ? seconds : null);
  }
  if (response.status === 401) {
    throw new LoginError(401, 'The username or password is not correct.', null);
  }
  return readResponse<AdminSession>(response);
}

export async function logout(): Promise<void> {
  await apiFetch<InferResponseType<typeof api.auth.logout.$post, 200>>('/api/auth/logout', { method: 'POST' });
}
