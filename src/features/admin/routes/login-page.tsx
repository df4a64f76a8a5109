import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { CONTACT } from '@/config/season';
import { LoginError, login, sessionQueryOptions } from '../api/session';
import { adminKeys } from '../api/query-keys';
import { safeNextPath } from '../utils/next-path';
import { atLeast } from '../utils/at-least';
import { formatWait } from '../utils/format-wait';

/** 'Signing in...' stays up at least this long, so a fast answer does not make it flash. */
export const MIN_SIGNING_IN_MS = 400;

type HelpTopic = 'forgot' | 'contact' | null;

export function LoginPage() {
  const [searchParams] = useSearchParams();
  const next = safeNextPath(searchParams.get('next'));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useQuery(sessionQueryOptions());
  const [signingIn, setSigningIn] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [help, setHelp] = useState<HelpTopic>(null);
  const helpId = useId();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setSigningIn(true);
    setError(null);
    try {
      const answer = await atLeast(
        MIN_SIGNING_IN_MS,
        login({
          username: String(form.get('username') ?? ''),
          password: String(form.get('password') ?? ''),
          remember: form.get('remember') === 'on',
        }),
      );
      queryClient.setQueryData(adminKeys.session(), answer);
      void navigate(next, { replace: true });
    } catch (cause) {
      setError(loginErrorMessage(cause));
      setSigningIn(false);
    }
  }

  if (session.data && !signingIn) return <Navigate to={next} replace />;

  return (
    <section className="page admin-login" aria-labelledby="login-heading">
      <div className="admin-card">
        <h1 id="login-heading">Admin sign in</h1>
        <p className="admin-muted">For competition staff. Parents do not need an account.</p>
        <form className="admin-form" onSubmit={(event) => void onSubmit(event)} aria-describedby={error ? 'login-error' : undefined}>
          <div className="admin-field">
            <label htmlFor="login-username">Username</label>
            <input id="login-username" name="username" autoComplete="username" required autoCapitalize="none" spellCheck={false} />
          </div>
          <div className="admin-field">
            <label htmlFor="login-password">Password</label>
            <input id="login-password" name="password" type="password" autoComplete="current-password" required />
          </div>
          <div className="admin-check">
            <input id="login-remember" name="remember" type="checkbox" />
            <label htmlFor="login-remember">Remember me for 30 days</label>
          </div>
          {error && (
            <p id="login-error" className="admin-error" role="alert">
              {error}
            </p>
          )}
          <button type="submit" className="button button--primary admin-login__submit" disabled={signingIn} aria-busy={signingIn}>
            {signingIn && <span className="admin-spinner" aria-hidden="true" />}
            {signingIn ? 'Signing in...' : 'Sign In'}
          </button>
        </form>
        <div className="admin-login__help">
          <button
            type="button"
            className="admin-link"
            aria-expanded={help === 'forgot'}
            aria-controls={helpId}
            onClick={() => setHelp(help === 'forgot' ? null : 'forgot')}
          >
            Forgot password
          </button>
          <button
            type="button"
            className="admin-link"
            aria-expanded={help === 'contact'}
            aria-controls={helpId}
            onClick={() => setHelp(help === 'contact' ? null : 'contact')}
          >
            Contact administrator
          </button>
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
  if (error instanceof LoginError && error.status === 429) {
    return error.retryAfterSeconds
      ? `Too many failed sign-in attempts. Try again in ${formatWait(error.retryAfterSeconds)}.`
      : 'Too many failed sign-in attempts. Try again later.';
  }
  if (error instanceof LoginError) return 'Wrong username or password.';
  return 'Could not sign in: the server did not answer. Check your connection and try again.';
}
