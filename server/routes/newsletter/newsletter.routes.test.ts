import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { json, testEnv, useTestApp } from '../../../tests/setup/test-app';
import { testDatabaseKinds } from '../../../tests/setup/test-database';

describe.each(testDatabaseKinds())('POST /api/newsletter on %s', (kind) => {
  // Many writes from one test address: the limits themselves are tested in rate-limits.test.ts.
  const t = useTestApp(kind, { env: testEnv({ PUBLIC_WRITE_LIMIT_FACTOR: '10' }) });

  const post = (body: unknown) => t.request('/api/newsletter', json(body));
  async function subscribers(email: string) {
    return t.database.rows<{ email: string }>(sql`select email from newsletter_subscribers where lower(email) = lower(${email})`);
  }

  it('subscribes an email, stored lower-cased', async () => {
    const response = await post({ id: randomUUID(), email: ' Priya.S@Example.ORG ' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'subscribed' });
    expect(await subscribers('priya.s@example.org')).toEqual([{ email: 'priya.s@example.org' }]);
  });

  it('answers exactly the same whether or not the address was already subscribed', async () => {
    const answer = async (body: unknown) => {
      const response = await post(body);
      return { status: response.status, type: response.headers.get('content-type'), body: await response.text() };
    };
    const id = randomUUID();
    const fresh = await answer({ id, email: 'kavya@example.org' });
    const replay = await answer({ id, email: 'kavya@example.org' });
    const otherCase = await answer({ id: randomUUID(), email: 'KAVYA@Example.org' });
    const unknown = await answer({ id: randomUUID(), email: `new-${randomUUID()}@example.org` });
    for (const seen of [fresh, replay, otherCase]) expect(seen).toEqual(unknown);
    expect(JSON.parse(unknown.body)).toEqual({ status: 'subscribed' });
    expect(unknown.status).toBe(200);
    expect(await subscribers('kavya@example.org')).toHaveLength(1);
  });

  it('answers 409, naming no address, when an id already used for one address comes with another', async () => {
    const id = randomUUID();
    await post({ id, email: 'first@example.org' });
    const response = await post({ id, email: 'second@example.org' });
    expect(response.status).toBe(409);
    const body = await response.json();
    expect(body).toEqual({ error: { code: 'conflict', message: 'This sign-up id was already used for another address.' } });
    expect(await subscribers('second@example.org')).toHaveLength(0);
    expect((await post({ id: id.toUpperCase(), email: 'FIRST@example.org' })).status).toBe(200);
  });

  it('keeps one subscriber when 20 sign-ups of one email race with different ids and cases', async () => {
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => post({ id: randomUUID(), email: i % 2 ? 'RACE@example.org' : 'race@EXAMPLE.org' })),
    );
    expect(responses.map((r) => r.status)).toEqual(Array<number>(20).fill(200));
    expect(await subscribers('race@example.org')).toHaveLength(1);
  });

  it('answers 422 for a bad email or id, 415 for a form post and 400 for malformed JSON', async () => {
    const bad = await post({ id: 'x', email: 'not an email' });
    expect(bad.status).toBe(422);
    expect((await bad.json()).error.fields).toEqual({
      id: 'The record id must be a UUID.',
      email: 'Enter a valid email address, like name@example.com.',
    });
    expect((await post({ id: randomUUID() })).status).toBe(422);
    expect((await t.request('/api/newsletter', { method: 'POST', body: new URLSearchParams({ email: 'a@b.co' }) })).status).toBe(415);
    const malformed = await t.request('/api/newsletter', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: 'email=a@b.co' });
    expect(malformed.status).toBe(400);
  });
});
