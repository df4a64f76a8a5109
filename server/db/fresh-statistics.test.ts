import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { registrationInputSchema } from '@domain/registration';
import { useTestDatabase } from '../../tests/setup/test-app';
import { recordFromBeforeConsent } from '../../tests/setup/registration-fixtures';
import { refreshGrownStatistics } from './fresh-statistics';
import { createRegistrations } from './stores/registration-store';

/** The rows the planner believes a table holds, and whether the backend's plan for a key lookup uses the index. */
async function plannerView(database: ReturnType<typeof useTestDatabase>) {
  const [stats] = await database.rows<{ tuples: number }>(sql`select reltuples::int as tuples from pg_class where relname = 'registrations'`);
  // A generic plan, as a cached foreign-key check has: what the backend would keep using.
  await database.rows(sql`set plan_cache_mode = force_generic_plan`);
  await database.rows(sql.raw(`prepare key_lookup(uuid) as select 1 from registrations where id = $1`));
  const plan = await database.rows<{ 'QUERY PLAN': string }>(sql.raw(`explain execute key_lookup('00000000-0000-4000-8000-000000000000')`));
  await database.rows(sql.raw(`deallocate key_lookup`));
  await database.rows(sql`reset plan_cache_mode`);
  return { tuples: Number(stats?.tuples), plan: plan.map((row) => row['QUERY PLAN']).join('\n') };
}

// PGlite only: Postgres has its own autovacuum, and the server schedules this on PGlite alone.
describe('refreshGrownStatistics on PGlite', () => {
  const database = useTestDatabase('pglite');

  it('analyzes a table that grew since its statistics were taken, so lookups by key use the index again', async () => {
    await database.rows(sql`analyze`);
    expect(await refreshGrownStatistics(database)).toEqual([]);
    const before = await plannerView(database);
    expect(before.tuples).toBe(0);
    // On an empty table the planner reads it whole: the plan a fresh season's first insert caches.
    expect(before.plan).toMatch(/Seq Scan on registrations/);

    for (let round = 0; round < 20; round++) {
      await createRegistrations(
        database,
        Array.from({ length: 100 }, (_, i) => ({
          secretHash: null,
          registration: registrationInputSchema.parse(recordFromBeforeConsent({ name: `Child ${round}-${i}` })),
        })),
      );
    }
    const analyzed = await refreshGrownStatistics(database);
    expect(analyzed).toEqual(expect.arrayContaining(['registrations', 'mail_outbox']));
    const after = await plannerView(database);
    expect(after.tuples).toBe(2000);
    expect(after.plan).toMatch(/Index (Only )?Scan using \w+ on registrations/);

    // Nothing grew since: nothing is analyzed again.
    expect(await refreshGrownStatistics(database)).toEqual([]);
  });
});
