import { Hono } from 'hono';
import { levelOnlySchema, offerMoveSchema, slotStart, stageSessionsOf } from '@domain/later-levels';
import type { AppEnv } from '../../context';
import { deadlineStep, fillPlaces, movePlace, placesOverview, poolsWithoutSession } from '../../db/stores/places-store';
import { ApiError } from '../../lib/errors';
import { readAudit, readsPersonalData } from '../../lib/read-audit';
import { requireAdmin, requireFreshSecondFactor, signedInAdmin } from '../../lib/require-admin';
import { jsonBody, pathParams } from '../../lib/validators';

const NO_LEVEL = 'Choose the semi-finals (level2) or the grand finale (level3).';

/**
 * Admin: places at the semi-finals and the grand finale (issue 46, ADR 036; docs/api.md
 * "Places at the later levels"). Each level's lines pool by pool with the waiting list, sending
 * the invitations, the deadline's step run now, and moving a place to another session or slot.
 * Every change is audited by the store, in the statement that makes it.
 */
export const placesAdminRoutes = new Hono<AppEnv>()
  .get('/:levelId', requireAdmin, pathParams(levelOnlySchema.shape, NO_LEVEL), readsPersonalData('read.places.list', 'level'), async (c) => {
    const { levelId } = c.req.valid('param');
    const [pools, unseated] = await Promise.all([placesOverview(c.var.deps.database, levelId), poolsWithoutSession(c.var.deps.database, levelId)]);
    readAudit(c).entityId = levelId;
    readAudit(c).details = { rows: pools.reduce((sum, pool) => sum + pool.rows.length, 0) };
    return c.json(
      {
        levelId,
        /** Contests and age bands with qualifiers but no session at this level: nobody there can be invited yet. */
        unseated,
        pools: pools.map((pool) => ({
          category: pool.category,
          ageBand: pool.ageBand,
          places: pool.places,
          sessions: pool.sessions.map((session) => ({ id: session.id, title: session.title, venue: session.venue, date: session.date, startTime: session.startTime, capacity: session.capacity })),
          rows: pool.rows.map((row) => ({
            registrationId: row.registrationId,
            name: row.name,
            referenceCode: row.referenceCode,
            rank: row.rank,
            qualified: row.qualified,
            state: row.state,
            removed: row.removed,
            sessionId: row.sessionId,
            slot: row.slot,
            slotAt: (() => {
              const session = pool.sessions.find((s) => s.id === row.sessionId);
              return session && row.slot ? slotStart(session, row.slot).toISOString() : null;
            })(),
            clash: row.clash,
            answerBy: row.answerBy,
            answeredAt: row.answeredAt,
          })),
        })),
      },
      200,
    );
  })
  .post('/:levelId/invitations', requireAdmin, requireFreshSecondFactor, pathParams(levelOnlySchema.shape, NO_LEVEL), async (c) => {
    const { levelId } = c.req.valid('param');
    if (stageSessionsOf(levelId).length === 0) throw new ApiError(409, 'conflict', 'This level has no sessions in the season module yet.');
    const outcome = await fillPlaces(c.var.deps.database, levelId, { ...signedInAdmin(c), actor: 'admin' }, c.var.deps.now());
    return c.json(outcome, 200);
  })
  .post('/deadline', requireAdmin, async (c) => {
    const admin = signedInAdmin(c);
    return c.json(await deadlineStep(c.var.deps.database, c.var.deps.now(), { ...admin, actor: 'admin' }), 200);
  })
  .put('/move', requireAdmin, jsonBody(offerMoveSchema), async (c) => {
    const move = c.req.valid('json');
    const outcome = await movePlace(
      c.var.deps.database,
      { registrationId: move.registrationId.toLowerCase(), levelId: move.levelId, category: move.category },
      { sessionId: move.sessionId, slot: move.slot },
      { ...signedInAdmin(c), actor: 'admin' },
      c.var.deps.now(),
    );
    if (!outcome.ok) throw new ApiError(outcome.status, outcome.status === 404 ? 'not_found' : outcome.status === 409 ? 'conflict' : 'validation_failed', outcome.message);
    return c.json({ sequence: outcome.sequence }, 200);
  });
