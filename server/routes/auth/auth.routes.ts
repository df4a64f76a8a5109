import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../context';
import { audit } from '../../lib/audit';
import { clientIp, limitKeyOf, userAgentOf } from '../../lib/client-ip';
import { assertSameOrigin } from '../../lib/csrf';
import { ApiError, invalid, readJson, validate } from '../../lib/errors';
import { passwordWork } from '../../lib/password';
import { RateLimited, spendTokens } from '../../lib/rate-limits';
import { requireSignedIn, signedInAdmin } from '../../lib/require-admin';
import { isStorableText } from '../../lib/storable-text';
import { secondFactorState } from '../../lib/second-factor';
import { endSession, pruneExpiredSessions, startSession } from '../../lib/sessions';
import { authenticate, type BlockReason } from '../../db/stores/auth-store';
import { acceptInvite } from '../../db/stores/invite-store';
import { jsonBody } from '../../lib/validators';
import { acceptInviteSchema } from '@domain/judging';
import { plural } from '@domain/plural';

const loginSchema = z.object({
  username: z
    .string({ error: 'Enter your username.' })
    .trim()
    .min(1, 'Enter your username.')
    .max(200)
    .refine(isStorableText, 'Remove the hidden or broken characters from the username.'),
  password: z.string({ error: 'Enter your password.' }).min(1, 'Enter your password.').max(1024),
  remember: z.boolean().optional().default(false),
});

/** Admin sessions: POST /api/auth/login, POST /api/auth/logout, GET /api/auth/me. */
export const authRoutes = new Hono<AppEnv>()
  .post('/login', async (c) => {
    assertSameOrigin(c);
    // Under a flood, refuse before even reading the body.
    if (passwordWork.full) throw signInBusy();
    const input = validate(loginSchema, await readJson(c));
    const ip = clientIp(c);
    const outcome = await authenticate(c.var.deps, input.username, input.password, limitKeyOf(ip));
    const username = input.username.toLowerCase();
    if (outcome.kind === 'busy') throw signInBusy();
    if (outcome.kind === 'blocked') {
      await auditBlocked(c, username, outcome.reason, ip);
      throw new ApiError(
        429,
        'too_many_requests',
        `Too many failed sign-ins. Try again in ${waitInWords(outcome.retryAfterSeconds)}.`,
        undefined,
        undefined,
        { 'Retry-After': String(outcome.retryAfterSeconds) },
      );
    }
    if (outcome.kind === 'failed') {
      await audit(c, { admin: { id: outcome.adminId, username }, action: 'login_failed' });
      throw new ApiError(401, 'unauthorized', 'The username or password is not right.');
    }
    await pruneExpiredSessions(c.var.deps);
    const { expiresAt } = await startSession(c, outcome.admin, { remember: input.remember, ip, userAgent: userAgentOf(c) });
    await audit(c, { admin: outcome.admin, action: 'login', changes: { remember: input.remember } });
    // The password was right; the second factor, where the account has or needs one, comes next (ADR 033).
    const secondFactor = secondFactorState({ ...outcome.admin, secondFactorAt: null }, c.var.deps.env);
    return c.json(
      { admin: { username: outcome.admin.username, role: outcome.admin.role }, expiresAt: expiresAt.toISOString(), secondFactor },
      200,
    );
  })
  .post('/logout', requireSignedIn, async (c) => {
    const admin = signedInAdmin(c);
    await endSession(c, admin.sessionHash);
    await audit(c, { admin, action: 'logout' });
    return c.json({ ok: true as const }, 200);
  })
  /** An invited judge sets their password from the emailed link (single use, 48 hours), then signs in. */
  .post('/invite', jsonBody(acceptInviteSchema), async (c) => {
    assertSameOrigin(c);
    if (passwordWork.full) throw signInBusy();
    const input = c.req.valid('json');
    const outcome = await acceptInvite(c.var.deps, input.token, input.password);
    if (outcome.kind === 'invalid') {
      throw new ApiError(410, 'gone', 'This link has been used or has expired. Ask the organisers for a new invitation.');
    }
    if (outcome.kind === 'weak') throw invalid({ password: outcome.problem });
    await audit(c, { admin: { id: outcome.accountId, username: outcome.username }, action: 'account.invite_accepted' });
    return c.json({ username: outcome.username }, 200);
  })
  .get('/me', requireSignedIn, (c) => {
    const account = signedInAdmin(c);
    return c.json(
      {
        admin: { username: account.username, role: account.role },
        expiresAt: account.expiresAt ?? null,
        secondFactor: secondFactorState(account, c.var.deps.env),
      },
      200,
    );
  });

/**
 * One audit row per address per 15 minutes for refused sign-ins: a flood of refused guesses
 * would otherwise write a row each (1,800 from one audit run) and bury the entries that matter.
 */
async function auditBlocked(c: Context<AppEnv>, username: string, reason: BlockReason, ip: string): Promise<void> {
  try {
    await spendTokens(c.var.deps, ip, [{ bucket: 'loginBlockedAudit', cost: 1 }]);
  } catch (error) {
    if (error instanceof RateLimited) return;
    throw error;
  }
  await audit(c, {
    admin: { id: null, username },
    action: 'login_blocked',
    changes: { reason, note: 'Further refused sign-ins from this address in the next 15 minutes are not logged one by one.' },
  });
}

function signInBusy(): ApiError {
  return new ApiError(503, 'service_unavailable', 'Sign-in is busy right now. Please try again in a few seconds.', undefined, undefined, {
    'Retry-After': '3',
  });
}

function waitInWords(seconds: number): string {
  if (seconds < 60) return plural(seconds, { one: '# second', other: '# seconds' });
  return plural(Math.ceil(seconds / 60), { one: '# minute', other: '# minutes' });
}
