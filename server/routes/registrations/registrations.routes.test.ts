import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createRecordSecret } from '@domain/record-secret';
import { TERMS_MESSAGE, type RegistrationInput } from '@domain/registration';
import { json, useTestApp } from '../../../tests/setup/test-app';
import { testDatabaseKinds } from '../../../tests/setup/test-database';
import { signIn, withCookie } from '../auth/sign-in-for-tests';
import { recordFromBeforeConsent } from '../../../tests/setup/registration-fixtures';
import { CONFLICT_MESSAGE } from './registration-batch';

/** A registration as the device sends it: with the record secret it made (ADR 009). */
function participant(overrides: Partial<Record<keyof RegistrationInput | 'recordSecret', unknown>> = {}) {
  const base = { recordSecret: createRecordSecret(), ...recordFromBeforeConsent(), name: 'Asha Raman' };
  // Overrides may be deliberately wrong (tests of validation); id and code stay strings.
  return { ...base, ...overrides } as typeof base;
}

/** The same record as someone without its secret would send it: a stranger, or a device before secrets. */
function withoutSecret<T extends { recordSecret: string }>(record: T): Omit<T, 'recordSecret'> {
  const { recordSecret: _secret, ...rest } = record;
  return rest;
}

/** Every piece of stored content the audit saw leak: none of it may appear in a stranger's answer. */
function expectNoStoredContent(answer: unknown, record: { name: string; email: string; phone: string; city: string }) {
  const text = JSON.stringify(answer);
  for (const value of [record.name, record.email, record.city, '+919876543210', record.phone]) expect(text).not.toContain(value);
  expect(text).not.toMatch(/"(registration|current|name|email|phone|city|age|referenceCode|categories)"/);
}

