// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the one place domain/ takes zod itself
import { z } from 'zod';

/**
 * zod, as every domain module builds its schemas with it. In a browser our pages run under a
 * Content-Security-Policy without 'unsafe-eval' (server/app.ts), so zod's compiled object parsers
 * cannot run there anyway, and its probe for them (`new Function("")`, tried as the first object
 * schema is built) is reported by Chromium as a CSP violation, which Lighthouse counts against
 * best practices. `jitless` skips the probe; the server keeps the compiled parsers. It must be
 * set before any schema is built: domain modules take `z` from here, never from 'zod'
 * (eslint.config.js).
 */
if ('document' in globalThis) z.config({ jitless: true });

export { z };
