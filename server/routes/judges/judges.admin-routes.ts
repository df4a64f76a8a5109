import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { decodeCreatedAtCursor, olderThan, pageOf, PAGE_SIZE, preciseTime } from '../../lib/created-at-cursor';
import { ApiError } from '../../lib/errors';
import { requireAdmin } from '../../lib/require-admin';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type JudgeRow = {
  id: string;
  name: string;
  expertise: string;
  experience: number;
  bio: string;
  hasPhoto: boolean;
  createdAt: string;
  cursorTime: string;
};

/** Admin: list judge applications and serve their photos. */
export const judgeAdminRoutes = new Hono<AppEnv>()
  .get('/', requireAdmin, async (c) => {
    const cursor = decodeCreatedAtCursor(c.req.query('cursor'), 'uuid');
    const rows = await c.var.deps.database.rows<JudgeRow>(sql`
      select t.id::text as id, t.name, t.expertise, t.experience, t.bio, (t.photo_size is not null) as "hasPhoto",
        to_char(t.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
        ${preciseTime(sql`t.created_at`)} as "cursorTime"
      from judge_applications t
      where true${olderThan(cursor, 'uuid')}
      order by t.created_at desc, t.id desc
      limit ${PAGE_SIZE + 1}`);
    return c.json(pageOf(rows.map((r) => ({ ...r, experience: Number(r.experience) }))), 200);
  })
  .get('/:id/photo', requireAdmin, async (c) => {
    const id = c.req.param('id');
    const notFound = new ApiError(404, 'not_found', 'This application has no photo.');
    if (!UUID.test(id)) throw notFound;
    const [row] = await c.var.deps.database.rows<{ photo: Uint8Array | null; type: string | null }>(
      sql`select photo, photo_type as type from judge_applications where id = ${id}::uuid`,
    );
    if (!row?.photo || !row.type) throw notFound;
    const bytes = new Uint8Array(row.photo);
    return c.body(bytes, 200, {
      'Content-Type': row.type,
      'Content-Length': String(bytes.byteLength),
      'Cache-Control': 'private, no-store',
      'Content-Disposition': 'inline',
    });
  });
