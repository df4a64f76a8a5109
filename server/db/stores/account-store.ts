import { randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { Deps } from '../../context';
import { JUDGE_EXPERTISE } from '@domain/judge-rules';
import { accounts, auditLog, judges } from '../schema';
import type { AuditAction } from '../../lib/audit';
import { normalizeTotpSecret, totpSecretProblem } from '../../lib/second-factor';
import { resetSecondFactor, setTotpSecret } from './second-factor-store';
import { hashNeedsUpgrade, hashPassword, passwordProblem, verifyPassword } from '../../lib/password';
import { endAllSessionsOf, type Role } from '../../lib/sessions';

export function normalizeUsername(username: string): string {
  return username.trim().toLowerCase();
}

export function usernameProblem(username: string): string | null {
  return /^[a-z0-9][a-z0-9._@-]{1,63}$/.test(username)
    ? null
    : 'Use 2 to 64 characters: letters, digits, dots, dashes, underscores or @.';
}

/**
 * Creates the admin, or sets a new password for an existing one (ending its sessions).
 * Returns what happened; an unchanged password is left alone so restarts keep sessions.
 */
export async function upsertAdmin(
  deps: Pick<Deps, 'database' | 'env'>,
  rawUsername: string,
  password: string,
  /** Given: the account gets this role (created or existing). Left out: admin for a new account, unchanged otherwise. */
  role?: Role,
  /** A judge's expertise, which decides the contests they score: required with the role judge. */
  expertise?: string,
): Promise<'created' | 'updated' | 'unchanged'> {
  const username = normalizeUsername(rawUsername);
  const problem = usernameProblem(username) ?? passwordProblem(password, [username]) ?? (role === 'judge' ? expertiseProblem(expertise) : null);
  if (problem) throw new Error(problem);
  const outcome = await upsertAccount(deps, username, password, role);
  if (role === 'judge' && expertise) {
    const [account] = await deps.database.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.username, username));
    await deps.database.db.insert(judges).values({ accountId: account!.id, expertise }).onConflictDoUpdate({ target: judges.accountId, set: { expertise } });
  }
  return outcome;
}

function expertiseProblem(expertise: string | undefined): string | null {
  if (expertise && (JUDGE_EXPERTISE as readonly string[]).includes(expertise)) return null;
  return `A judge needs an expertise, one of: ${JUDGE_EXPERTISE.join(', ')}.`;
}

async function upsertAccount(
  deps: Pick<Deps, 'database' | 'env'>,
  username: string,
  password: string,
  role: Role | undefined,
): Promise<'created' | 'updated' | 'unchanged'> {
  const logN = deps.env.SCRYPT_LOG_N;
  const [existing] = await deps.database.db.select().from(accounts).where(eq(accounts.username, username)).limit(1);
  if (existing) {
    const roleChanges = role !== undefined && role !== existing.role;
    if (!roleChanges && !hashNeedsUpgrade(existing.passwordHash, logN) && (await verifyPassword(password, existing.passwordHash))) {
      return 'unchanged';
    }
    await deps.database.db
      .update(accounts)
      .set({ passwordHash: await hashPassword(password, logN), updatedAt: new Date().toISOString(), ...(role ? { role } : {}) })
      .where(eq(accounts.id, existing.id));
    await endAllSessionsOf(deps as Deps, existing.id);
    return 'updated';
  }
  const passwordHash = await hashPassword(password, logN);
  const inserted = await deps.database.db
    .insert(accounts)
    .values({ username, passwordHash, role: role ?? 'admin' })
    .onConflictDoNothing({ target: accounts.username })
    .returning({ id: accounts.id });
  // Another instance starting at the same moment created it first: set our password on it.
  if (inserted.length === 0) return upsertAccount(deps, username, password, role);
  return 'created';
}

export class UnknownAccount extends Error {
  constructor(username: string) {
    super(`There is no account "${username}".`);
    this.name = 'UnknownAccount';
  }
}

/** A new password for an existing account (an admin's reset of a staff member's); ends its sessions. */
export async function resetPassword(deps: Pick<Deps, 'database' | 'env'>, rawUsername: string, password: string): Promise<'updated' | 'unchanged'> {
  const username = normalizeUsername(rawUsername);
  const [existing] = await deps.database.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.username, username)).limit(1);
  if (!existing) throw new UnknownAccount(username);
  const outcome = await upsertAdmin(deps, username, password);
  return outcome === 'created' ? 'updated' : outcome;
}

/** Disables (or enables again) an account. Disabling ends its sessions at once. */
export async function setAccountDisabled(
  deps: Pick<Deps, 'database' | 'env'>,
  rawUsername: string,
  disabled: boolean,
): Promise<'disabled' | 'enabled'> {
  const username = normalizeUsername(rawUsername);
  const [row] = await deps.database.db
    .update(accounts)
    .set({ disabledAt: disabled ? new Date().toISOString() : null, updatedAt: new Date().toISOString() })
    .where(eq(accounts.username, username))
    .returning({ id: accounts.id });
  if (!row) throw new UnknownAccount(username);
  if (disabled) await endAllSessionsOf(deps as Deps, row.id);
  return disabled ? 'disabled' : 'enabled';
}

