import { useState, type ReactNode } from 'react';
import { SignInError, type SessionCopy, type SignInFailure } from '@/lib/auth';
import { useT } from '@/lib/i18n/use-t';
import { Form, SubmitButton } from './form';
import { FormField } from './form-field';
import { useFieldErrors } from './use-field-errors';
import { FormOutcome } from './problem-notice';
import './sign-in-form.css';

/** What went wrong, in the page's words (the fields and button are the catalogs' shared sign-in words). */
export type SignInWords = { title: string; failures: Record<SignInFailure, string> };

/**
 * The sign-in of the accounts that work on a phone, offline too (venue staff, judges): username,
 * password, and the outcome in the page's own words. `signIn` is the page's session copy's.
 */
export function SignInForm({
  words,
  reason,
  signIn,
  onSignedIn,
  children,
}: {
  words: SignInWords;
  /** Why the person is asked to sign in again, if they were signed in before. */
  reason?: string | undefined;
  signIn: (username: string, password: string) => Promise<SessionCopy>;
  onSignedIn: (session: SessionCopy) => void;
  children?: ReactNode;
}) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useFieldErrors();
  const { t } = useT();
  const fields = {
    username: t('venue.signIn.username'),
    password: t('venue.signIn.password'),
    enterUsername: t('venue.signIn.enterUsername'),
    enterPassword: t('venue.signIn.enterPassword'),
    submit: t('venue.signIn.submit'),
    submitting: t('venue.signIn.submitting'),
  };

  async function onSubmit() {
    const found: Record<string, string> = {};
    if (!username.trim()) found.username = fields.enterUsername;
    if (!password) found.password = fields.enterPassword;
    if (Object.keys(found).length > 0) return form.show(found);
    setBusy(true);
    setError(null);
    try {
      onSignedIn(await signIn(username.trim(), password));
    } catch (caught) {
      setError(caught instanceof SignInError ? (caught.reason === 'refused' ? caught.message : words.failures[caught.reason]) : words.failures.refused);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="sign-in-card" aria-labelledby="sign-in-heading">
      <h2 id="sign-in-heading">{words.title}</h2>
      {reason ? <p className="form-notice form-notice--info">{reason}</p> : null}
      {children}
      <Form className="form" onSubmit={onSubmit}>
        <FormField label={fields.username} {...form.field('username')}>
          {(control) => <input {...control} autoComplete="username" value={username} onChange={(e) => setUsername(e.target.value)} />}
        </FormField>
        <FormField label={fields.password} {...form.field('password')}>
          {(control) => (
            <input {...control} type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          )}
        </FormField>
        <FormOutcome kind="error" message={error} />
        <SubmitButton busy={busy}>{busy ? fields.submitting : fields.submit}</SubmitButton>
      </Form>
    </section>
  );
}
