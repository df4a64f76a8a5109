import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';
import type { InferResponseType } from 'hono/client';
import { api, apiHref, readResponse } from './api-client';
import { askForSecondFactor } from './second-factor-prompt';

/**
 * The second factor after the password (ADR 033): an authenticator app's code, a passkey, or a
 * recovery code. Admins must have one; sensitive actions ask for it again after 10 minutes.
 */

export type SecondFactorStatus = InferResponseType<(typeof api.auth)['second-factor']['$get'], 200>;

export type Proof = { method: 'totp'; code: string } | { method: 'recovery'; code: string } | { method: 'passkey' };

export function secondFactorStatus(): Promise<SecondFactorStatus> {
  return readResponse(api.auth['second-factor'].$get());
}

/** Starts an authenticator app's set-up: the secret, its otpauth URI and a QR code of it. */
export function startAuthenticatorSetup() {
  return readResponse(api.auth['second-factor'].totp.$post());
}

/** The first code confirms the set-up; the first factor of an account answers its ten recovery codes. */
export function confirmAuthenticator(code: string) {
  return readResponse(api.auth['second-factor'].totp.confirm.$post({ json: { code } }));
}

/** Registers this device's (or a security key's) passkey, through the browser's own dialog. */
export async function registerPasskey(name: string) {
  const { startRegistration } = await import('@simplewebauthn/browser');
  const { options } = await readResponse(api.auth['second-factor'].passkey.options.$post({ json: { purpose: 'register' } }));
  // The options are @simplewebauthn/server's JSON; its types and the browser package's differ only in how they spell buffers.
  const response = await startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON });
  return readResponse(api.auth['second-factor'].passkey.register.$post({ json: { response: asWire(response), name } }));
}

/** Proves the second factor for this session: at sign-in, and again for a sensitive action. */
export async function proveSecondFactor(proof: Proof) {
  if (proof.method !== 'passkey') return readResponse(api.auth['second-factor'].verify.$post({ json: proof }));
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const { options } = await readResponse(api.auth['second-factor'].passkey.options.$post({ json: { purpose: 'verify' } }));
  const response = await startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON });
  return readResponse(api.auth['second-factor'].verify.$post({ json: { method: 'passkey', response: asWire(response) } }));
}

/** A WebAuthn answer as the server's schema types it (an object it passes whole to the library). */
function asWire(response: RegistrationResponseJSON | AuthenticationResponseJSON) {
  return response as unknown as { id: string; rawId: string; type: 'public-key'; response: Record<string, unknown> };
}

export function newRecoveryCodes() {
  return readResponse(api.auth['second-factor']['recovery-codes'].$post());
}

/**
 * Before a download of personal data (a link the browser follows itself, so the client never
 * sees its 403): asks for the factor first when the last check is over 10 minutes old. Resolves
 * false when the person dismissed the question.
 */
export async function readyForSensitiveAction(): Promise<boolean> {
  const status = await secondFactorStatus();
  if (status.fresh) return true;
  return askForSecondFactor();
}

/** Follows a download link once the factor is fresh, as the link itself would have. */
export function startDownload(href: string, fileName?: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName ?? '';
  document.body.append(link);
  link.click();
  link.remove();
}

export { apiHref };
export { setSecondFactorPrompt } from './second-factor-prompt';
