import { randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Deps } from '../../context';
import type { Db } from '../client';
import { accountInvites, accounts, judgeApplications, judges, mailOutbox } from '../schema';
import { sha256Hex } from '../../lib/content-hash';
import { hashPassword, passwordProblem } from '../../lib/password';
import { endAllSessionsOf } from '../../lib/sessions';
import { normalizeUsername, usernameProblem } from './account-store';

/** How long an invitation link works (issue 24). */
export const INVITE_HOURS = 48;

/** A judge's username from their email: the address itself when it fits the rules for usernames, else its letters and digits. */
export function usernameFromEmail(email: string): string {
  const plain = normalizeUsername(email);
  if (!usernameProblem(plain)) return plain;
  return plain.replace(/[^a-z0-9._@-]+/g, '-').replace(/^[^a-z0-9]+/, '').slice(0, 64);
}

export type InviteOutcome = { kind: 'invited'; username: string } | { kind: 'not_approved' } | { kind: 'no_email' } | { kind: 'username_taken'; username: string };

/**
 * Invites an approved applicant to judge: a judge account (no usable password until they set one
 * from the link), their expertise, and the invitation email queued. Inviting again queues a new
 * email (a fresh link) for the same account.
 */
export async function inviteJudge(deps: Pick<Deps, 'database' | 'env'>, applicationId: string): Promise<InviteOutcome> {
  const { db } = deps.database;
  const [application] = await db.select().from(judgeApplications).where(eq(judgeApplications.id, applicationId));
  if (!application || application.status !== 'approved' || application.erasedAt) return { kind: 'not_approved' };
  if (!application.email) return { kind: 'no_email' };
  const username = usernameFromEmail(application.email);
  // Nobody knows this password: the account signs in only after its owner sets one from the link.
  const unusable = await hashPassword(randomBytes(32).toString('base64url'), deps.env.SCRYPT_LOG_N);
  return db.transaction(async (tx) => {
    await tx.insert(accounts).values({ username, passwordHash: unusable, role: 'judge' }).onConflictDoNothing({ target: accounts.username });
    const [account] = await tx.select({ id: accounts.id, role: accounts.role }).from(accounts).where(eq(accounts.username, username));
    if (!account || account.role !== 'judge') return { kind: 'username_taken', username } as const;
    await tx
      .insert(judges)
      .values({ accountId: account.id, applicationId, expertise: application.expertise })
      .onConflictDoUpdate({ target: judges.accountId, set: { applicationId, expertise: application.expertise } });
    await tx.insert(mailOutbox).values({ judgeApplicationId: applicationId, template: 'judge-invite', reason: 'judge-invite' });
    return { kind: 'invited', username } as const;
  });
}

/** The account an application's invitation is for (the mail worker's recipient). */
export async function invitedAccount(db: Db, applicationId: string) {
  const [row] = await db
    .select({ accountId: judges.accountId, username: accounts.username, email: judgeApplications.email, name: judgeApplications.name, erasedAt: judgeApplications.erasedAt })
    .from(judges)
    .innerJoin(accounts, eq(accounts.id, judges.accountId))
    .innerJoin(judgeApplications, eq(judgeApplications.id, judges.applicationId))
    .where(eq(judges.applicationId, applicationId));
  return row ?? null;
}

/** A fresh single-use link for one email; only its SHA-256 is kept. */
export async function createInvite(db: Db, invite: { accountId: string; mailId: string; now: Date }): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(accountInvites).values({
    tokenHash: sha256Hex(token),
    accountId: invite.accountId,
    mailId: invite.mailId,
    expiresAt: new Date(invite.now.getTime() + INVITE_HOURS * 3600_000).toISOString(),
  });
  return token;
}

/** An invitation whose email could not be sent: nobody holds its token. */
export async function deleteInvite(db: Db, token: string): Promise<void> {
  await db.delete(accountInvites).where(eq(accountInvites.tokenHash, sha256Hex(token)));
}

export type AcceptOutcome = { kind: 'set'; accountId: string; username: string } | { kind: 'invalid' } | { kind: 'weak'; problem: string };

/** Sets the password from an invitation link, once: the link is spent and every other invitation of the account ends. */
export async function acceptInvite(deps: Pick<Deps, 'database' | 'env' | 'now'>, token: string, password: string): Promise<AcceptOutcome> {
  const { db } = deps.database;
  const now = deps.now().toISOString();
  const [invite] = await db
    .select({ accountId: accountInvites.accountId, username: accounts.username })
    .from(accountInvites)
    .innerJoin(accounts, eq(accounts.id, accountInvites.accountId))
    .where(and(eq(accountInvites.tokenHash, sha256Hex(token)), isNull(accountInvites.usedAt), gt(accountInvites.expiresAt, now), isNull(accounts.disabledAt)));
  if (!invite) return { kind: 'invalid' };
  const problem = passwordProblem(password, [invite.username]);
  if (problem) return { kind: 'weak', problem };
  const passwordHash = await hashPassword(password, deps.env.SCRYPT_LOG_N);
  const spent = await db.transaction(async (tx) => {
    const used = await tx
      .update(accountInvites)
      .set({ usedAt: now })
      .where(and(eq(accountInvites.tokenHash, sha256Hex(token)), isNull(accountInvites.usedAt)))
      .returning({ accountId: accountInvites.accountId });
    if (used.length === 0) return false;
    await tx.update(accountInvites).set({ usedAt: now }).where(and(eq(accountInvites.accountId, invite.accountId), isNull(accountInvites.usedAt)));
    await tx.update(accounts).set({ passwordHash, updatedAt: now }).where(eq(accounts.id, invite.accountId));
    return true;
  });
  if (!spent) return { kind: 'invalid' };
  await endAllSessionsOf(deps as Deps, invite.accountId);
  return { kind: 'set', accountId: invite.accountId, username: invite.username };
}

/** The judge account made from each of these applications, by application id. */
export async function invitedUsernames(db: Db, applicationIds: readonly string[]): Promise<Map<string, string>> {
  if (applicationIds.length === 0) return new Map();
  const rows = await db
    .select({ applicationId: judges.applicationId, username: accounts.username })
    .from(judges)
    .innerJoin(accounts, eq(accounts.id, judges.accountId))
    .where(inArray(judges.applicationId, [...applicationIds]));
  return new Map(rows.map((row) => [row.applicationId!, row.username]));
}
