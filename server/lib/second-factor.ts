import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { Context } from 'hono';
import { generateSecret, generateURI, verify } from 'otplib';
import type { AppEnv } from '../context';
import type { Env } from '../env';
import { ApiError } from './errors';
import type { AdminIdentity, Role } from './sessions';

/**
 * The second factor (ADR 033): a passkey or an authenticator app's code, after the password.
 * Admins must have one; staff and judges are offered it and can be required to by
 * REQUIRE_SECOND_FACTOR. Sensitive actions ask for it again once the last check is older than this.
 */
export const SECOND_FACTOR_FRESH_MS = 10 * 60_000;
export const TOTP_PERIOD_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;
/** A passkey ceremony's challenge is good for this long. */
export const CHALLENGE_MS = 5 * 60_000;
export const ISSUER = 'Kids Talent Competition';

/**
 * Where a session stands:
 * - `done`: signed in (the factor proven in this session, or none needed for this account);
 * - `verify`: the password was right; the account's factor is still to be proven;
 * - `setup`: the password was right; the account must set up a factor before anything else.
 */
export type SecondFactorState = 'done' | 'verify' | 'setup';

export function requiredRoles(env: Pick<Env, 'REQUIRE_SECOND_FACTOR'>): ReadonlySet<Role> {
  return new Set(env.REQUIRE_SECOND_FACTOR);
}

export function secondFactorState(account: Pick<AdminIdentity, 'role' | 'secondFactorAt' | 'enrolled'>, env: Pick<Env, 'REQUIRE_SECOND_FACTOR'>): SecondFactorState {
  if (account.secondFactorAt) return 'done';
  if (account.enrolled) return 'verify';
  return requiredRoles(env).has(account.role) ? 'setup' : 'done';
}

/** True when this session proved its factor in the last 10 minutes (or its account needs none and has none). */
export function isFresh(account: Pick<AdminIdentity, 'role' | 'secondFactorAt' | 'enrolled'>, env: Pick<Env, 'REQUIRE_SECOND_FACTOR'>, now: Date): boolean {
  if (!account.secondFactorAt) return !account.enrolled && !requiredRoles(env).has(account.role);
  return now.getTime() - Date.parse(account.secondFactorAt) <= SECOND_FACTOR_FRESH_MS;
}

/** When the fresh check ends, for the page to say (null: not fresh, or nothing to check). */
export function freshUntil(account: Pick<AdminIdentity, 'secondFactorAt'>): string | null {
  return account.secondFactorAt ? new Date(Date.parse(account.secondFactorAt) + SECOND_FACTOR_FRESH_MS).toISOString() : null;
}

/** The refusal of a sensitive action whose session's check is older than 10 minutes. */
export function staleSecondFactor(): ApiError {
  return new ApiError(
    403,
    'second_factor_stale',
    'Confirm it is you: this action needs your passkey or an authenticator code again (the last check was over 10 minutes ago).',
  );
}

// ---------------------------------------------------------------------------------------------
// Authenticator apps (TOTP, RFC 6238: SHA-1, 6 digits, 30 s)

export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

/** A base32 secret an operator gives (ADMIN_TOTP_SECRET, `--totp-secret`): at least 128 bits. */
export function totpSecretProblem(secret: string): string | null {
  const clean = normalizeTotpSecret(secret);
  if (!/^[A-Z2-7]+$/.test(clean)) return 'A TOTP secret is base32: letters A-Z and digits 2-7.';
  if (clean.length < 26) return 'A TOTP secret must hold at least 128 bits (26 base32 characters or more).';
  return null;
}

export function normalizeTotpSecret(secret: string): string {
  return secret.replace(/[\s=-]/g, '').toUpperCase();
}

export function totpUri(secret: string, username: string): string {
  return generateURI({ issuer: ISSUER, label: username, secret, period: TOTP_PERIOD_SECONDS });
}

export function totpStepAt(now: Date): number {
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS);
}

/**
 * The 30-second step a code belongs to, when it is right for now or the step either side (a
 * phone's clock a little off), and later than `afterStep` (a code is good once); otherwise null.
 */
export async function matchTotp(secret: string, code: string, now: Date, afterStep: number | null): Promise<number | null> {
  const token = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const result = await verify({
    secret,
    token,
    epoch: Math.floor(now.getTime() / 1000),
    period: TOTP_PERIOD_SECONDS,
    epochTolerance: TOTP_PERIOD_SECONDS,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  }).catch(() => null);
  return result?.valid ? totpStepAt(now) + result.delta : null;
}

// ---------------------------------------------------------------------------------------------
// Recovery codes: ten, single-use, stored as SHA-256 (each holds 50 random bits)

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

export function recoveryCodeHash(code: string): string {
  return createHash('sha256').update(code.toLowerCase().replace(/[^a-z0-9]/g, '')).digest('hex');
}

// ---------------------------------------------------------------------------------------------
// Passkeys (WebAuthn): the relying party is this site

/**
 * The origin and relying-party id a passkey is bound to: PUBLIC_URL's when it is set, otherwise
 * the page's own origin (already checked to be this host by the CSRF check).
 */
export function relyingParty(c: Context<AppEnv>): { origin: string; rpID: string } {
  const publicUrl = c.var.deps.env.PUBLIC_URL;
  const origin = publicUrl ? new URL(publicUrl).origin : c.req.header('origin');
  if (!origin) throw new ApiError(403, 'forbidden', 'This request must come from the pages of this site.');
  const url = new URL(origin);
  return { origin: url.origin, rpID: url.hostname };
}

/** 32 random bytes; the WebAuthn options carry them base64url-encoded, as the browser echoes them. */
export function newChallenge(): Uint8Array<ArrayBuffer> {
  return new Uint8Array(randomBytes(32));
}
