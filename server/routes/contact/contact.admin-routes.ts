import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../context';
import { audit } from '../../lib/audit';
import { readAudit, readsPersonalData } from '../../lib/read-audit';
import { decodeCreatedAtCursor, pageOf } from '../../lib/created-at-cursor';
import { ApiError, readJson, validate } from '../../lib/errors';
import { requireAdmin, signedInAdmin } from '../../lib/require-admin';
import { uuidParam } from '../../lib/validators';
import { listContactMessages, setContactHandled } from '../../db/stores/contact-store';

const NOT_FOUND = 'There is no message with that id.';

const handledSchema = z.object({ handled: z.boolean({ error: 'Say whether the message is handled (true or false).' }) });

/** Admin: list contact messages, mark them handled. */
export const contactAdminRoutes = new Hono<AppEnv>()
  .get('/', requireAdmin, readsPersonalData('read.contact.list', 'contact'), async (c) => {
    const cursor = decodeCreatedAtCursor(c.req.query('cursor'), 'uuid');
    const page = pageOf(await listContactMessages(c.var.deps.database, cursor));
    readAudit(c).details = { nextPage: Boolean(cursor), rows: page.items.length };
    return c.json(page, 200);
  })
  .patch('/:id', requireAdmin, uuidParam(NOT_FOUND), async (c) => {
    const { id } = c.req.valid('param');
    const { handled } = validate(handledSchema, await readJson(c));
    const admin = signedInAdmin(c);
    const message = await setContactHandled(c.var.deps.database, id, handled ? { by: admin.username, at: c.var.deps.now() } : null);
    if (!message) throw new ApiError(404, 'not_found', NOT_FOUND);
    await audit(c, { admin, action: handled ? 'contact.handled' : 'contact.unhandled', entityType: 'contact', entityId: id });
    return c.json({ message }, 200);
  });
