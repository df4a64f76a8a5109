import { useId, useState, type FormEvent } from 'react';
import { Navigate } from 'react-router-dom';
import { Form, SubmitButton } from '@/components/form/form';
import { FormField } from '@/components/form/form-field';
import { useFieldErrors } from '@/components/form/use-field-errors';
import { CONTACT } from '@/config/season';
import { SignInError, signIn } from '@/lib/auth';
import { useSignInStep } from '../hooks/use-sign-in-step';
import { adminKeys } from '../api/query-keys';
import { secondFactorPath } from '../utils/next-path';
import { atLeast } from '../utils/at-least';
import { formatWait } from '../utils/format-wait';

/** 'Signing in...' stays up at least this long, so a fast answer does not make it flash. */
export const MIN_SIGNING_IN_MS = 400;

type HelpTopic = 'forgot' | 'contact' | null;

const HELP_TOPICS: readonly [topic: NonNullable<HelpTopic>, label: string][] = [
  ['forgot', 'Forgot password'],
  ['contact', 'Contact administrator'],
];

export function LoginPage() {
  const { next, navigate, queryClient, session } = useSignInStep();
  const [signingIn, setSigningIn] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [help, setHelp] = useState<HelpTopic>(null);
  const helpId = useId();
  const form = useFieldErrors();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    const data = new FormData(event.currentTarget);
    const credentials = {
      username: String(data.get('username') ?? ''),
      password: String(data.get('password') ?? ''),
      remember: data.get('remember') === 'on',
    };
    const missing = {
      ...(credentials.username.trim() ? {} : { username: 'Enter your username.' }),
      ...(credentials.password ? {} : { password: 'Enter your password.' }),
    };
    if (Object.keys(missing).length > 0) {
      form.show(missing);
      return;
    }
    form.reset();
    setSigningIn(true);
    setError(null);
    try {
      const answer = await atLeast(MIN_SIGNING_IN_MS, signIn(credentials));
      queryClient.setQueryData(adminKeys.session(), answer);
      // The password was right; a passkey or a code comes next where the account has or needs one (ADR 033).
      void navigate(answer.secondFactor === 'done' ? next : secondFactorPath(next), { replace: true });
    } catch (cause) {
      setError(loginErrorMessage(cause));
      setSigningIn(false);
    }
  }

  if (session.data && !signingIn) return <Navigate to={session.data.secondFactor === 'done' ? next : secondFactorPath(next)} replace />;

  return (
    <section className="page admin-login" aria-labelledby="login-heading">
      <div className="admin-card">
        <h1 id="login-heading">Admin sign in</h1>
        <p className="admin-muted">For competition staff. Parents do not need an account.</p>
        <Form className="form admin-login__form" onSubmit={onSubmit} aria-describedby={error ? 'login-error' : undefined}>
          <FormField label="Username" {...form.field('username')}>
            {(control) => (
              <input
                {...control}
                name="username"
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                onChange={() => form.clear('username')}
              />
            )}
          </FormField>
          <FormField label="Password" {...form.field('password')}>
            {(control) => (
              <input {...control} name="password" type="password" autoComplete="current-password" onChange={() => form.clear('password')} />
            )}
          </FormField>
          <FormField layout="check" label="Remember me for 30 days">
            {(control) => <input {...control} name="remember" type="checkbox" />}
          </FormField>
          {error && (
            <p id="login-error" className="form-notice form-notice--error" role="alert">
              {error}
            </p>
          )}
          <SubmitButton busy={signingIn} className="admin-login__submit" aria-busy={signingIn}>
            {signingIn && <span className="admin-spinner" aria-hidden="true" />}
            {signingIn ? 'Signing in...' : 'Sign In'}
          </SubmitButton>
        </Form>
        <div className="admin-login__help">
          {HELP_TOPICS.map(([topic, label]) => (
            <button
              key={topic}
              type="button"
              className="admin-link"
              aria-expanded={help === topic}
              aria-controls={helpId}
              onClick={() => setHelp(help === topic ? null : topic)}
            >
              {label}
            </button>
          ))}
        </div>
        <div id={helpId} className="admin-login__help-text" aria-live="polite">
          {help === 'forgot' && (
            <p>
              Passwords are reset by whoever runs the server (<code>npm run admin -- create &lt;username&gt;</code> sets a
              new one). Ask {CONTACT.adminContact} at <a href={`mailto:${CONTACT.supportEmail}`}>{CONTACT.supportEmail}</a>.
            </p>
          )}
          {help === 'contact' && (
            <p>
              Contact {CONTACT.adminContact}: email <a href={`mailto:${CONTACT.supportEmail}`}>{CONTACT.supportEmail}</a> or
              call <a href={CONTACT.phoneHref}>{CONTACT.phone}</a>.
            </p>
          )}
        </div>
      </div>
    </section>
  );
}

function loginErrorMessage(error: unknown): string {
  if (error instanceof SignInError && error.reason === 'rate-limited') {
    return error.retryAfterSeconds
      ? `Too many failed sign-in attempts. Try again in ${formatWait(error.retryAfterSeconds)}.`
      : 'Too many failed sign-in attempts. Try again later.';
  }
  if (error instanceof SignInError && error.reason === 'credentials') return 'Wrong username or password.';
  return 'Could not sign in: the server did not answer. Check your connection and try again.';
}
