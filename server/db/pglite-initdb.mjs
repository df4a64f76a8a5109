// Creates a new PGlite data directory, then exits. Run as a child by openDatabase (client.ts),
// which holds the directory's lock and waits for it: PGlite's initdb runs a second WebAssembly
// instance, and inside the server that instance's memory stayed resident for good (RSS
// high-water +300 MiB). Plain JavaScript, so the child starts without the TypeScript loader.
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: pglite-initdb.mjs <dataDir>');
const pglite = await PGlite.create({ dataDir, extensions: { pg_trgm } });
await pglite.close();
