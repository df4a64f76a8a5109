import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { emptyResultsPage, storedResultsPage } from '../../certificates/results-pages';
import { publicKeys } from '../../certificates/signing';

const RESULTS_PATH = /^\/(?:ta\/)?results(?:\/level[123]\/[a-z-]{2,40}\/[0-9a-z-]{1,12}|\/sessions\/[0-9a-z-]{1,100})?\/?$/;

/**
 * The published results pages, as stored when the round was published (server/certificates/
 * results-pages.ts), and the public keys that check a certificate's signature.
 */
export const resultsPageRoutes = new Hono<AppEnv>()
  .get('/.well-known/jwks.json', async (c) => {
    c.header('Cache-Control', 'public, max-age=3600');
    return c.json(await publicKeys(c.var.deps.database.db), 200);
  })
  .on(['GET', 'HEAD'], ['/results', '/results/*', '/ta/results', '/ta/results/*'], async (c, next) => {
    const path = c.req.path.replace(/\/$/, '');
    if (!RESULTS_PATH.test(c.req.path)) return next();
    const language = path.startsWith('/ta/') ? 'ta' : 'en';
    const page = await storedResultsPage(c.var.deps.database.db, path);
    const isIndex = path === '/results' || path === '/ta/results';
    if (!page && !isIndex) return next();
    // Asked again each time (a 304 when unchanged): a family that switches to "reference code only" is hidden at once.
    c.header('Cache-Control', 'public, no-cache');
    c.header('Content-Language', language);
    if (!page) return c.html(emptyResultsPage(language), 200);
    c.header('ETag', page.etag);
    if (c.req.header('if-none-match') === page.etag) return c.body(null, 304);
    return c.html(page.html, 200);
  });
