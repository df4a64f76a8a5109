import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../context';
import {
  accountExists,
  listAccounts,
  normalizeUsername,
  resetPassword,
  setAccountDisabled,
  UnknownAccount,
  upsertAdmin,
  usernameProblem,
} from '../../db/stores/account-store';
import { audit } from '../../lib/audit';
import { ApiError, readJson, validate } from '../../lib/errors';
import { passwordProblem } from '../../lib/password';
import { requireAdmin, requireFreshSecondFactor, signedInAdmin } from '../../lib/require-admin';

const username = z
  .string({ error: 'Enter a username.' })
  .transform(normalizeUsername)
  .superRefine((value, ctx) => {
    const problem = usernameProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const password = z.string({ error: 'Enter a password.' }).max(1024);

const createSchema = z
  .object({ username, password })
  .superRefine((input, ctx) => {
    const problem = passwordProblem(input.password, [input.username]);
    if (problem) ctx.addIssue({ code: 'custom', path: ['password'], message: problem });
  });

const resetSchema = z.object({ password });

function accountParam(raw: string): string {
  const name = normalizeUsername(decodeURIComponent(raw));
  if (usernameProblem(name)) throw new ApiError(404, 'not_found', 'There is no account with that username.');
  return name;
}

function notFound(error: unknown): never {
  if (error instanceof UnknownAccount) throw new ApiError(404, 'not_found', 'There is no account with that username.');
  throw error;
}

/** Admin: staff accounts for venue mode (create, disable, enable, reset password). */
export const staffAdminRoutes = new Hono<AppEnv>()
  .get('/', requireAdmin, async (c) => c.json({ items: await listAccounts(c.var.deps) }, 200))
  .post('/', requireAdmin, requireFreshSecondFactor, async (c) => {
    const input = validate(createSchema, await readJson(c));
    if (await accountExists(c.var.deps, input.username)) throw new ApiError(409, 'conflict', `There is already an account "${input.username}".`, { username: 'That username is taken.' });
    await upsertAdmin(c.var.deps, input.username, input.password, 'staff');
    await audit(c, { admin: signedInAdmin(c), action: 'staff.create', entityType: 'account', entityId: input.username });
    return c.json({ account: { username: input.username, role: 'staff' as const, disabled: false } }, 201);
  })
  .post('/:username/disable', requireAdmin, requireFreshSecondFactor, async (c) => {
    const name = accountParam(c.req.param('username'));
    if (name === signedInAdmin(c).username) throw new ApiError(409, 'conflict', 'You cannot disable your own account.');
    await setAccountDisabled(c.var.deps, name, true).catch(notFound);
    await audit(c, { admin: signedInAdmin(c), action: 'staff.disable', entityType: 'account', entityId: name });
    return c.json({ account: { username: name, disabled: true } }, 200);
  })
  .post('/:username/enable', requireAdmin, requireFreshSecondFactor, async (c) => {
    const name = accountParam(c.req.param('username'));
    await setAccountDisabled(c.var.deps, name, false).catch(notFound);
    await audit(c, { admin: signedInAdmin(c), action: 'staff.enable', entityType: 'account', entityId: name });
    return c.json({ account: { username: name, disabled: false } }, 200);
  })
  .post('/:username/password', requireAdmin, requireFreshSecondFactor, async (c) => {
    const name = accountParam(c.req.param('username'));
    const input = validate(resetSchema, await readJson(c));
    const problem = passwordProblem(input.password, [name]);
    if (problem) throw new ApiError(422, 'validation_failed', problem, { password: problem });
    await resetPassword(c.var.deps, name, input.password).catch(notFound);
    await audit(c, { admin: signedInAdmin(c), action: 'staff.reset_password', entityType: 'account', entityId: name });
    return c.json({ account: { username: name } }, 200);
  });
