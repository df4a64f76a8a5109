import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReferenceCode } from '@domain/reference-code';
import { registrationInputSchema } from '@domain/registration';
import { openTestDatabase, testDatabaseKinds, type TestDatabase } from '../../../tests/setup/test-database';
import { createRegistrations } from './registration-store';

function records(count: number) {
  return Array.from({ length: count }, (_, i) => ({
    secretHash: null,
    registration: registrationInputSchema.parse({
      id: randomUUID(),
      referenceCode: createReferenceCode(),
      type: 'participant',
      name: `Child ${i}`,
      age: 7,
      email: 'parent@example.org',
      phone: '9876543210',
      city: 'Chennai',
      categories: ['dance'],
      agreeTerms: true,
    }),
  }));
}

describe.each(testDatabaseKinds())('createRegistrations on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(() => database.dispose());

  // Straight to the store, so the inserts really overlap: without a fixed row order two batches
  // holding the same ids in opposite orders deadlock on Postgres.
  it('never deadlocks when batches sharing ids race in opposite orders', async () => {
    for (let round = 0; round < 5; round++) {
      const batch = records(100);
      const reversed = [...batch].reverse();
      const answers = await Promise.all([
        createRegistrations(database, batch),
        createRegistrations(database, reversed),
        createRegistrations(database, batch),
        createRegistrations(database, reversed),
      ]);
      const created = answers.flat().filter((outcome) => outcome.status === 'created');
      expect(created).toHaveLength(100);
      expect(answers.flat().filter((outcome) => outcome.status === 'duplicate')).toHaveLength(300);
    }
    const [row] = await database.rows<{ n: number }>(sql`select count(*)::int as n from registrations`);
    expect(Number(row?.n)).toBe(500);
  }, 60_000);
});
