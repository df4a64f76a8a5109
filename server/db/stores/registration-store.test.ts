import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { registrationInputSchema } from '@domain/registration';
import { useTestDatabase } from '../../../tests/setup/test-app';
import { testDatabaseKinds } from '../../../tests/setup/test-database';
import { createRegistration, createRegistrations } from './registration-store';
import { recordFromBeforeConsent } from '../../../tests/setup/registration-fixtures';

function records(count: number) {
  return Array.from({ length: count }, (_, i) => ({
    secretHash: null,
    registration: registrationInputSchema.parse(recordFromBeforeConsent({ name: `Child ${i}` })),
  }));
}

describe.each(testDatabaseKinds())('createRegistrations on %s', (kind) => {
  const database = useTestDatabase(kind);

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
    const [mail] = await database.rows<{ n: number; registrations: number }>(
      sql`select count(*)::int as n, count(distinct registration_id)::int as registrations from mail_outbox`,
    );
    expect({ n: Number(mail?.n), registrations: Number(mail?.registrations) }).toEqual({ n: 500, registrations: 500 });
  }, 60_000);

  it('queues no email when the statement storing the batch fails: the registrations and their emails go together', async () => {
    const count = async () =>
      (await database.rows<{ registrations: number; mail: number; consents: number }>(sql`
        select (select count(*)::int from registrations) as registrations, (select count(*)::int from mail_outbox) as mail,
          (select count(*)::int from consent_records) as consents`))[0];
    const before = await count();
    const [valid, other] = records(2);
    if (!valid || !other) throw new Error('no records');
    const withConsent = {
      ...valid,
      registration: { ...valid.registration, consent: { guardianName: 'Lakshmi', noticeVersion: '2027-1', channel: 'web' as const, consentedAt: null } },
    };
    // Past the shared schema (as only a bug could be): the database's own check refuses it.
    const impossible = { ...other, registration: { ...other.registration, age: 40 } };
    await expect(createRegistrations(database, [withConsent, impossible])).rejects.toThrow();
    expect(await count()).toEqual(before);
  });
  // Single creates that arrive together share statements (group commit): each caller must still
  // get its own answer, and one impossible record must fail alone.
  it('answers single creates that arrive together each for itself: created, duplicate, conflict, or its own error', async () => {
    const distinct = records(50);
    const replays = distinct.slice(0, 5);
    const changed = distinct.slice(5, 10).map((write) => ({ ...write, registration: { ...write.registration, city: 'Madurai' } }));
    const [other] = records(1);
    if (!other) throw new Error('no record');
    const impossible = { ...other, registration: { ...other.registration, age: 40 } };
    const settled = await Promise.allSettled([...distinct, ...replays, impossible, ...changed].map((write) => createRegistration(database, write)));
    const answers = settled.map((s) => (s.status === 'fulfilled' ? s.value.status : 'error'));
    expect(answers.slice(0, 50)).toEqual(Array<string>(50).fill('created'));
    expect(answers.slice(50, 55)).toEqual(Array<string>(5).fill('duplicate'));
    expect(answers[55]).toBe('error');
    expect(answers.slice(56)).toEqual(Array<string>(5).fill('conflict'));
    const ids = distinct.map((write) => write.registration.id);
    const [stored] = await database.rows<{ registrations: number; mail: number }>(sql`
      select (select count(*)::int from registrations where id = any(${sql.param(ids)}::uuid[])) as registrations,
        (select count(*)::int from mail_outbox where registration_id = any(${sql.param(ids)}::uuid[])) as mail`);
    expect({ registrations: Number(stored?.registrations), mail: Number(stored?.mail) }).toEqual({ registrations: 50, mail: 50 });
  });
});
