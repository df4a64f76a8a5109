import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReferenceCode, REFERENCE_CODE_PATTERN } from '@domain/reference-code';
import { TERMS_MESSAGE, type RegistrationInput } from '@domain/registration';
import { createTestApp, json, type TestApp } from '../../../tests/setup/test-app';
import { testDatabaseKinds } from '../../../tests/setup/test-database';

function participant(overrides: Partial<Record<keyof RegistrationInput, unknown>> = {}) {
  const base = {
    id: randomUUID(),
    referenceCode: createReferenceCode(),
    type: 'participant',
    name: 'Asha Raman',
    age: 7,
    email: 'parent@example.org',
    phone: '+91 98765 43210',
    city: 'Chennai',
    categories: ['dance', 'singing'],
    agreeTerms: true,
  };
  // Overrides may be deliberately wrong (tests of validation); id and code stay strings.
  return { ...base, ...overrides } as typeof base;
}

describe.each(testDatabaseKinds())('public registration writes on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const post = (body: unknown) => t.request('/api/registrations', json(body));
  const postBatch = (registrations: unknown[]) => t.request('/api/registrations/batch', json({ registrations }));
  async function rowCount(id: string): Promise<number> {
    const [row] = await t.database.rows<{ n: number }>(sql`select count(*)::int as n from registrations where id = ${id}`);
    return Number(row?.n);
  }

  describe('POST /api/registrations', () => {
    it('creates a registration and answers with the stored copy', async () => {
      const input = participant({ name: '  Asha Raman ', categories: ['singing', 'dance'] });
      const response = await post(input);
      expect(response.status).toBe(201);
      const body = await response.json();
      expect(body).toEqual({
        status: 'created',
        registration: {
          id: input.id,
          referenceCode: input.referenceCode,
          type: 'participant',
          name: 'Asha Raman',
          age: 7,
          ageUnit: 'years',
          email: 'parent@example.org',
          phone: '+919876543210',
          city: 'Chennai',
          instituteName: null,
          categories: ['dance', 'singing'],
          createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
          updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
          version: 1,
        },
      });
      const [row] = await t.database.rows<{ source: string; content_hash: string }>(
        sql`select source, content_hash from registrations where id = ${input.id}`,
      );
      expect(row?.source).toBe('web');
      expect(row?.content_hash).toMatch(/^[0-9a-f]{64}$/);
    });

    it('answers a replay of the same record as a duplicate and creates nothing', async () => {
      const input = participant();
      const first = await (await post(input)).json();
      const replay = await post(input);
      expect(replay.status).toBe(200);
      expect(await replay.json()).toEqual({ status: 'duplicate', registration: first.registration });
      expect(await rowCount(input.id)).toBe(1);
    });

    it('treats content that normalises the same (spaces, category order) as a duplicate', async () => {
      const input = participant();
      await post(input);
      const replay = await post({ ...input, city: ' Chennai ', categories: ['singing', 'dance'], phone: '+91-98765-43210' });
      expect(replay.status).toBe(200);
      expect((await replay.json()).status).toBe('duplicate');
    });

    it('answers 409 with the stored copy when the same id arrives with other content', async () => {
      const input = participant();
      await post(input);
      const response = await post({ ...input, city: 'Madurai' });
      expect(response.status).toBe(409);
      const body = await response.json();
      expect(body.error.code).toBe('conflict');
      expect(body.error.current).toMatchObject({ id: input.id, city: 'Chennai', referenceCode: input.referenceCode });
      expect(await rowCount(input.id)).toBe(1);
    });

    it('creates an institute registration without child name or age', async () => {
      const input = participant({ type: 'institute', instituteName: 'Sunrise Academy', name: undefined, age: undefined });
      const response = await post(input);
      expect(response.status).toBe(201);
      expect((await response.json()).registration).toMatchObject({
        type: 'institute',
        name: null,
        age: null,
        ageUnit: null,
        instituteName: 'Sunrise Academy',
      });
    });

    it('stores baby contests with the age in months', async () => {
      const response = await post(participant({ age: 6, categories: ['crawling'] }));
      expect(response.status).toBe(201);
      expect((await response.json()).registration).toMatchObject({ age: 6, ageUnit: 'months', categories: ['crawling'] });
    });

    it('answers 422 with a message for each field that needs attention', async () => {
      const response = await post(
        participant({ name: '', email: 'not-an-email', phone: '123', city: ' ', agreeTerms: false, categories: ['dance', 'karate'] }),
      );
      expect(response.status).toBe(422);
      const body = await response.json();
      expect(body.error.code).toBe('validation_failed');
      expect(body.error.fields).toMatchObject({
        // The cross-field rule answers in the same response as the field rules (one parse).
        name: "Enter the child's name.",
        email: 'Enter a valid email address, like name@example.com.',
        phone: 'Enter a phone number of 10 to 13 digits.',
        city: 'Enter a city.',
        agreeTerms: TERMS_MESSAGE,
        categories: 'Choose contests from the list.',
      });
    });

    it('enforces the baby age band and the institute name', async () => {
      const baby = await post(participant({ age: 12, categories: ['crawling'] }));
      expect(baby.status).toBe(422);
      expect((await baby.json()).error.fields.age).toBe('For this contest the age must be between 5 and 9 months.');
      const institute = await post(participant({ type: 'institute', name: undefined, age: undefined }));
      expect(institute.status).toBe(422);
      expect((await institute.json()).error.fields.instituteName).toBe('Enter the institute name.');
      const noContest = await post(participant({ categories: [] }));
      expect((await noContest.json()).error.fields.categories).toBe('Choose at least one contest.');
    });

    it('stores text exactly, even text that looks like SQL array syntax', async () => {
      const tricky = [
        { name: 'NULL', city: 'a,b', instituteName: '{"x"}' },
        { name: 'O\'Brien "Jr" \\ {}', city: 'Chennai, TN', instituteName: 'null' },
        { name: 'ஆஷா 💃🏽', city: '  Kanchipuram\t', instituteName: ',,' },
      ];
      for (const fields of tricky) {
        const single = await post(participant(fields));
        expect(single.status).toBe(201);
        expect((await single.json()).registration).toMatchObject({
          name: fields.name.trim(),
          city: fields.city.trim(),
          instituteName: fields.instituteName,
        });
      }
      const { results } = await (await postBatch(tricky.map((fields) => participant(fields)))).json();
      expect(results.map((r: { registration: { name: string; instituteName: string } }) => [r.registration.name, r.registration.instituteName])).toEqual(
        tricky.map((f) => [f.name.trim(), f.instituteName]),
      );
    });

    it('answers 422, not a database error, for text holding a NUL character', async () => {
      const response = await post(participant({ city: 'Chen\u0000nai' }));
      expect(response.status).toBe(422);
      expect((await response.json()).error.fields).toHaveProperty('city');
    });

    it('answers 400 for malformed JSON, 415 for another content type and 413 for a huge body', async () => {
      const malformed = await t.request('/api/registrations', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{"id": ',
      });
      expect(malformed.status).toBe(400);
      expect((await malformed.json()).error.code).toBe('bad_request');

      const form = await t.request('/api/registrations', { method: 'POST', body: new URLSearchParams({ name: 'x' }) });
      expect(form.status).toBe(415);
      expect((await form.json()).error.code).toBe('unsupported_media_type');

      const huge = await post(participant({ name: 'x'.repeat(1_100_000) }));
      expect(huge.status).toBe(413);
      expect((await huge.json()).error.code).toBe('payload_too_large');
    });

    it('never resurrects or copies a soft-deleted registration on replay', async () => {
      const input = participant();
      await post(input);
      await t.database.rows(sql`update registrations set deleted_at = now() where id = ${input.id}`);
      const replay = await post(input);
      expect(replay.status).toBe(200);
      expect((await replay.json()).status).toBe('duplicate');
      const [row] = await t.database.rows<{ n: number; deleted: boolean }>(
        sql`select count(*)::int as n, bool_and(deleted_at is not null) as deleted from registrations where id = ${input.id}`,
      );
      expect(Number(row?.n)).toBe(1);
      expect(row?.deleted).toBe(true);
    });

    it('assigns a fresh reference code when another record holds it, and keeps answering with it', async () => {
      const first = participant();
      await post(first);
      const second = participant({ referenceCode: first.referenceCode, name: 'Bala' });
      const response = await post(second);
      expect(response.status).toBe(201);
      const { registration } = await response.json();
      expect(registration.id).toBe(second.id);
      expect(registration.referenceCode).toMatch(REFERENCE_CODE_PATTERN);
      expect(registration.referenceCode).not.toBe(first.referenceCode);

      const replay = await post(second);
      expect(replay.status).toBe(200);
      expect(await replay.json()).toEqual({ status: 'duplicate', registration });
    });

    it('leaves exactly one row when 20 identical requests race', async () => {
      const input = participant();
      const responses = await Promise.all(Array.from({ length: 20 }, () => post(input)));
      const statuses = responses.map((r) => r.status).sort();
      expect(statuses).toEqual([...Array<number>(19).fill(200), 201]);
      const bodies = await Promise.all(responses.map((r) => r.json()));
      expect(new Set(bodies.map((b) => b.registration.referenceCode))).toEqual(new Set([input.referenceCode]));
      expect(await rowCount(input.id)).toBe(1);
    });

    it('keeps the winner and answers 409 to the rest when 20 different copies of one id race', async () => {
      const id = randomUUID();
      const copies = Array.from({ length: 20 }, (_, i) => participant({ id, city: `City ${i}` }));
      const responses = await Promise.all(copies.map(post));
      const bodies = await Promise.all(responses.map((r) => r.json()));
      const created = bodies.filter((_, i) => responses[i]?.status === 201);
      expect(created).toHaveLength(1);
      expect(responses.filter((r) => r.status === 409)).toHaveLength(19);
      const winner = created[0].registration;
      for (const body of bodies) {
        if (body.error) expect(body.error.current).toEqual(winner);
      }
      expect(await rowCount(id)).toBe(1);
    });
  });

  describe('POST /api/registrations/batch', () => {
    it('answers one result per record, in order, and one invalid record blocks nothing', async () => {
      const stored = participant();
      await post(stored);
      const fresh = participant();
      const inBatchTwice = participant();
      const records = [
        fresh,
        { ...participant(), email: 'nope' },
        stored,
        { ...stored, city: 'Coimbatore' },
        inBatchTwice,
        inBatchTwice,
        { ...inBatchTwice, city: 'Salem' },
        'not even an object',
      ];
      const response = await postBatch(records);
      expect(response.status).toBe(200);
      const { results } = await response.json();
      expect(results.map((r: { index: number; status: string }) => [r.index, r.status])).toEqual([
        [0, 'created'],
        [1, 'invalid'],
        [2, 'duplicate'],
        [3, 'conflict'],
        [4, 'created'],
        [5, 'duplicate'],
        [6, 'conflict'],
        [7, 'invalid'],
      ]);
      expect(results[0].registration).toMatchObject({ id: fresh.id, referenceCode: fresh.referenceCode });
      expect(results[1]).toMatchObject({
        id: (records[1] as { id: string }).id,
        error: { code: 'validation_failed', fields: { email: 'Enter a valid email address, like name@example.com.' } },
      });
      expect(results[3]).toMatchObject({
        id: stored.id,
        registration: { city: 'Chennai' },
        error: { code: 'conflict', current: { city: 'Chennai' } },
      });
      expect(results[7]).toMatchObject({ id: null, status: 'invalid' });
      expect(await rowCount(inBatchTwice.id)).toBe(1);
      expect(await rowCount(fresh.id)).toBe(1);
    });

    it('creates 100 records in one call and answers duplicates on replay', async () => {
      const records = Array.from({ length: 100 }, (_, i) => participant({ name: `Child ${i}` }));
      const first = await (await postBatch(records)).json();
      expect(first.results.every((r: { status: string }) => r.status === 'created')).toBe(true);
      const replay = await (await postBatch(records)).json();
      expect(replay.results.every((r: { status: string }) => r.status === 'duplicate')).toBe(true);
      expect(replay.results.map((r: { registration: unknown }) => r.registration)).toEqual(
        first.results.map((r: { registration: unknown }) => r.registration),
      );
    });

    it('reassigns reference codes taken by stored records or by another record in the batch', async () => {
      const holder = participant();
      await post(holder);
      const a = participant({ referenceCode: holder.referenceCode });
      const b = participant();
      const c = participant({ referenceCode: b.referenceCode });
      const { results } = await (await postBatch([a, b, c])).json();
      expect(results.map((r: { status: string }) => r.status)).toEqual(['created', 'created', 'created']);
      const codes = results.map((r: { registration: { referenceCode: string } }) => r.registration.referenceCode);
      expect(new Set([...codes, holder.referenceCode]).size).toBe(4);
      // b and c asked for the same code: one of them keeps it.
      expect(codes.filter((code: string) => code === b.referenceCode)).toHaveLength(1);
    });

    it('matches an upper-case id to its row and answers with the id as the client sent it', async () => {
      const record = participant();
      const upper = { ...record, id: record.id.toUpperCase() };
      const first = await (await postBatch([upper])).json();
      expect(first.results[0]).toMatchObject({ id: upper.id, status: 'created', registration: { id: record.id } });
      const replay = await (await postBatch([upper, record])).json();
      expect(replay.results.map((r: { id: string; status: string }) => [r.id, r.status])).toEqual([
        [upper.id, 'duplicate'],
        [record.id, 'duplicate'],
      ]);
      expect(await rowCount(record.id)).toBe(1);
    });

    it('rejects an empty, oversized or malformed envelope with 422', async () => {
      const empty = await postBatch([]);
      expect(empty.status).toBe(422);
      expect((await empty.json()).error.fields.registrations).toBe('Send at least one registration.');
      const tooMany = await postBatch(Array.from({ length: 101 }, () => participant()));
      expect(tooMany.status).toBe(422);
      expect((await tooMany.json()).error.fields.registrations).toBe('Send at most 100 registrations at a time.');
      const notAList = await t.request('/api/registrations/batch', json({ registrations: 'all of them' }));
      expect(notAList.status).toBe(422);
    });

    it('creates each record exactly once when a batch races single creates of the same ids', async () => {
      const records = Array.from({ length: 10 }, () => participant());
      const responses = await Promise.all([
        postBatch(records),
        ...records.map(post),
        postBatch([...records].reverse()),
      ]);
      expect(responses.every((r) => r.status === 200 || r.status === 201)).toBe(true);
      const [batchA, ...rest] = await Promise.all(responses.map((r) => r.json()));
      const batchB = rest.pop();
      const statuses = new Map<string, string[]>(records.map((r) => [r.id, []]));
      for (const r of [...batchA.results, ...batchB.results]) statuses.get(r.id)?.push(r.status);
      for (const body of rest) statuses.get(body.registration.id)?.push(body.status);
      for (const [id, seen] of statuses) {
        expect(seen.filter((s) => s === 'created')).toHaveLength(1);
        expect(seen.filter((s) => s === 'duplicate')).toHaveLength(2);
        expect(await rowCount(id)).toBe(1);
      }
    });
  });
});
