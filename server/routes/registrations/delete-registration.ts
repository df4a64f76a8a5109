import type { Context } from 'hono';
import type { AppEnv } from '../../context';
import { audit } from '../../lib/audit';
import { ApiError } from '../../lib/errors';
import { signedInAdmin } from '../../lib/require-admin';
import { setDeleted } from '../../db/stores/registration-admin-store';

export const REGISTRATION_NOT_FOUND = 'There is no registration with that id.';

/**
 * Deletes (or restores) a registration for the signed-in admin, audited only when it changed
 * (a repeated click writes nothing). 404 when there is no such registration.
 */
export async function setDeletedByAdmin(c: Context<AppEnv>, id: string, deleted: boolean) {
  const result = await setDeleted(c.var.deps.database, id, deleted, c.var.deps.now());
  if (!result) throw new ApiError(404, 'not_found', REGISTRATION_NOT_FOUND);
  if (result.changed) {
    await audit(c, { admin: signedInAdmin(c), action: deleted ? 'registration.delete' : 'registration.restore', entityType: 'registration', entityId: id });
  }
  return result;
}