/**
 * Start-up: ADMIN_USERNAME + ADMIN_PASSWORD create or update that admin. With neither set and
 * no admin at all, create `admin` with a random password and print it once (docs/product.md, "Admin").
 */
export async function bootstrapAdmin(deps: Deps, print: (line: string) => void): Promise<void> {
  const { ADMIN_USERNAME, ADMIN_PASSWORD } = deps.env;
  if (ADMIN_USERNAME || ADMIN_PASSWORD) {
    if (!ADMIN_USERNAME || !ADMIN_PASSWORD) throw new Error('Set both ADMIN_USERNAME and ADMIN_PASSWORD, or neither.');
    const outcome = await upsertAdmin(deps, ADMIN_USERNAME, ADMIN_PASSWORD);
    deps.log.info('admin account from environment', { username: normalizeUsername(ADMIN_USERNAME), outcome });
    if (deps.env.ADMIN_TOTP_SECRET) {
      const totp = await setAccountTotpSecret(deps, ADMIN_USERNAME, deps.env.ADMIN_TOTP_SECRET);
      deps.log.info('admin second factor from environment', { username: normalizeUsername(ADMIN_USERNAME), totp });
    }
    return;
  }
  const [any] = await deps.database.db.select({ id: accounts.id }).from(accounts).limit(1);
  if (any) return;
  const password = randomBytes(18).toString('base64url');
  const passwordHash = await hashPassword(password, deps.env.SCRYPT_LOG_N);
  const inserted = await deps.database.db
    .insert(accounts)
    .values({ username: 'admin', passwordHash })
    .onConflictDoNothing({ target: accounts.username })
    .returning({ id: accounts.id });
  if (inserted.length === 0) return;
  print(
    [
      '',
      'No admin account existed, so one was created. This password is shown only once:',
      '  username: admin',
      `  password: ${password}`,
      'Signing in, it asks you to set up a passkey or an authenticator app.',
      'Add more with `npm run admin -- create <username>`.',
      '',
    ].join('\n'),
  );
}

export type AccountItem = { username: string; role: Role; disabled: boolean; createdAt: string };

/** Every account, admins first, for the staff page (no password hashes). */
export async function listAccounts(deps: Pick<Deps, 'database'>): Promise<AccountItem[]> {
  const rows = await deps.database.db
    .select({ username: accounts.username, role: accounts.role, disabledAt: accounts.disabledAt, createdAt: accounts.createdAt })
    .from(accounts)
    .orderBy(asc(accounts.role), asc(accounts.username));
  return rows.map((row) => ({ username: row.username, role: row.role, disabled: row.disabledAt !== null, createdAt: new Date(row.createdAt).toISOString() }));
}

export async function accountExists(deps: Pick<Deps, 'database'>, username: string): Promise<boolean> {
  const [existing] = await deps.database.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.username, username)).limit(1);
  return existing !== undefined;
}

/**
 * An operator gives an account its authenticator-app secret (ADMIN_TOTP_SECRET, `npm run admin --
 * create <user> --totp-secret <base32>`), so a scripted set-up signs in with codes it computes
 * (ADR 033). Audited as the system's act.
 */
export async function setAccountTotpSecret(deps: Pick<Deps, 'database' | 'now'>, rawUsername: string, secret: string): Promise<'set' | 'unchanged'> {
  const username = normalizeUsername(rawUsername);
  const problem = totpSecretProblem(secret);
  if (problem) throw new Error(problem);
  const [account] = await deps.database.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.username, username)).limit(1);
  if (!account) throw new UnknownAccount(username);
  const outcome = await setTotpSecret(deps.database.db, account.id, normalizeTotpSecret(secret), deps.now());
  if (outcome === 'set') await auditBySystem(deps, { id: account.id, username }, 'second_factor.setup', { method: 'totp', by: 'operator' });
  return outcome;
}

/** `npm run admin -- reset-second-factor <user>`: every factor and recovery code goes, every session ends; audited. */
export async function resetAccountSecondFactor(deps: Pick<Deps, 'database' | 'now'>, rawUsername: string): Promise<'reset'> {
  const username = normalizeUsername(rawUsername);
  const [account] = await deps.database.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.username, username)).limit(1);
  if (!account) throw new UnknownAccount(username);
  await resetSecondFactor(deps.database.db, account.id, deps.now());
  await auditBySystem(deps, { id: account.id, username }, 'second_factor.reset', { by: 'operator' });
  return 'reset';
}

async function auditBySystem(
  deps: Pick<Deps, 'database' | 'now'>,
  account: { id: string; username: string },
  action: AuditAction,
  changes: Record<string, unknown>,
): Promise<void> {
  await deps.database.db.insert(auditLog).values({
    adminId: account.id,
    adminUsername: account.username,
    action,
    entityType: 'account',
    entityId: account.id,
    changes,
    actor: 'system',
    kind: 'change',
    createdAt: deps.now().toISOString(),
  });
}
