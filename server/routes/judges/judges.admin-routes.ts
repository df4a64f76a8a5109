import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { decodeCreatedAtCursor, pageOf } from '../../lib/created-at-cursor';
import { ApiError } from '../../lib/errors';
import { requireAdmin } from '../../lib/require-admin';
import { uuidParam } from '../../lib/validators';
import { judgePhoto, listJudgeApplications } from './judge-store';

const NO_PHOTO = 'This application has no photo.';

/** Admin: list judge applications and serve their photos. */
export const judgeAdminRoutes = new Hono<AppEnv>()
  .get('/', requireAdmin, async (c) => {
    const cursor = decodeCreatedAtCursor(c.req.query('cursor'), 'uuid');
    return c.json(pageOf(await listJudgeApplications(c.var.deps.database, cursor)), 200);
  })
  .get('/:id/photo', requireAdmin, uuidParam(NO_PHOTO), async (c) => {
    const photo = await judgePhoto(c.var.deps.database, c.req.valid('param').id);
    if (!photo) throw new ApiError(404, 'not_found', NO_PHOTO);
    return c.body(photo.bytes, 200, {
      'Content-Type': photo.type,
      'Content-Length': String(photo.bytes.byteLength),
      'Cache-Control': 'private, no-store',
      'Content-Disposition': 'inline',
    });
  });
