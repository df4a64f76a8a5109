import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { registrationInputSchema } from '@domain/registration';
import { useTestDatabase } from '../../tests/setup/test-app';
import { recordFromBeforeConsent } from '../../tests/setup/registration-fixtures';
import { refreshGrownStatistics } from './fresh-statistics';
import { createRegistrations } from './stores/registration-store';

type TestDatabase = ReturnType<typeof useTestDatabase>;

/** The rows the planner believes the registrations table holds. */
async function estimatedRows(database: TestDatabase): Promise<number> {
  const [stats] = await database.rows<{ tuples: number }>(sql`select reltuples::int as tuples from pg_class where relname = 'registrations'`);
  return Number(stats?.tuples);
}

/** The plan the backend uses for a statement it prepared earlier, as a foreign-key check is. */
async function planOf(database: TestDatabase, statement: string): Promise<string> {
  const plan = await database.rows<{ 'QUERY PLAN': string }>(sql.raw(`explain execute ${statement}('00000000-0000-4000-8000-000000000000')`));
  return plan.map((row) => row['QUERY PLAN']).join('\n');
}

async function addRegistrations(database: TestDatabase, rounds: number): Promise<void> {
  for (let round = 0; round < rounds; round++) {
    await createRegistrations(
      database,
      Array.from({ length: 100 }, (_, i) => ({
        secretHash: null,
        registration: registrationInputSchema.parse(recordFromBeforeConsent({ name: `Child ${round}-${i}` })),
      })),
    );
  }
}

// PGlite only: Postgres has its own autovacuum, and the server schedules this on PGlite alone.
describe('statistics and plans on PGlite', () => {
  const database = useTestDatabase('pglite');

  it('a statement prepared on an empty table uses the index once the table has grown, with no ANALYZE in between', async () => {
    // Prepared and run while registrations is empty, the way the first insert of a season
    // prepares its foreign-key checks; run often enough for a generic plan to be cached.
    await database.rows(sql.raw(`prepare key_lookup(uuid) as select 1 from registrations where id = $1 for key share`));
    for (let i = 0; i < 8; i++) await planOf(database, 'key_lookup');
    await addRegistrations(database, 20);
    expect(await planOf(database, 'key_lookup')).toMatch(/Index (Only )?Scan using \w+ on registrations/);
    await database.rows(sql.raw(`deallocate key_lookup`));
  });

  it('analyzes a table that grew since its statistics were taken, and only then', async () => {
    await database.rows(sql`analyze`);
    expect(await refreshGrownStatistics(database)).toEqual([]);
    const before = await estimatedRows(database);
    await addRegistrations(database, 20);
    expect(await estimatedRows(database)).toBe(before);

    expect(await refreshGrownStatistics(database)).toEqual(expect.arrayContaining(['registrations', 'mail_outbox']));
    expect(await estimatedRows(database)).toBe(before + 2000);
    // Nothing grew since: nothing is analyzed again.
    expect(await refreshGrownStatistics(database)).toEqual([]);
  });
});
