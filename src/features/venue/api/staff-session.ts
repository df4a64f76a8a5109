import { useSyncExternalStore } from 'react';
import { currentAccount, signIn, type SignedIn } from '@/lib/auth';

/**
 * The staff member signed in on this phone. The session cookie is HttpOnly, so the page keeps
 * a copy of who and until when (at most 3 days): venue mode then works offline, and the server
 * still decides (an ended session answers 401 and the records wait for a new sign-in).
 */
export type StaffSession = SignedIn['admin'] & Pick<SignedIn, 'expiresAt'>;

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

// Venue mode's header and page both show who is signed in: one copy, and they hear of every change.
const listeners = new Set<() => void>();
let snapshot: { raw: string | null; session: StaffSession | null } | null = null;

function changed(): void {
  snapshot = null;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab signing in or out.
  window.addEventListener('storage', changed);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', changed);
  };
}

function currentSession(): StaffSession | null {
  const raw = localStorage.getItem(KEY);
  if (!snapshot || snapshot.raw !== raw) snapshot = { raw, session: savedSession() };
  return snapshot.session;
}

/** The staff member signed in on this phone, live (null once signed out or ended). */
export function useStaffSession(): StaffSession | null {
  return useSyncExternalStore(subscribe, currentSession, () => null);
}

export function forgetSession(): void {
  localStorage.removeItem(KEY);
  changed();
}

/** Signs in with the one sign-in (`src/lib/auth.ts`) and keeps the copy for offline use. */
export async function signInStaff(username: string, password: string): Promise<StaffSession> {
  const answer = await signIn({ username, password, remember: false });
  const session: StaffSession = { ...answer.admin, expiresAt: answer.expiresAt };
  localStorage.setItem(KEY, JSON.stringify(session));
  changed();
  return session;
}

/** Online, asks the server whether the session still holds; offline, trusts the saved copy. */
export async function confirmSession(): Promise<'valid' | 'ended' | 'unknown'> {
  try {
    if (await currentAccount()) return 'valid';
    forgetSession();
    return 'ended';
  } catch {
    return 'unknown';
  }
}
