import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { decodeCreatedAtCursor, pageOf, PAGE_SIZE, type CreatedAtCursor } from '../../lib/created-at-cursor';
import { csvLines, csvResponse, csvRow } from '../../lib/csv';
import { describeError } from '../../lib/logger';
import { readAudit, readsPersonalData } from '../../lib/read-audit';
import { requireAdmin, requireFreshSecondFactor } from '../../lib/require-admin';
import { listSubscribers } from '../../db/stores/newsletter-store';

/** Admin: list and export newsletter subscribers. */
export const newsletterAdminRoutes = new Hono<AppEnv>()
  .get('/', requireAdmin, readsPersonalData('read.newsletter.list', 'newsletter'), async (c) => {
    const cursor = decodeCreatedAtCursor(c.req.query('cursor'), 'uuid');
    const page = pageOf(await listSubscribers(c.var.deps.database, cursor, PAGE_SIZE + 1));
    readAudit(c).details = { nextPage: Boolean(cursor), rows: page.items.length };
    return c.json(page, 200);
  })
  .get('/export.csv', requireAdmin, requireFreshSecondFactor, readsPersonalData('read.newsletter.export', 'newsletter'), async (c) => {
    const { database, log } = c.var.deps;
    const audited = readAudit(c).defer();
    async function* batches() {
      let cursor: CreatedAtCursor | null = null;
      for (;;) {
        const rows = await listSubscribers(database, cursor, 1000);
        if (rows.length > 0) yield rows;
        const last = rows.at(-1);
        if (rows.length < 1000 || !last) return;
        cursor = { createdAt: last.cursorTime, id: last.id };
      }
    }
    const lines = csvLines(batches(), (r) => csvRow([r.email, r.createdAt]), (rows, complete) =>
      audited({ rows, complete }).catch((error: unknown) => log.error('export read audit failed', describeError(error))),
    );
    const day = c.var.deps.now().toISOString().slice(0, 10);
    return csvResponse(`newsletter-subscribers-${day}.csv`, ['Email', 'Subscribed at'], lines, (error) =>
      log.error('newsletter export failed', describeError(error)),
    );
  });
