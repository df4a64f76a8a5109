import { Hono, type Context } from 'hono';
import { z } from 'zod';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { AppEnv } from '../../context';
import { audit } from '../../lib/audit';
import { clientLimitKey } from '../../lib/client-ip';
import { ApiError, invalid } from '../../lib/errors';
import { describeError } from '../../lib/logger';
import { giveBackTokens, RateLimited, spendTokens, type Charge } from '../../lib/rate-limits';
import { assertFreshSecondFactor, requireSignedIn, signedInAdmin } from '../../lib/require-admin';
import {
  CHALLENGE_MS,
  freshUntil,
  ISSUER,
  isFresh,
  matchTotp,
  newChallenge,
  newRecoveryCodes,
  newTotpSecret,
  recoveryCodeHash,
  relyingParty,
  requiredRoles,
  secondFactorState,
  totpUri,
} from '../../lib/second-factor';
import type { AdminIdentity } from '../../lib/sessions';
import { jsonBody } from '../../lib/validators';
import { qrDataUrl } from '../../mail/qr-code';
import {
  confirmTotp,
  enrollmentOf,
  markSessionVerified,
  passkeyOf,
  passkeysOf,
  passkeyUsed,
  pendingTotpOf,
  replaceRecoveryCodes,
  savePasskey,
  setChallenge,
  setPendingTotp,
  takeChallenge,
  takeTotpStep,
  totpOf,
  useRecoveryCode,
} from '../../db/stores/second-factor-store';
import { plural } from '@domain/plural';

const codeSchema = z
  .string({ error: 'Enter the 6-digit code from your authenticator app.' })
  .trim()
  .min(1, 'Enter the 6-digit code from your authenticator app.')
  .max(40, 'That code is too long.');

/** A WebAuthn answer as @simplewebauthn/browser sends it; the library checks everything inside. */
const credentialSchema = z
  .object({ id: z.string().min(1).max(1024), rawId: z.string().min(1).max(1024), type: z.literal('public-key'), response: z.record(z.string(), z.unknown()) })
  .passthrough();

const verifySchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('totp'), code: codeSchema }),
  z.object({ method: z.literal('recovery'), code: codeSchema }),
  z.object({ method: z.literal('passkey'), response: credentialSchema }),
]);

const passkeyNameSchema = z.string().trim().min(1).max(60).optional();

/**
 * The second factor's steps (ADR 033), for a session whose password was right:
 * GET / where it stands; POST /totp and /totp/confirm set up an authenticator app; POST
 * /passkey/options and /passkey/register set up a passkey; POST /verify proves one (at sign-in,
 * and again for a sensitive action after 10 minutes); POST /recovery-codes makes a new set.
 */
