import { SignInForm, type SignInWords } from '@/components/form/sign-in-form';
import { signInStaff, type StaffSession } from '../api/staff-session';

/** What went wrong, in venue mode's words. */
const WORDS: SignInWords = {
  title: 'Staff sign-in',
  failures: {
    unreachable: 'No connection. Sign in once while online; after that venue mode works offline.',
    credentials: 'The username or password is not correct.',
    'rate-limited': 'Too many failed sign-ins. Wait a few minutes and try again.',
    refused: 'Sign-in failed. Please try again.',
  },
};

/** Staff sign in once, online; the session then lasts up to 3 days, offline too. */
export function StaffSignIn({ onSignedIn, reason }: { onSignedIn: (session: StaffSession) => void; reason?: string }) {
  return <SignInForm words={WORDS} reason={reason} signIn={signInStaff} onSignedIn={onSignedIn} />;
}
