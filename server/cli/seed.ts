import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../db/client';
import { loadEnv } from '../env';
import { generateRegistrations, insertRegistrations } from './seed-registrations';

/** `npm run seed -- --count 100000`: fills the database with realistic demo registrations. */
async function main() {
  const { values } = parseArgs({ options: { count: { type: 'string', default: '1000' } } });
  const count = Number(values.count);
  if (!Number.isInteger(count) || count < 1 || count > 2_000_000) {
    throw new Error('--count must be a whole number from 1 to 2000000.');
  }
  const env = loadEnv();
  const started = performance.now();
  const database = await openDatabase(
    env.DATABASE_URL ? { kind: 'postgres', url: env.DATABASE_URL } : { kind: 'pglite', dataDir: resolve(env.DATA_DIR) },
  );
  try {
    const rows = generateRegistrations(count);
    const inserted = await insertRegistrations(database, rows);
    // Fresh statistics and visibility map, so the planner picks the index plans at once
    // (PGlite has no autovacuum to do it later).
    await database.rows(sql`vacuum analyze`);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    process.stdout.write(`Seeded ${inserted} registrations into ${database.kind} in ${seconds} s.\n`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`Seeding failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
