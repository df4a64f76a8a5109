import { useQuery } from '@tanstack/react-query';
import { Navigate } from 'react-router-dom';
import { ProveSecondFactor, SetUpSecondFactor } from '@/components/second-factor/second-factor-forms';
import { secondFactorStatus } from '@/lib/second-factor';
import { useSignInStep } from '../hooks/use-sign-in-step';
import { adminKeys } from '../api/query-keys';
import { loginPath } from '../utils/next-path';

/**
 * The second step of signing in (ADR 033): prove the account's passkey or authenticator code,
 * or, for an account without one, set one up. Nothing else of the admin area opens before.
 */
export function SecondFactorPage() {
  const { next, navigate, queryClient, session } = useSignInStep();
  const status = useQuery({ queryKey: adminKeys.secondFactor(), queryFn: secondFactorStatus, enabled: Boolean(session.data), staleTime: 0 });

  const done = async () => {
    await queryClient.invalidateQueries({ queryKey: adminKeys.session() });
    void navigate(next, { replace: true });
  };

  if (session.isPending || (session.data && status.isPending)) return <p className="page admin-status">Checking your session…</p>;
  if (!session.data) return <Navigate to={loginPath(next)} replace />;
  if (status.isError) {
    return (
      <section className="page admin-status" aria-labelledby="second-factor-error">
        <h1 id="second-factor-error">Second step</h1>
        <p role="alert">Could not reach the server. Check your connection.</p>
        <button type="button" className="button" onClick={() => void status.refetch()}>
          Retry
        </button>
      </section>
    );
  }
  const state = status.data?.state;
  if (state === 'done') return <Navigate to={next} replace />;
  return (
    <section className="page admin-login second-factor-page" aria-labelledby="second-factor-heading">
      <div className="admin-card">
        <h1 id="second-factor-heading">{state === 'setup' ? 'Set up a second step for signing in' : 'Confirm it is you'}</h1>
        <p className="admin-muted">
          Signed in as <strong>{session.data.admin.username}</strong>.{' '}
          {state === 'verify' && status.data && `Your password was right; now ${proofWords(status.data)}.`}
        </p>
        {status.data && state === 'verify' && <ProveSecondFactor status={status.data} onProven={() => void done()} />}
        {state === 'setup' && <SetUpSecondFactor onDone={() => void done()} />}
      </div>
    </section>
  );
}

/** What this account can prove itself with, in words. */
function proofWords(status: { totp: boolean; passkeys: readonly unknown[] }): string {
  if (status.totp && status.passkeys.length > 0) return 'use your passkey or a code from your authenticator app';
  if (status.passkeys.length > 0) return 'use your passkey';
  if (status.totp) return 'enter the code from your authenticator app';
  return 'enter one of your recovery codes';
}