describe.each(testDatabaseKinds())('public registration writes on %s', (kind) => {
  const t = useTestApp(kind);

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
        id: input.id,
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

    it('stores only the hash of the record secret, and without a secret answers with the status alone', async () => {
      const input = participant();
      expect((await post(input)).status).toBe(201);
      const [row] = await t.database.rows<{ secret_hash: string }>(sql`select secret_hash from registrations where id = ${input.id}`);
      expect(row?.secret_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(row?.secret_hash).not.toBe(input.recordSecret);

      const old = withoutSecret(participant());
      const response = await post(old);
      expect(response.status).toBe(201);
      expect(await response.json()).toEqual({ status: 'created', id: old.id });
    });

    it('answers 422 for a malformed record secret, and stores nothing', async () => {
      for (const recordSecret of ['short', 'G'.repeat(64), 'A'.repeat(64), 42, ['x'], 'f'.repeat(129)]) {
        const input = participant({ recordSecret });
        const response = await post(input);
        expect(response.status).toBe(422);
        expect((await response.json()).error.fields).toEqual({
          recordSecret: 'The record secret must be 32 to 128 lower-case hexadecimal characters.',
        });
        expect(await rowCount(input.id)).toBe(0);
      }
    });

    it('answers a replay of the same record as a duplicate and creates nothing', async () => {
      const input = participant();
      const first = await (await post(input)).json();
      const replay = await post(input);
      expect(replay.status).toBe(200);
      expect(await replay.json()).toEqual({ status: 'duplicate', id: input.id, registration: first.registration });
      expect(await rowCount(input.id)).toBe(1);
    });

    it('answers a replay by someone without the secret as a duplicate carrying nothing stored', async () => {
      const input = participant();
      await post(input);
      for (const probe of [withoutSecret(input), { ...input, recordSecret: createRecordSecret() }]) {
        const replay = await post(probe);
        expect(replay.status).toBe(200);
        const body = await replay.json();
        expect(body).toEqual({ status: 'duplicate', id: input.id });
        expectNoStoredContent(body, input);
      }
    });

    it('treats content that normalises the same (spaces, category order) as a duplicate', async () => {
      const input = participant();
      await post(input);
      const replay = await post({ ...input, city: ' Chennai ', categories: ['singing', 'dance'], phone: '+91-98765-43210' });
      expect(replay.status).toBe(200);
      expect((await replay.json()).status).toBe('duplicate');
    });

    it('answers 409 with the stored copy to the device holding the secret when the id arrives with other content', async () => {
      const input = participant();
      await post(input);
      const response = await post({ ...input, city: 'Madurai' });
      expect(response.status).toBe(409);
      const body = await response.json();
      expect(body.error.code).toBe('conflict');
      expect(body.error.current).toMatchObject({ id: input.id, city: 'Chennai', referenceCode: input.referenceCode });
      expect(await rowCount(input.id)).toBe(1);
    });

    it("answers a stranger's 409 with the conflict alone: no child's name, age, email, phone or city", async () => {
      const input = participant();
      await post(input);
      // The audit's probe: an existing id with any other content, with no secret or a guessed one.
      const probes = [
        { ...withoutSecret(input), name: 'Probe', city: 'Nowhere' },
        { ...participant({ id: input.id }), name: 'Probe' },
        { ...input, recordSecret: createRecordSecret(), city: 'Madurai' },
      ];
      for (const probe of probes) {
        const response = await post(probe);
        expect(response.status).toBe(409);
        const body = await response.json();
        expect(body).toEqual({ error: { code: 'conflict', message: CONFLICT_MESSAGE } });
        expectNoStoredContent(body, input);
      }
    });

    it('never shows a soft-deleted registration, not even to the device holding its secret', async () => {
      const input = participant();
      await post(input);
      await t.database.rows(sql`update registrations set deleted_at = now() where id = ${input.id}`);
      for (const probe of [input, withoutSecret(input)]) {
        const replay = await post(probe);
        expect(replay.status).toBe(200);
        expect(await replay.json()).toEqual({ status: 'duplicate', id: input.id });
        const other = await post({ ...probe, city: 'Madurai' });
        expect(other.status).toBe(409);
        expect(await other.json()).toEqual({ error: { code: 'conflict', message: CONFLICT_MESSAGE } });
      }
      const batch = await (await postBatch([input, { ...input, city: 'Madurai' }])).json();
      expect(batch.results).toEqual([
        { index: 0, id: input.id, status: 'duplicate' },
        { index: 1, id: input.id, status: 'conflict', error: { code: 'conflict', message: CONFLICT_MESSAGE } },
      ]);
    });

    it("after an admin's edit, shows the corrected copy only to the device holding the secret", async () => {
      const input = participant();
      await post(input);
      const cookie = await signIn(t);
      const edited = await t.request(
        `/api/registrations/${input.id}`,
        withCookie(cookie, json({ ...withoutSecret(input), phone: '9000011111', city: 'Tambaram', version: 1 }, 'PUT')),
      );
      expect(edited.status).toBe(200);

      // Replaying the original content: a duplicate. Only the owner sees the corrected copy.
      const owner = await (await post(input)).json();
      expect(owner).toMatchObject({ status: 'duplicate', registration: { city: 'Tambaram', phone: '9000011111', version: 2 } });
      const stranger = await (await post(withoutSecret(input))).json();
      expect(stranger).toEqual({ status: 'duplicate', id: input.id });
      expect(JSON.stringify(stranger)).not.toMatch(/Tambaram|9000011111/);

      const ownerConflict = await post({ ...input, city: 'Madurai' });
      expect((await ownerConflict.json()).error.current).toMatchObject({ city: 'Tambaram' });
      const strangerConflict = await post({ ...withoutSecret(input), city: 'Madurai' });
      const body = await strangerConflict.json();
      expect(body).toEqual({ error: { code: 'conflict', message: CONFLICT_MESSAGE } });
      expect(JSON.stringify(body)).not.toMatch(/Tambaram|9000011111/);
    });

    it('never takes a secret sent after the record was stored without one', async () => {
      const old = withoutSecret(participant());
      await post(old);
      const claim = { ...old, recordSecret: createRecordSecret() };
      expect(await (await post(claim)).json()).toEqual({ status: 'duplicate', id: old.id });
      const conflict = await post({ ...claim, city: 'Madurai' });
      expect(await conflict.json()).toEqual({ error: { code: 'conflict', message: CONFLICT_MESSAGE } });
      const [row] = await t.database.rows<{ secret_hash: string | null }>(sql`select secret_hash from registrations where id = ${old.id}`);
      expect(row?.secret_hash).toBeNull();
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

    it('answers 422 for a name hiding control or format characters, and keeps Tamil written with ZWNJ', async () => {
      const hidden = await post(participant({ name: '\u202eahsA' }));
      expect(hidden.status).toBe(422);
      expect((await hidden.json()).error.fields).toEqual({
        name: "Remove the hidden control or formatting characters from the child's name; retype it if you pasted it.",
      });
      const { results } = await (await postBatch([participant({ instituteName: 'Sun\u200brise' })])).json();
      expect(results[0].error.fields.instituteName).toMatch(/^Remove the hidden control or formatting characters from the institute name/);
      const tamil = await post(participant({ name: 'க்\u200cஷமா' }));
      expect(tamil.status).toBe(201);
      expect((await tamil.json()).registration.name).toBe('க்\u200cஷமா');
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

    it('keeps the code the family was given even when another record holds it, and answers as for a free code', async () => {
      const first = participant();
      await post(first);
      // A taken code and a free one, each with a new id: the answers must not tell them apart.
      const taken = withoutSecret(participant({ referenceCode: first.referenceCode, name: 'Bala' }));
      const free = withoutSecret(participant({ name: 'Bala' }));
      const takenAnswer = await post(taken);
      const freeAnswer = await post(free);
      expect([takenAnswer.status, freeAnswer.status]).toEqual([201, 201]);
      expect(await takenAnswer.json()).toEqual({ status: 'created', id: taken.id });
      expect(await freeAnswer.json()).toEqual({ status: 'created', id: free.id });

      // Its own device sees the code it chose, and both records are stored.
      const mine = participant({ referenceCode: first.referenceCode, name: 'Chitra' });
      expect((await (await post(mine)).json()).registration.referenceCode).toBe(first.referenceCode);
      const rows = await t.database.rows<{ id: string }>(
        sql`select id::text from registrations where reference_code = ${first.referenceCode} order by name`,
      );
      expect(rows.map((r) => r.id).sort()).toEqual([first.id, taken.id, mine.id].sort());
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
      // One device's copies (one secret), so every loser may be shown the winner.
      const recordSecret = createRecordSecret();
      const copies = Array.from({ length: 20 }, (_, i) => participant({ id, recordSecret, city: `City ${i}` }));
      const responses = await Promise.all(copies.map(post));
      const bodies = await Promise.all(responses.map((r) => r.json()));
      const created = bodies.filter((_, i) => responses[i]?.status === 201);
      expect(created).toHaveLength(1);
      expect(responses.filter((r) => r.status === 409)).toHaveLength(19);
      const winner = created[0].registration;
      for (const body of bodies) {
        if (body.error) expect(body.error.current).toEqual(winner);
      }
      expect(bodies.filter((body) => body.error?.current)).toHaveLength(19);
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

    it('answers a batch of probes without the secrets with statuses alone: nothing stored comes back', async () => {
      const live = participant();
      const deleted = participant({ name: 'Deleted Child', email: 'gone@example.org' });
      await postBatch([live, deleted]);
      await t.database.rows(sql`update registrations set deleted_at = now() where id = ${deleted.id}`);
      const probes = [
        withoutSecret(live),
        { ...withoutSecret(live), name: 'Probe' },
        { ...live, recordSecret: createRecordSecret(), name: 'Probe' },
        withoutSecret(deleted),
        { ...withoutSecret(deleted), name: 'Probe' },
        withoutSecret(participant()),
      ];
      const response = await postBatch(probes);
      const body = await response.json();
      const conflict = { code: 'conflict', message: CONFLICT_MESSAGE };
      expect(body.results).toEqual([
        { index: 0, id: live.id, status: 'duplicate' },
        { index: 1, id: live.id, status: 'conflict', error: conflict },
        { index: 2, id: live.id, status: 'conflict', error: conflict },
        { index: 3, id: deleted.id, status: 'duplicate' },
        { index: 4, id: deleted.id, status: 'conflict', error: conflict },
        { index: 5, id: (probes[5] as { id: string }).id, status: 'created' },
      ]);
      expectNoStoredContent(body, live);
      expectNoStoredContent(body, deleted);
    });

    it('marks a record with a malformed secret invalid and still stores the rest', async () => {
      const good = participant();
      const bad = participant({ recordSecret: 'not-a-secret' });
      const { results } = await (await postBatch([good, bad])).json();
      expect(results[0]).toMatchObject({ id: good.id, status: 'created' });
      expect(results[1]).toMatchObject({
        id: bad.id,
        status: 'invalid',
        error: { fields: { recordSecret: 'The record secret must be 32 to 128 lower-case hexadecimal characters.' } },
      });
      expect(await rowCount(bad.id)).toBe(0);
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

    it('stores every record with the code its device chose, even codes shared with stored records or within the batch', async () => {
      const holder = participant();
      await post(holder);
      const a = participant({ referenceCode: holder.referenceCode });
      const b = participant();
      const c = participant({ referenceCode: b.referenceCode });
      const { results } = await (await postBatch([a, b, c])).json();
      expect(results.map((r: { status: string }) => r.status)).toEqual(['created', 'created', 'created']);
      const codes = results.map((r: { registration: { referenceCode: string } }) => r.registration.referenceCode);
      expect(codes).toEqual([holder.referenceCode, b.referenceCode, b.referenceCode]);
      for (const record of [a, b, c]) expect(await rowCount(record.id)).toBe(1);
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