export const secondFactorRoutes = new Hono<AppEnv>()
  .get('/', requireSignedIn, async (c) => {
    const account = signedInAdmin(c);
    const enrollment = await enrollmentOf(c.var.deps.database.db, account.id);
    return c.json(
      {
        state: secondFactorState(account, c.var.deps.env),
        required: requiredRoles(c.var.deps.env).has(account.role),
        fresh: isFresh(account, c.var.deps.env, c.var.deps.now()),
        freshUntil: freshUntil(account),
        totp: enrollment.totp,
        passkeys: enrollment.passkeys.map(({ name, createdAt, lastUsedAt }) => ({ name, createdAt, lastUsedAt })),
        recoveryCodesLeft: enrollment.recoveryCodesLeft,
      },
      200,
    );
  })
  .post('/totp', requireSignedIn, async (c) => {
    const account = signedInAdmin(c);
    assertMayAddFactor(c, account);
    const secret = newTotpSecret();
    await setPendingTotp(c.var.deps.database.db, account.sessionHash, secret);
    const uri = totpUri(secret, account.username);
    return c.json({ secret, uri, qr: await qrDataUrl(uri) }, 200);
  })
  .post('/totp/confirm', requireSignedIn, jsonBody(z.object({ code: codeSchema })), async (c) => {
    const account = signedInAdmin(c);
    assertMayAddFactor(c, account);
    const { db } = c.var.deps.database;
    const secret = await pendingTotpOf(db, account.sessionHash);
    if (!secret) throw new ApiError(409, 'conflict', 'Start again: no authenticator set-up is under way on this device.');
    const now = c.var.deps.now();
    const step = await limitedTry(c, account, () => matchTotp(secret, c.req.valid('json').code, now, null));
    if (step === null) throw wrongCode('code', 'That code is not right. Check the app shows "Kids Talent Competition" and try the newest code.');
    await confirmTotp(db, { accountId: account.id, sessionHash: account.sessionHash, secret, step, now });
    await audit(c, { admin: account, action: 'second_factor.setup', changes: { method: 'totp' } });
    return c.json({ recoveryCodes: await firstRecoveryCodes(c, account) }, 200);
  })
  .post('/passkey/options', requireSignedIn, jsonBody(z.object({ purpose: z.enum(['register', 'verify']) })), async (c) => {
    const account = signedInAdmin(c);
    const { db } = c.var.deps.database;
    const { rpID } = relyingParty(c);
    const existing = await passkeysOf(db, account.id);
    const challenge = newChallenge();
    const now = c.var.deps.now();
    if (c.req.valid('json').purpose === 'register') {
      assertMayAddFactor(c, account);
      const options = await generateRegistrationOptions({
        rpName: ISSUER,
        rpID,
        userName: account.username,
        userID: new TextEncoder().encode(account.id),
        challenge,
        attestationType: 'none',
        excludeCredentials: existing.map(({ id, transports }) => ({ id, transports })),
        authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
        timeout: CHALLENGE_MS,
      });
      // The options carry the challenge as the browser will echo it (base64url of our random bytes).
      await setChallenge(db, account.sessionHash, options.challenge, new Date(now.getTime() + CHALLENGE_MS));
      return c.json({ options }, 200);
    }
    if (existing.length === 0) throw new ApiError(409, 'conflict', 'This account has no passkey yet.');
    const options = await generateAuthenticationOptions({
      rpID,
      challenge,
      allowCredentials: existing.map(({ id, transports }) => ({ id, transports })),
      userVerification: 'preferred',
      timeout: CHALLENGE_MS,
    });
    await setChallenge(db, account.sessionHash, options.challenge, new Date(now.getTime() + CHALLENGE_MS));
    return c.json({ options }, 200);
  })
  .post('/passkey/register', requireSignedIn, jsonBody(z.object({ response: credentialSchema, name: passkeyNameSchema })), async (c) => {
    const account = signedInAdmin(c);
    assertMayAddFactor(c, account);
    const { db } = c.var.deps.database;
    const now = c.var.deps.now();
    const input = c.req.valid('json');
    const challenge = await takeChallenge(db, account.sessionHash, now);
    if (!challenge) throw new ApiError(409, 'conflict', 'The passkey request timed out. Try again.');
    const { origin, rpID } = relyingParty(c);
    const result = await verifyRegistrationResponse({
      response: input.response as unknown as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: false,
    }).catch((error: unknown) => {
      // Why a browser's passkey was refused (origin, challenge, format): the operator's clue, never a secret.
      c.var.deps.log.warn('passkey registration refused', describeError(error));
      return null;
    });
    if (!result?.verified) throw new ApiError(422, 'validation_failed', 'The passkey could not be checked. Try again, or use an authenticator app.');
    const { credential } = result.registrationInfo;
    const saved = await savePasskey(db, {
      id: credential.id,
      accountId: account.id,
      publicKey: credential.publicKey,
      counter: credential.counter,
      transports: credential.transports ?? [],
      name: input.name ?? 'Passkey',
      now,
    });
    if (!saved) throw new ApiError(409, 'conflict', 'This passkey is already registered.');
    await markSessionVerified(db, account.sessionHash, now);
    await audit(c, { admin: account, action: 'second_factor.setup', changes: { method: 'passkey', name: input.name ?? 'Passkey' } });
    return c.json({ recoveryCodes: await firstRecoveryCodes(c, account) }, 200);
  })
  .post('/verify', requireSignedIn, jsonBody(verifySchema), async (c) => {
    const account = signedInAdmin(c);
    if (!account.enrolled) throw new ApiError(409, 'conflict', 'This account has no second factor yet: set one up first.');
    const input = c.req.valid('json');
    const { db } = c.var.deps.database;
    const now = c.var.deps.now();
    if (input.method === 'passkey') {
      const ok = await verifyPasskey(c, account, input.response as unknown as AuthenticationResponseJSON);
      if (!ok) {
        await audit(c, { admin: account, action: 'second_factor.failed', changes: { method: 'passkey' } });
        throw new ApiError(401, 'unauthorized', 'That passkey was not accepted. Try again, or use a code.');
      }
    } else if (input.method === 'totp') {
      const totp = await totpOf(db, account.id);
      if (!totp) throw new ApiError(409, 'conflict', 'This account has no authenticator app: use its passkey or a recovery code.');
      const step = await limitedTry(c, account, async () => {
        const matched = await matchTotp(totp.secret, input.code, now, totp.lastStep);
        return matched !== null && (await takeTotpStep(db, account.id, matched)) ? matched : null;
      });
      if (step === null) throw wrongCode('code', 'That code is not right, or was used already. Wait for the next code and try again.');
    } else {
      const result = await limitedTry(c, account, async () => {
        const outcome = await useRecoveryCode(db, account.id, recoveryCodeHash(input.code), now);
        return outcome.used ? outcome : null;
      });
      if (result === null) throw wrongCode('code', 'That recovery code is not right, or was used already.');
      await audit(c, { admin: account, action: 'second_factor.recovery_used', changes: { left: result.left } });
    }
    await markSessionVerified(db, account.sessionHash, now);
    await audit(c, { admin: account, action: 'second_factor.used', changes: { method: input.method } });
    return c.json({ state: 'done' as const, freshUntil: freshUntil({ secondFactorAt: now.toISOString() }) }, 200);
  })
  .post('/recovery-codes', requireSignedIn, async (c) => {
    const account = signedInAdmin(c);
    if (secondFactorState(account, c.var.deps.env) !== 'done' || !account.enrolled) {
      throw new ApiError(409, 'conflict', 'Set up a passkey or an authenticator app first.');
    }
    assertFreshSecondFactor(c);
    const codes = newRecoveryCodes();
    await replaceRecoveryCodes(c.var.deps.database.db, account.id, codes.map(recoveryCodeHash), c.var.deps.now());
    await audit(c, { admin: account, action: 'second_factor.recovery_codes' });
    return c.json({ recoveryCodes: codes }, 200);
  });

