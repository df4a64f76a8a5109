// The database thread from its TypeScript source, for `npm run dev` and the tests (the compiled
// server starts dist-server/pglite-worker.js instead): Node 20 does not pass `--import tsx` on to a
// worker thread, so tsx's loader is registered here, inside the thread, first.
import { register } from 'tsx/esm/api';

register();
await import('./pglite-worker.ts');
