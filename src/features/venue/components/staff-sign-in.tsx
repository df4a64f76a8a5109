import { SignInForm, type SignInWords } from '@/components/form/sign-in-form';
import { useT } from '@/lib/i18n/use-t';
import { signInStaff, type StaffSession } from '../api/staff-session';

/** Staff sign in once, online; the session then lasts up to 3 days, offline too. */
export function StaffSignIn({ onSignedIn, reason }: { onSignedIn: (session: StaffSession) => void; reason?: string }) {
  const { t } = useT();
  const words: SignInWords = {
    title: t('venue.signIn.title'),
    failures: {
      unreachable: t('venue.signIn.unreachable'),
      credentials: t('venue.signIn.credentials'),
      'rate-limited': t('venue.signIn.rateLimited'),
      refused: t('venue.signIn.refused'),
    },
  };
  return <SignInForm words={words} reason={reason} signIn={signInStaff} onSignedIn={onSignedIn} />;
}
