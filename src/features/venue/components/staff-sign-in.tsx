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
    fields: {
      username: t('venue.signIn.username'),
      password: t('venue.signIn.password'),
      enterUsername: t('venue.signIn.enterUsername'),
      enterPassword: t('venue.signIn.enterPassword'),
      submit: t('venue.signIn.submit'),
      submitting: t('venue.signIn.submitting'),
    },
  };
  return <SignInForm words={words} reason={reason} signIn={signInStaff} onSignedIn={onSignedIn} />;
}
