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

export function forgetSession(): void {
  localStorage.removeItem(KEY);
}

/** Signs in with the one sign-in (`src/lib/auth.ts`) and keeps the copy for offline use. */
export async function signInStaff(username: string, password: string): Promise<StaffSession> {
  const answer = await signIn({ username, password, remember: false });
  const session: StaffSession = { ...answer.admin, expiresAt: answer.expiresAt };
  localStorage.setItem(KEY, JSON.stringify(session));
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
