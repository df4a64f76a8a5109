import { Hono } from 'hono';
import { z } from 'zod';
import { CATEGORY_SLUGS } from '@domain/categories';
import type { AppEnv } from '../../context';
import { ApiError, validate } from '../../lib/errors';
import { readAudit, readsPersonalData } from '../../lib/read-audit';
import { requireAdmin } from '../../lib/require-admin';
import { checkingQueue, entriesOfContest, findEntry, storedFile } from '../../db/stores/entry-store';
import { entryFilesOf } from '../../entries/entry-files';
import { fileResponse } from '../../entries/file-response';
import { entriesMissingFiles } from '../../entries/missing-entry-files';
import { decodeCreatedAtCursor } from '../../lib/created-at-cursor';

const LIMIT = 'limit is a whole number from 1 to 200.';

/** A contest and one page of its entries: `cursor` from the previous page's `nextCursor`, as the registrations table pages. */
const contestSchema = z.object({
  category: z.enum(CATEGORY_SLUGS, { error: 'Choose one of the contests.' }),
  level: z.enum(['level1', 'level2']).default('level1'),
  cursor: z.string().max(500, { error: 'The page cursor is not valid. Start again from the first page.' }).optional(),
  limit: z.coerce.number({ error: LIMIT }).int({ error: LIMIT }).min(1, { error: LIMIT }).max(200, { error: LIMIT }).optional().default(100),
});

const fileSchema = z.object({ id: z.uuid({ error: 'No such entry.' }), position: z.coerce.number().int().min(0).max(2) });

/** Admins: a contest's entries, and each entry's files streamed to the player (range requests). */
export const entryAdminRoutes = new Hono<AppEnv>()
  .get('/', requireAdmin, readsPersonalData('read.entries.list', 'entry'), async (c) => {
    const { category, level, cursor, limit } = validate(contestSchema, c.req.query());
    const page = { cursor: decodeCreatedAtCursor(cursor, 'uuid'), limit };
    const [{ entries, nextCursor, total }, queue] = await Promise.all([entriesOfContest(c.var.deps.database.db, category, level, page), checkingQueue(c.var.deps.database.db)]);
    Object.assign(readAudit(c).details, { category, level, nextPage: page.cursor !== null, count: entries.length });
    return c.json({ entries, nextCursor, total, queue }, 200);
  })
  .get('/missing-files', requireAdmin, readsPersonalData('read.entries.missing_files', 'entry'), async (c) => {
    const entries = await entriesMissingFiles(c.var.deps.database.db, entryFilesOf(c.var.deps).storage);
    Object.assign(readAudit(c).details, { count: entries.length });
    return c.json({ entries }, 200);
  })
  .get('/:id/files/:position/:part', requireAdmin, readsPersonalData('read.entry.file', 'entry'), async (c) => {
    const { id, position } = validate(fileSchema, c.req.param());
    const part = c.req.param('part');
    if (part !== 'media' && part !== 'poster') throw new ApiError(404, 'not_found', 'No such file.');
    const entry = await findEntry(c.var.deps.database.db, id);
    const stored = entry ? await storedFile(c.var.deps.database.db, id, position) : null;
    const key = part === 'media' ? stored?.mediaKey : stored?.posterKey;
    if (!entry || !key) throw new ApiError(404, 'not_found', 'This entry has no such file (it may still be checking).');
    readAudit(c).entityId = id;
    const extension = part === 'poster' || entry.kind === 'photos' ? 'jpg' : 'mp4';
    return fileResponse(c, entryFilesOf(c.var.deps).storage, key, `entry-${id.slice(0, 8)}-${position + 1}${part === 'poster' ? '-poster' : ''}.${extension}`);
  });
