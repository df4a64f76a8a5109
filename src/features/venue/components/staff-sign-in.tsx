import { useState } from 'react';
import { Form, SubmitButton } from '@/components/form/form';
import { FormField } from '@/components/form/form-field';
import { useFieldErrors } from '@/components/form/use-field-errors';
import { SignInError, type SignInFailure } from '@/lib/auth';
import { signInStaff, type StaffSession } from '../api/staff-session';

/** What went wrong, in venue mode's words. */
const FAILURE: Record<SignInFailure, string> = {
  unreachable: 'No connection. Sign in once while online; after that venue mode works offline.',
  credentials: 'The username or password is not correct.',
  'rate-limited': 'Too many failed sign-ins. Wait a few minutes and try again.',
  refused: 'Sign-in failed. Please try again.',
};

/** Staff sign in once, online; the session then lasts up to 3 days, offline too. */
export function StaffSignIn({ onSignedIn, reason }: { onSignedIn: (session: StaffSession) => void; reason?: string }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useFieldErrors();

  async function onSubmit() {
    const found: Record<string, string> = {};
    if (!username.trim()) found.username = 'Enter your username.';
    if (!password) found.password = 'Enter your password.';
    if (Object.keys(found).length > 0) return form.show(found);
    setBusy(true);
    setError(null);
    try {
      onSignedIn(await signInStaff(username.trim(), password));
    } catch (caught) {
      setError(FAILURE[caught instanceof SignInError ? caught.reason : 'refused']);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="venue-card" aria-labelledby="staff-sign-in">
      <h2 id="staff-sign-in">Staff sign-in</h2>
      {reason ? <p className="form-notice form-notice--info">{reason}</p> : null}
      <Form className="form" onSubmit={onSubmit}>
        <FormField label="Username" {...form.field('username')}>
          {(control) => <input {...control} autoComplete="username" value={username} onChange={(e) => setUsername(e.target.value)} />}
        </FormField>
        <FormField label="Password" {...form.field('password')}>
          {(control) => (
            <input {...control} type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          )}
        </FormField>
        <div role="alert" className="form__status">
          {error ? <p className="form-notice form-notice--error">{error}</p> : null}
        </div>
        <SubmitButton busy={busy}>{busy ? 'Signing in…' : 'Sign In'}</SubmitButton>
      </Form>
    </section>
  );
}