/**
 * A factor is added while setting up (the account has none yet), or by a signed-in account
 * whose last check is recent: a stolen password alone never adds an attacker's factor.
 */
function assertMayAddFactor(c: Context<AppEnv>, account: AdminIdentity): void {
  const state = secondFactorState(account, c.var.deps.env);
  if (!account.enrolled) return;
  if (state === 'verify') throw new ApiError(403, 'second_factor_required', 'Confirm with your passkey or an authenticator code first.');
  assertFreshSecondFactor(c);
}

/** The first factor set up gets ten recovery codes, shown once; a later one leaves them as they are. */
async function firstRecoveryCodes(c: Context<AppEnv>, account: AdminIdentity): Promise<string[] | null> {
  const { db } = c.var.deps.database;
  if ((await enrollmentOf(db, account.id)).recoveryCodesLeft > 0) return null;
  const codes = newRecoveryCodes();
  await replaceRecoveryCodes(db, account.id, codes.map(recoveryCodeHash), c.var.deps.now());
  await audit(c, { admin: account, action: 'second_factor.recovery_codes' });
  return codes;
}

async function verifyPasskey(c: Context<AppEnv>, account: AdminIdentity, response: AuthenticationResponseJSON): Promise<boolean> {
  const { db } = c.var.deps.database;
  const now = c.var.deps.now();
  const challenge = await takeChallenge(db, account.sessionHash, now);
  if (!challenge || typeof response.id !== 'string') return false;
  const key = await passkeyOf(db, account.id, response.id);
  if (!key) return false;
  const { origin, rpID } = relyingParty(c);
  const result = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    credential: { id: key.id, publicKey: new Uint8Array(key.publicKey), counter: key.counter, transports: key.transports },
    requireUserVerification: false,
  }).catch((error: unknown) => {
    c.var.deps.log.warn('passkey sign-in refused', describeError(error));
    return null;
  });
  if (!result?.verified) return false;
  await passkeyUsed(db, key.id, result.authenticationInfo.newCounter, now);
  return true;
}

/**
 * A code try, counted per account and per address before it is checked; a right code gives its
 * tokens back, so only wrong ones count. Each wrong one is an audit row.
 */
async function limitedTry<T>(c: Context<AppEnv>, account: AdminIdentity, attempt: () => Promise<T | null>): Promise<T | null> {
  const accountCharge: Charge[] = [{ bucket: 'secondFactorAccount', cost: 1 }];
  const addressCharge: Charge[] = [{ bucket: 'secondFactorAddress', cost: 1 }];
  const address = clientLimitKey(c);
  try {
    await spendTokens(c.var.deps, `account-${account.id}`, accountCharge);
    await spendTokens(c.var.deps, address, addressCharge).catch(async (error: unknown) => {
      await giveBackTokens(c.var.deps, `account-${account.id}`, accountCharge);
      throw error;
    });
  } catch (error) {
    if (!(error instanceof RateLimited)) throw error;
    throw new ApiError(429, 'too_many_requests', `Too many wrong codes. Try again in ${plural(Math.ceil(error.retryAfterSeconds / 60), { one: '# minute', other: '# minutes' })}.`, undefined, undefined, {
      'Retry-After': String(error.retryAfterSeconds),
    });
  }
  const result = await attempt();
  if (result === null) {
    await audit(c, { admin: account, action: 'second_factor.failed' });
    return null;
  }
  await giveBackTokens(c.var.deps, `account-${account.id}`, accountCharge);
  await giveBackTokens(c.var.deps, address, addressCharge);
  return result;
}

function wrongCode(field: string, message: string): ApiError {
  return invalid({ [field]: message });
}
