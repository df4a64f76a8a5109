import { useState, type FormEvent } from 'react';
import { Form, SubmitButton } from '@/components/form/form';
import { FormField } from '@/components/form/form-field';
import { useFieldErrors } from '@/components/form/use-field-errors';
import { ApiRequestError } from '@/lib/api-client';
import {
  confirmAuthenticator,
  proveSecondFactor,
  registerPasskey,
  startAuthenticatorSetup,
  type Proof,
  type SecondFactorStatus,
} from '@/lib/second-factor';
import './second-factor.css';

/** What a refused proof or set-up says, in the page (the server's own sentence where it has one). */
function problemOf(error: unknown): string {
  if (error instanceof ApiRequestError) return Object.values(error.fields)[0] ?? error.message;
  if (error instanceof Error && error.name === 'NotAllowedError') return 'The passkey request was cancelled or timed out. Try again.';
  if (error instanceof Error && /WebAuthn|passkey|authenticator/i.test(error.message)) return error.message;
  return 'No answer from the server. Check your connection and try again.';
}

/**
 * Proves the account's second factor: its passkey (when it has one), a code from its
 * authenticator app, or one of its recovery codes. `onProven` runs once the server accepts.
 */
export function ProveSecondFactor({ status, onProven }: { status: Pick<SecondFactorStatus, 'totp' | 'passkeys'>; onProven: () => void }) {
  const [useRecovery, setUseRecovery] = useState(!status.totp && status.passkeys.length === 0);
  const [busy, setBusy] = useState<Proof['method'] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useFieldErrors();

  async function prove(proof: Proof) {
    setBusy(proof.method);
    setProblem(null);
    try {
      await proveSecondFactor(proof);
      onProven();
    } catch (error) {
      if (proof.method === 'passkey') setProblem(problemOf(error));
      else form.show({ code: problemOf(error) });
    } finally {
      setBusy(null);
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const code = String(new FormData(event.currentTarget).get('code') ?? '').trim();
    if (!code) {
      form.show({ code: useRecovery ? 'Enter one of your recovery codes.' : 'Enter the 6-digit code from your authenticator app.' });
      return;
    }
    void prove({ method: useRecovery ? 'recovery' : 'totp', code });
  }

  return (
    <div className="second-factor">
      {status.passkeys.length > 0 && (
        <div className="second-factor__passkey">
          <button type="button" className="button" disabled={busy !== null} onClick={() => void prove({ method: 'passkey' })}>
            {busy === 'passkey' ? 'Waiting for your passkey…' : 'Use your passkey'}
          </button>
          {problem && (
            <p className="form-notice form-notice--error" role="alert">
              {problem}
            </p>
          )}
        </div>
      )}
      {(status.totp || useRecovery) && (
        <Form className="form second-factor__code" onSubmit={onSubmit}>
          <FormField
            label={useRecovery ? 'Recovery code' : 'Code from your authenticator app'}
            hint={useRecovery ? 'One of the ten codes you saved when you set up the second factor. Each works once.' : '6 digits; a new one every 30 seconds.'}
            {...form.field('code')}
          >
            {(control) => (
              <input
                {...control}
                key={useRecovery ? 'recovery' : 'totp'}
                name="code"
                autoComplete="one-time-code"
                inputMode={useRecovery ? 'text' : 'numeric'}
                autoCapitalize="none"
                spellCheck={false}
                onChange={() => form.clear('code')}
              />
            )}
          </FormField>
          <SubmitButton busy={busy !== null && busy !== 'passkey'}>{busy === 'totp' || busy === 'recovery' ? 'Checking…' : 'Confirm'}</SubmitButton>
        </Form>
      )}
      <button
        type="button"
        className="admin-link second-factor__switch"
        onClick={() => {
          form.reset();
          setUseRecovery(!useRecovery);
        }}
      >
        {useRecovery ? (status.totp ? 'Use the authenticator app instead' : 'Hide the recovery code') : 'Use a recovery code instead'}
      </button>
    </div>
  );
}

type Setup = { kind: 'choose' } | { kind: 'app'; secret: string; qr: string } | { kind: 'codes'; codes: string[] };

/**
 * Sets up a first (or another) second factor: a passkey on this device or a security key, or an
 * authenticator app from a QR code; then shows the ten recovery codes once, when the server made
 * them. `onDone` runs when the person has finished.
 */
export function SetUpSecondFactor({ onDone }: { onDone: () => void }) {
  const [step, setStep] = useState<Setup>({ kind: 'choose' });
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useFieldErrors();

  const finish = (codes: string[] | null) => (codes ? setStep({ kind: 'codes', codes }) : onDone());

  async function passkey() {
    setBusy(true);
    setProblem(null);
    try {
      finish((await registerPasskey('Passkey')).recoveryCodes);
    } catch (error) {
      setProblem(problemOf(error));
    } finally {
      setBusy(false);
    }
  }

  async function app() {
    setBusy(true);
    setProblem(null);
    try {
      const started = await startAuthenticatorSetup();
      setStep({ kind: 'app', secret: started.secret, qr: started.qr });
    } catch (error) {
      setProblem(problemOf(error));
    } finally {
      setBusy(false);
    }
  }

  async function onConfirm(event: FormEvent<HTMLFormElement>) {
    const code = String(new FormData(event.currentTarget).get('code') ?? '').trim();
    if (!code) {
      form.show({ code: 'Enter the 6-digit code the app shows.' });
      return;
    }
    setBusy(true);
    try {
      finish((await confirmAuthenticator(code)).recoveryCodes);
    } catch (error) {
      form.show({ code: problemOf(error) });
    } finally {
      setBusy(false);
    }
  }

  if (step.kind === 'codes') {
    return (
      <div className="second-factor">
        <h2 className="second-factor__title">Your recovery codes</h2>
        <p>
          If you lose your phone or passkey, each of these codes lets you sign in once. Save them somewhere safe now (a password manager,
          or printed): they are not shown again.
        </p>
        <ul className="second-factor__codes" aria-label="Recovery codes">
          {step.codes.map((code) => (
            <li key={code}>
              <code>{code}</code>
            </li>
          ))}
        </ul>
        <button type="button" className="button" onClick={onDone}>
          I have saved these codes
        </button>
      </div>
    );
  }

  if (step.kind === 'app') {
    return (
      <div className="second-factor">
        <h2 className="second-factor__title">Set up your authenticator app</h2>
        <ol className="second-factor__steps">
          <li>Open your authenticator app (Google Authenticator, Microsoft Authenticator, 2FAS, Aegis…) and add an account.</li>
          <li>
            Scan this QR code, or type the key below.
            <img className="second-factor__qr" src={step.qr} alt="QR code of the authenticator key" width={200} height={200} />
            <span className="second-factor__secret">
              Key: <code>{step.secret.replace(/(.{4})/g, '$1 ').trim()}</code>
            </span>
          </li>
          <li>Enter the 6-digit code the app now shows for Kids Talent Competition.</li>
        </ol>
        <Form className="form second-factor__code" onSubmit={onConfirm}>
          <FormField label="Code from your authenticator app" {...form.field('code')}>
            {(control) => (
              <input {...control} name="code" autoComplete="one-time-code" inputMode="numeric" onChange={() => form.clear('code')} />
            )}
          </FormField>
          <SubmitButton busy={busy}>{busy ? 'Checking…' : 'Confirm and finish'}</SubmitButton>
        </Form>
      </div>
    );
  }

  return (
    <div className="second-factor">
      <p>
        Your account can see children&rsquo;s details, so signing in takes a second step after the password. Choose one; you can add the
        other later.
      </p>
      <div className="second-factor__choices">
        <button type="button" className="button" disabled={busy} onClick={() => void passkey()}>
          Set up a passkey
        </button>
        <button type="button" className="button" disabled={busy} onClick={() => void app()}>
          Use an authenticator app
        </button>
      </div>
      <p className="admin-muted">A passkey is kept by this device, your phone or a security key, and unlocked with your fingerprint, face or PIN.</p>
      {problem && (
        <p className="form-notice form-notice--error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
