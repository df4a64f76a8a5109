import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createRecordSecret } from '@domain/record-secret';
import { json, testEnv, useTestApp } from '../../../tests/setup/test-app';
import { testDatabaseKinds } from '../../../tests/setup/test-database';

/** A message as the device sends it: with the record secret it made (ADR 009). */
function message(overrides: Record<string, unknown> = {}) {
  return {
    recordSecret: createRecordSecret(),
    id: randomUUID(),
    name: 'Ravi',
    email: 'ravi@example.org',
    phone: '044 2345 6789',
    subject: 'Level 1 dates',
    message: 'Is the offline round on April 19?',
    contactMethod: 'Phone',
    ...overrides,
  };
}

describe.each(testDatabaseKinds())('POST /api/contact on %s', (kind) => {
  // Many writes from one test address: the limits themselves are tested in rate-limits.test.ts.
  const t = useTestApp(kind, { env: testEnv({ PUBLIC_WRITE_LIMIT_FACTOR: '10' }) });

  const post = (body: unknown) => t.request('/api/contact', json(body));
  async function stored(id: string) {
    return t.database.rows<{ subject: string; contact_method: string; phone: string }>(
      sql`select subject, contact_method, phone from contact_messages where id = ${id}`,
    );
  }

  it('stores a message once; a replay is a duplicate', async () => {
    const input = message();
    const created = await post(input);
    expect(created.status).toBe(201);
    expect(await created.json()).toEqual({ status: 'created', id: input.id });
    const replay = await post(input);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ status: 'duplicate', id: input.id });
    expect(await stored(input.id)).toEqual([{ subject: 'Level 1 dates', contact_method: 'Phone', phone: '04423456789' }]);
  });

  it('defaults the contact method to Email', async () => {
    const { contactMethod: _method, ...input } = message();
    expect((await post(input)).status).toBe(201);
    expect((await stored(input.id))[0]?.contact_method).toBe('Email');
  });

  it('answers 409 with the stored message to the device holding the secret when the id returns with other content', async () => {
    const input = message();
    await post(input);
    const response = await post({ ...input, subject: 'Something else' });
    expect(response.status).toBe(409);
    const { error } = await response.json();
    expect(error.code).toBe('conflict');
    expect(error.current).toMatchObject({ id: input.id, subject: 'Level 1 dates' });
    expect(await stored(input.id)).toHaveLength(1);
  });

  it("answers a stranger's 409 with the conflict alone: no parent's message, name, email or phone", async () => {
    const input = message({ message: 'My daughter Nila has asthma; please call 9840012345.' });
    await post(input);
    const { recordSecret: _secret, ...noSecret } = input;
    for (const probe of [{ ...noSecret, subject: 'Probe' }, { ...input, recordSecret: createRecordSecret(), subject: 'Probe' }]) {
      const response = await post(probe);
      expect(response.status).toBe(409);
      const body = await response.json();
      expect(body).toEqual({ error: { code: 'conflict', message: 'A different message was already sent with this id.' } });
      expect(JSON.stringify(body)).not.toMatch(/Nila|9840012345|Ravi|ravi@example|Level 1/);
    }
    const replay = await post(noSecret);
    expect(await replay.json()).toEqual({ status: 'duplicate', id: input.id });
    const [row] = await t.database.rows<{ secret_hash: string }>(sql`select secret_hash from contact_messages where id = ${input.id}`);
    expect(row?.secret_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.secret_hash).not.toBe(input.recordSecret);
  });

  it('answers 422 for a malformed record secret', async () => {
    const response = await post(message({ recordSecret: 'abc' }));
    expect(response.status).toBe(422);
    expect((await response.json()).error.fields).toEqual({
      recordSecret: 'The record secret must be 32 to 128 lower-case hexadecimal characters.',
    });
  });

  it('leaves one row when 20 identical requests race', async () => {
    const input = message();
    const responses = await Promise.all(Array.from({ length: 20 }, () => post(input)));
    expect(responses.map((r) => r.status).sort()).toEqual([...Array<number>(19).fill(200), 201]);
    expect(await stored(input.id)).toHaveLength(1);
  });

  it('answers 422 with a message per field', async () => {
    const response = await post({ id: 'nope', name: '', email: 'x', phone: '1', subject: ' ', message: '', contactMethod: 'Fax' });
    expect(response.status).toBe(422);
    expect((await response.json()).error.fields).toEqual({
      id: 'The record id must be a UUID.',
      name: 'Enter your name.',
      email: 'Enter a valid email address, like name@example.com.',
      phone: 'Enter a phone number of 10 to 13 digits.',
      subject: 'Enter a subject.',
      message: 'Enter a message.',
      contactMethod: 'Choose Email or Phone.',
    });
    const nul = await post(message({ message: 'hello\u0000' }));
    expect(nul.status).toBe(422);
    expect((await nul.json()).error.fields).toHaveProperty('message');
  });

  it('answers 415 to a form post and 400 to malformed JSON', async () => {
    expect((await t.request('/api/contact', { method: 'POST', body: new URLSearchParams(message() as Record<string, string>) })).status).toBe(415);
    const malformed = await t.request('/api/contact', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{' });
    expect(malformed.status).toBe(400);
  });
});
