// Compiles the server and its commands into plain JavaScript in dist-server/ (ADR 021), so that
// `npm start` and `npm run admin|seed|backup|restore|retention|db:copy` run `node` on what this
// wrote; tsx is only for development (`npm run dev`) and the tests' own TypeScript.
//
// One bundle per entry, no shared chunks: a file's `import.meta.url` is then always its entry's,
// so `new URL('./migrations', import.meta.url)` finds the migrations copied beside it. npm
// packages stay external (node_modules is there at run time).
import { cpSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('../', import.meta.url));
const outdir = `${root}dist-server`;
const quiet = process.argv.includes('--quiet');

const entries = {
  main: 'server/main.ts',
  admin: 'server/cli/admin.ts',
  seed: 'server/cli/seed.ts',
  backup: 'server/cli/backup.ts',
  restore: 'server/cli/restore.ts',
  retention: 'server/cli/retention.ts',
  'db-copy': 'server/cli/db-copy.ts',
  // The worker thread of server/lib/cpu-pool.ts: found beside the entry that starts it.
  'cpu-worker': 'server/lib/cpu-worker.ts',
  // The database thread of server/db/pglite-thread.ts (ADR 035).
  'pglite-worker': 'server/db/pglite-worker.ts',
};

const started = performance.now();
const result = await build({
  absWorkingDir: root,
  entryPoints: Object.fromEntries(Object.entries(entries).map(([name, file]) => [name, file])),
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  alias: { '@domain': `${root}domain` },
  tsconfig: `${root}tsconfig.server.json`,
  sourcemap: 'linked',
  logLevel: 'warning',
  metafile: false,
  write: false,
});
if (result.errors.length > 0) process.exit(1);
// Each file replaces the old one in one rename: a server or command starting meanwhile (another
// terminal, a test) reads the old file or the new one, never a missing or half-written one.
for (const file of result.outputFiles) {
  mkdirSync(dirname(file.path), { recursive: true });
  const temporary = `${file.path}.${process.pid}.tmp`;
  writeFileSync(temporary, file.contents);
  renameSync(temporary, file.path);
}
cpSync(`${root}server/db/migrations`, `${outdir}/migrations`, { recursive: true });
cpSync(`${root}server/db/pglite-initdb.mjs`, `${outdir}/pglite-initdb.mjs`);
if (!quiet) {
  const ms = Math.round(performance.now() - started);
  console.log(`dist-server/: ${Object.keys(entries).length} entries compiled in ${ms} ms`);
}
