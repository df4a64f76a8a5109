import { useState, type ReactNode } from 'react';
import { SignInError, type SessionCopy, type SignInFailure } from '@/lib/auth';
import { Form, SubmitButton } from './form';
import { FormField } from './form-field';
import { useFieldErrors } from './use-field-errors';
import './sign-in-form.css';

/** The form's fields and button, in English unless the page gives its own language's words. */
const ENGLISH_FIELDS = {
  username: 'Username',
  password: 'Password',
  enterUsername: 'Enter your username.',
  enterPassword: 'Enter your password.',
  submit: 'Sign In',
  submitting: 'Signing in…',
};

/** What went wrong, in the page's words, and (for a page in another language) the form's own words. */
export type SignInWords = { title: string; failures: Record<SignInFailure, string>; fields?: typeof ENGLISH_FIELDS };

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
  const fields = words.fields ?? ENGLISH_FIELDS;

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
        <div role="alert" className="form__status">
          {error ? <p className="form-notice form-notice--error">{error}</p> : null}
        </div>
        <SubmitButton busy={busy}>{busy ? fields.submitting : fields.submit}</SubmitButton>
      </Form>
    </section>
  );
}
