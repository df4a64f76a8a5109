import { and, count, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../client';
import { accounts, passkeys, recoveryCodes, sessions } from '../schema';

/** What second factors an account has (ADR 033); never the secrets themselves. */
export type Enrollment = {
  totp: boolean;
  passkeys: { id: string; name: string; transports: string[]; createdAt: string; lastUsedAt: string | null }[];
  recoveryCodesLeft: number;
};

export async function enrollmentOf(db: Db, accountId: string): Promise<Enrollment> {
  const [account] = await db.select({ totpSecret: accounts.totpSecret }).from(accounts).where(eq(accounts.id, accountId));
  const keys = await db
    .select({ id: passkeys.id, name: passkeys.name, transports: passkeys.transports, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
    .from(passkeys)
    .where(eq(passkeys.accountId, accountId))
    .orderBy(passkeys.createdAt);
  const [codes] = await db
    .select({ left: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.accountId, accountId), isNull(recoveryCodes.usedAt)));
  return {
    totp: Boolean(account?.totpSecret),
    passkeys: keys.map((key) => ({
      ...key,
      createdAt: new Date(key.createdAt).toISOString(),
      lastUsedAt: key.lastUsedAt ? new Date(key.lastUsedAt).toISOString() : null,
    })),
    recoveryCodesLeft: Number(codes?.left ?? 0),
  };
}

/** This session proved the second factor now. */
export async function markSessionVerified(db: Db, sessionHash: string, now: Date): Promise<void> {
  await db.update(sessions).set({ secondFactorAt: now.toISOString() }).where(eq(sessions.tokenHash, sessionHash));
}

// --- authenticator apps ----------------------------------------------------------------------

export async function setPendingTotp(db: Db, sessionHash: string, secret: string): Promise<void> {
  await db.update(sessions).set({ pendingTotpSecret: secret }).where(eq(sessions.tokenHash, sessionHash));
}

export async function pendingTotpOf(db: Db, sessionHash: string): Promise<string | null> {
  const [row] = await db.select({ secret: sessions.pendingTotpSecret }).from(sessions).where(eq(sessions.tokenHash, sessionHash));
  return row?.secret ?? null;
}

/** The secret shown on this device, confirmed with a code of step `step`: it becomes the account's. */
export async function confirmTotp(db: Db, input: { accountId: string; sessionHash: string; secret: string; step: number; now: Date }): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(accounts)
      .set({ totpSecret: input.secret, totpLastStep: input.step, updatedAt: input.now.toISOString() })
      .where(eq(accounts.id, input.accountId));
    await tx
      .update(sessions)
      .set({ pendingTotpSecret: null, secondFactorAt: input.now.toISOString() })
      .where(eq(sessions.tokenHash, input.sessionHash));
  });
}

export async function totpOf(db: Db, accountId: string): Promise<{ secret: string; lastStep: number | null } | null> {
  const [row] = await db.select({ secret: accounts.totpSecret, lastStep: accounts.totpLastStep }).from(accounts).where(eq(accounts.id, accountId));
  return row?.secret ? { secret: row.secret, lastStep: row.lastStep } : null;
}

/**
 * Takes the code's step for the account, if no code of that step or a later one was taken: two
 * requests racing with one code cannot both succeed.
 */
export async function takeTotpStep(db: Db, accountId: string, step: number): Promise<boolean> {
  const taken = await db
    .update(accounts)
    .set({ totpLastStep: step })
    .where(and(eq(accounts.id, accountId), or(isNull(accounts.totpLastStep), lt(accounts.totpLastStep, step))))
    .returning({ id: accounts.id });
  return taken.length === 1;
}

/** An operator sets the account's authenticator secret (ADMIN_TOTP_SECRET, `npm run admin -- … --totp-secret`). */
export async function setTotpSecret(db: Db, accountId: string, secret: string, now: Date): Promise<'set' | 'unchanged'> {
  const [row] = await db.select({ secret: accounts.totpSecret }).from(accounts).where(eq(accounts.id, accountId));
  if (row?.secret === secret) return 'unchanged';
  await db.update(accounts).set({ totpSecret: secret, totpLastStep: null, updatedAt: now.toISOString() }).where(eq(accounts.id, accountId));
  return 'set';
}

// --- passkeys --------------------------------------------------------------------------------

export async function setChallenge(db: Db, sessionHash: string, challenge: string, expiresAt: Date): Promise<void> {
  await db.update(sessions).set({ challenge, challengeExpiresAt: expiresAt.toISOString() }).where(eq(sessions.tokenHash, sessionHash));
}

/** The session's challenge, if still good; it is cleared in the same transaction (one use). */
export async function takeChallenge(db: Db, sessionHash: string, now: Date): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ challenge: sessions.challenge })
      .from(sessions)
      .where(and(eq(sessions.tokenHash, sessionHash), gt(sessions.challengeExpiresAt, now.toISOString())))
      .for('update');
    if (!row?.challenge) return null;
    await tx.update(sessions).set({ challenge: null, challengeExpiresAt: null }).where(eq(sessions.tokenHash, sessionHash));
    return row.challenge;
  });
}

export async function passkeysOf(db: Db, accountId: string): Promise<{ id: string; transports: string[] }[]> {
  return db.select({ id: passkeys.id, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.accountId, accountId));
}

export async function passkeyOf(db: Db, accountId: string, id: string) {
  const [row] = await db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.accountId, accountId), eq(passkeys.id, id)));
  return row ?? null;
}

export async function savePasskey(
  db: Db,
  key: { id: string; accountId: string; publicKey: Uint8Array; counter: number; transports: string[]; name: string; now: Date },
): Promise<boolean> {
  const inserted = await db
    .insert(passkeys)
    .values({
      id: key.id,
      accountId: key.accountId,
      publicKey: key.publicKey,
      counter: key.counter,
      transports: key.transports,
      name: key.name,
      createdAt: key.now.toISOString(),
    })
    .onConflictDoNothing()
    .returning({ id: passkeys.id });
  return inserted.length === 1;
}

export async function passkeyUsed(db: Db, id: string, counter: number, now: Date): Promise<void> {
  await db.update(passkeys).set({ counter, lastUsedAt: now.toISOString() }).where(eq(passkeys.id, id));
}

// --- recovery codes --------------------------------------------------------------------------

/** The account's recovery codes become these (the old ones, used or not, stop working). */
export async function replaceRecoveryCodes(db: Db, accountId: string, hashes: readonly string[], now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.accountId, accountId));
    await tx.insert(recoveryCodes).values(hashes.map((codeHash) => ({ accountId, codeHash, createdAt: now.toISOString() })));
  });
}

/** Uses one code: true the first time, false for a wrong or already used code. */
export async function useRecoveryCode(db: Db, accountId: string, codeHash: string, now: Date): Promise<{ used: boolean; left: number }> {
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: now.toISOString() })
    .where(and(eq(recoveryCodes.accountId, accountId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  const [left] = await db
    .select({ left: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.accountId, accountId), isNull(recoveryCodes.usedAt)));
  return { used: used.length === 1, left: Number(left?.left ?? 0) };
}

/** An operator's reset for an account that lost every factor: all of them go, and every session ends. */
export async function resetSecondFactor(db: Db, accountId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(accounts).set({ totpSecret: null, totpLastStep: null, updatedAt: now.toISOString() }).where(eq(accounts.id, accountId));
    await tx.delete(passkeys).where(eq(passkeys.accountId, accountId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.accountId, accountId));
    await tx.delete(sessions).where(eq(sessions.adminId, accountId));
  });
}
