import { useSyncExternalStore } from 'react';
import type { InferResponseType } from 'hono/client';
import { api, ApiRequestError, readResponse } from './api-client';

/**
 * Signing in, for every kind of account: admins (/admin/login), venue staff (/venue), and the
 * judges to come. One request, one session cookie (HttpOnly), one way to read who is signed in.
 * Each page says the outcome in its own words (`SignInError.reason`).
 */

/** The answer to a sign-in: who, with which role, and until when. */
export type SignedIn = InferResponseType<typeof api.auth.login.$post, 200>;
/** Who is signed in now (GET /api/auth/me). */
export type Account = InferResponseType<typeof api.auth.me.$get, 200>;

export type SignInInput = { username: string; password: string; remember?: boolean };

export type SignInFailure =
  /** The username or password is not right (401). */
  | 'credentials'
  /** Too many failed sign-ins (429); `retryAfterSeconds` says for how long. */
  | 'rate-limited'
  /** No answer at all: offline, or the server is down. */
  | 'unreachable'
  /** Any other refusal (a 5xx, a 422 for a malformed request). */
  | 'refused';

export class SignInError extends Error {
  constructor(
    readonly reason: SignInFailure,
    message: string,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'SignInError';
  }
}

/** The one sign-in function. Resolves with the session; every failure is a SignInError. */
export async function signIn(input: SignInInput): Promise<SignedIn> {
  const response = await api.auth.login
    .$post({ json: { username: input.username, password: input.password, remember: input.remember ?? false } })
    .catch(() => {
      throw new SignInError('unreachable', 'No connection to the server.');
    });
  // The route's type names its 200 only; the failures come from its thrown errors.
  const status: number = response.status;
  if (status === 401) throw new SignInError('credentials', 'The username or password is not correct.');
  if (status === 429) {
    const seconds = Number(response.headers.get('Retry-After'));
    throw new SignInError('rate-limited', 'Too many failed sign-ins.', Number.isFinite(seconds) && seconds > 0 ? seconds : null);
  }
  try {
    return await readResponse(response);
  } catch (error) {
    throw new SignInError('refused', error instanceof Error ? error.message : 'The server refused the sign-in.');
  }
}

/** Who is signed in; null when nobody is (401). Other failures (offline, 5xx) throw. */
export async function currentAccount(): Promise<Account | null> {
  try {
    return await readResponse(api.auth.me.$get());
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) return null;
    throw error;
  }
}

export async function signOut(): Promise<void> {
  await readResponse(api.auth.logout.$post());
}

/** Who is signed in on this device, as the page keeps it (the session cookie itself is HttpOnly). */
export type SessionCopy = SignedIn['admin'] & Pick<SignedIn, 'expiresAt'>;
type Role = SessionCopy['role'];

/**
 * A signed-in session kept on the device for work that goes on offline (venue staff, judges): who
 * and until when, under `key`, for accounts of `roles`. The server still decides: an ended session
 * answers 401, and the outbox's records wait for a new sign-in. `use()` reads it live, so a
 * page's header and body hear of every sign-in and sign-out (another tab's too).
 */
export function sessionCopy(key: string, roles: readonly Role[], refusal: string) {
  const saved = (now = Date.now()): SessionCopy | null => {
    try {
      const value = JSON.parse(localStorage.getItem(key) ?? 'null') as SessionCopy | null;
      if (!value || typeof value.username !== 'string' || !roles.includes(value.role) || Date.parse(value.expiresAt) <= now) return null;
      return value;
    } catch {
      return null;
    }
  };
  const listeners = new Set<() => void>();
  let snapshot: { raw: string | null; session: SessionCopy | null } | null = null;
  const changed = () => {
    snapshot = null;
    for (const listener of listeners) listener();
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    window.addEventListener('storage', changed);
    return () => {
      listeners.delete(listener);
      window.removeEventListener('storage', changed);
    };
  };
  const current = () => {
    const raw = localStorage.getItem(key);
    if (!snapshot || snapshot.raw !== raw) snapshot = { raw, session: saved() };
    return snapshot.session;
  };
  const forget = () => {
    localStorage.removeItem(key);
    changed();
  };
  return {
    saved,
    forget,
    /** The copy, live (null once signed out or ended). */
    use: (): SessionCopy | null => useSyncExternalStore(subscribe, current, () => null),
    /** Signs in and keeps the copy; an account of another role is signed out again and refused with `refusal`. */
    async signIn(username: string, password: string): Promise<SessionCopy> {
      const answer = await signIn({ username, password, remember: false });
      if (!roles.includes(answer.admin.role)) {
        await signOut().catch(() => {});
        throw new SignInError('refused', refusal);
      }
      const session: SessionCopy = { ...answer.admin, expiresAt: answer.expiresAt };
      localStorage.setItem(key, JSON.stringify(session));
      changed();
      // The account has (or must have) a second factor: prove it, then come back here (ADR 033).
      if (answer.secondFactor !== 'done') {
        window.location.assign(`/admin/second-factor?next=${encodeURIComponent(window.location.pathname + window.location.search)}`);
      }
      return session;
    },
    /** Online, asks the server whether the session still holds; offline, trusts the saved copy. */
    async confirm(): Promise<'valid' | 'ended' | 'unknown'> {
      try {
        const account = await currentAccount();
        if (account && roles.includes(account.admin.role)) return 'valid';
        forget();
        return 'ended';
      } catch {
        return 'unknown';
      }
    },
  };
}
