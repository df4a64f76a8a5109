import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../context';
import { audit, auditRead } from '../../lib/audit';
import { decodeCreatedAtCursor, olderThan, pageOf, PAGE_SIZE, preciseTime } from '../../lib/created-at-cursor';
import { ApiError, readJson, validate } from '../../lib/errors';
import { requireAdmin, signedInAdmin } from '../../lib/require-admin';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const iso = (column: string) => sql.raw(`to_char(t.${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

const COLUMNS = sql`t.id::text as id, t.name, t.email, t.phone, t.subject, t.message, t.contact_method as "contactMethod",
  case when t.handled_at is null then null else ${iso('handled_at')} end as "handledAt", t.handled_by as "handledBy",
  ${iso('created_at')} as "createdAt"`;

type ContactItem = {
  id: string;
  name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
  contactMethod: 'Email' | 'Phone';
  handledAt: string | null;
  handledBy: string | null;
  createdAt: string;
};

const handledSchema = z.object({ handled: z.boolean({ error: 'Say whether the message is handled (true or false).' }) });

/** Admin: list contact messages, mark them handled. */
export const contactAdminRoutes = new Hono<AppEnv>()
  .get('/', requireAdmin, async (c) => {
    const cursor = decodeCreatedAtCursor(c.req.query('cursor'), 'uuid');
    const rows = await c.var.deps.database.rows<ContactItem & { cursorTime: string }>(sql`
      select ${COLUMNS}, ${preciseTime(sql`t.created_at`)} as "cursorTime"
      from contact_messages t
      where t.erased_at is null${olderThan(cursor, 'uuid')}
      order by t.created_at desc, t.id desc
      limit ${PAGE_SIZE + 1}`);
    const page = pageOf(rows);
    await auditRead(c, { admin: signedInAdmin(c), action: 'read.contact.list', entityType: 'contact', details: { nextPage: Boolean(cursor), rows: page.items.length } });
    return c.json(page, 200);
  })
  .patch('/:id', requireAdmin, async (c) => {
    const id = c.req.param('id');
    if (!UUID.test(id)) throw new ApiError(404, 'not_found', 'There is no message with that id.');
    const { handled } = validate(handledSchema, await readJson(c));
    const admin = signedInAdmin(c);
    const [message] = await c.var.deps.database.rows<ContactItem>(sql`
      update contact_messages t set
        handled_at = ${handled ? sql`${c.var.deps.now().toISOString()}::timestamptz` : sql`null`},
        handled_by = ${handled ? admin.username : null}
      where t.id = ${id}::uuid
      returning ${COLUMNS}`);
    if (!message) throw new ApiError(404, 'not_found', 'There is no message with that id.');
    await audit(c, { admin, action: handled ? 'contact.handled' : 'contact.unhandled', entityType: 'contact', entityId: id });
    return c.json({ message }, 200);
  });
