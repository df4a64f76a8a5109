import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { audit } from '../../lib/audit';
import { readAudit, readsPersonalData } from '../../lib/read-audit';
import { ApiError } from '../../lib/errors';
import { requireAdmin, requireFreshSecondFactor, signedInAdmin } from '../../lib/require-admin';
import { uuidParam } from '../../lib/validators';
import { sweepEntryFiles } from '../../entries/entry-files';
import { describeError } from '../../lib/logger';
import { carryOutErasure, findErasureRequest, listErasureRequests } from '../../db/stores/erasure-store';

const NOT_FOUND = 'There is no erasure request with that id.';

/** Admin: families' requests to erase their data, the nearest deadline first, and carrying one out. */
export const erasureRequestAdminRoutes = new Hono<AppEnv>()
  .get('/', requireAdmin, readsPersonalData('read.erasure_requests.list', 'erasure_request'), async (c) => {
    const now = c.var.deps.now().getTime();
    const { items, erasedCount } = await listErasureRequests(c.var.deps.database.db);
    readAudit(c).details = { rows: items.length };
    return c.json(
      {
        items: items.map((item) => ({ ...item, overdue: item.status === 'open' && Date.parse(item.dueAt) < now })),
        erasedCount,
      },
      200,
    );
  })
  .post('/:id/complete', requireAdmin, requireFreshSecondFactor, uuidParam(NOT_FOUND), async (c) => {
    const { id } = c.req.valid('param');
    const admin = signedInAdmin(c);
    const { database, now } = c.var.deps;
    const completed = await carryOutErasure(database, { id, completedBy: admin.username, now: now() });
    if (!completed) {
      const existing = await findErasureRequest(database.db, id);
      if (!existing) throw new ApiError(404, 'not_found', NOT_FOUND);
      throw new ApiError(409, 'conflict', 'This erasure request was already carried out.', undefined, existing);
    }
    await audit(c, {
      admin,
      action: 'registration.erase',
      entityType: 'registration',
      entityId: completed.registrationId,
      changes: { erasureRequestId: completed.id },
    });
    // The entry rows went with the registration; their files go now (or at the next sweep).
    await sweepEntryFiles(c.var.deps).catch((error: unknown) => c.var.deps.log.warn('deleting erased entry files failed; the next sweep retries', describeError(error)));
    return c.json({ erasureRequest: completed }, 200);
  });
