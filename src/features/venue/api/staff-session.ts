import { API_HEADERS, ApiRequestError, apiFetch, readResponse } from '@/lib/api-client';

/**
 * The staff member signed in on this phone. The session cookie is HttpOnly, so the page keeps
 * a copy of who and until when (at most 3 days): venue mode then works offline, and the server
 * still decides (an ended session answers 401 and the records wait for a new sign-in).
 */
export type StaffSession = { username: string; role: 'admin' | 'staff'; expiresAt: string };

const KEY = 'ktc-venue-session';

export function savedSession(now = Date.now()): StaffSession | null {
  try {
    const value = JSON.parse(localStorage.getItem(KEY) ?? 'null') as StaffSession | null;
    if (!value || typeof value.username !== 'string' || Date.parse(value.expiresAt) <= now) return null;
    return value;
  } catch {
    return null;
  }
}

export function forgetSession(): void {
  localStorage.removeItem(KEY);
}

export class SignInError extends Error {}

export async function signIn(username: string, password: string): Promise<StaffSession> {
  const response = await fetch('/api/auth/login', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { ...API_HEADERS, 'Content-Type': 'application/json' },
    body: JSON.stringify({ username, password, remember: false }),
  }).catch(() => {
    throw new SignInError('No connection. Sign in once while online; after that venue mode works offline.');
  });
  if (response.status === 401) throw new SignInError('The username or password is not correct.');
  if (response.status === 429) throw new SignInError('Too many failed sign-ins. Wait a few minutes and try again.');
  const body = await readResponse<{ admin: { username: string; role: 'admin' | 'staff' }; expiresAt: string }>(response);
  const session: StaffSession = { ...body.admin, expiresAt: body.expiresAt };
  localStorage.setItem(KEY, JSON.stringify(session));
  return session;
}

/** Online, asks the server whether the session still holds; offline, trusts the saved copy. */
export async function confirmSession(): Promise<'valid' | 'ended' | 'unknown'> {
  try {
    await apiFetch('/api/auth/me');
    return 'valid';
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) {
      forgetSession();
      return 'ended';
    }
    return 'unknown';
  }
}
