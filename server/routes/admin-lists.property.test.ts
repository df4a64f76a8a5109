import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isApiErrorBody } from '@domain/api-error';
import { createReferenceCode } from '@domain/reference-code';
import { createTestApp, json, type TestApp } from '../../tests/setup/test-app';
import { signIn, withCookie } from './auth/sign-in-for-tests';

/**
 * The admin lists and exports, fed generated query strings and page cursors: the answer is a 2xx
 * or a 4xx with the JSON error shape, never a 5xx, and never the text of a database error.
 * In-process on PGlite, like public-writes.property.test.ts.
 */

/** Raw fragments that break naive decoding: NUL, invalid UTF-8, a lone surrogate's bytes, bad escapes. */
const rawFragment = fc.constantFrom('%00', 'a%00b', '%ED%A0%80', '%FF', '%C0%80', '%', '%zz', '%E0%A4', '+', '%2B', '%25');

const text = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: fc.constantFrom('a', 'K', '7', ' ', '-', '%', '_', '\\', "'", '"', '\u0000', '\ud800', 'த', '💃🏽'), maxLength: 20 }),
  fc.constantFrom('', ' ', 'x'.repeat(201), 'x'.repeat(5000), 'null', 'undefined', '1e309', '-1', '99999999999999999999', 'NaN'),
);

/** encodeURIComponent throws on a lone surrogate; its UTF-8 bytes go in as a raw fragment instead. */
function encode(v: string): string {
  return encodeURIComponent(v.replace(/[\ud800-\udfff]/g, '\ufffd'));
}

/** One query-string value: encoded text, or raw bytes as an attacker would type them. */
const value = fc.oneof({ weight: 3, arbitrary: text.map(encode) }, { weight: 1, arbitrary: rawFragment });

function b64(data: unknown): string {
  return Buffer.from(typeof data === 'string' ? data : JSON.stringify(data)).toString('base64url');
}

const int = fc.oneof(
  fc.integer(),
  fc.constantFrom(-1, 0, 2 ** 31 - 1, 2 ** 31, -(2 ** 31) - 1, Number.MAX_SAFE_INTEGER, 1e20, -1e20, 1.5),
);

/** Dates in the right shape that are not real instants, and a few that are. */
const preciseTime = fc
  .tuple(
    fc.integer({ min: 0, max: 9999 }),
    fc.integer({ min: 0, max: 99 }),
    fc.integer({ min: 0, max: 99 }),
    fc.integer({ min: 0, max: 99 }),
    fc.integer({ min: 0, max: 99 }),
    fc.integer({ min: 0, max: 99 }),
  )
  .map(([y, mo, d, h, mi, s]) => {
    const p = (n: number, w = 2) => String(n).padStart(w, '0');
    return `${p(y, 4)}-${p(mo)}-${p(d)}T${p(h)}:${p(mi)}:${p(s)}.123456Z`;
  });

const id = fc.oneof(fc.uuid().map(String), fc.constantFrom(randomUUID(), 'not-a-uuid', '', '1', '-1', '9223372036854775808', '99999999999999999999', '1e3', ' 1', '0x10'), text);

/** Cursors of the newest-first lists: [createdAt, id], mutated. */
const createdAtCursor = fc.oneof(
  fc.tuple(fc.oneof(preciseTime, fc.constantFrom('2024-02-30T10:00:00.000000Z', '2023-02-29T00:00:00.000000Z', '0000-01-01T00:00:00.000000Z', '2024-01-01T24:00:00.000000Z'), text), id).map(b64),
  fc.jsonValue().map(b64),
  text.map(b64),
  text,
);

/** Cursors of the registrations table: { s, d, k, id, t, f }, mutated. */
const registrationCursor = fc.oneof(
  fc
    .record({
      s: fc.constantFrom('name', 'age', 'city', 'categories', 'email', 'phone', 'institute', 'x'),
      d: fc.constantFrom('asc', 'desc', 'up'),
      k: fc.oneof(text, int, fc.array(text, { maxLength: 3 }), fc.constant(null)),
      id,
      t: int,
      f: int,
    })
    .map(b64),
  fc.jsonValue().map(b64),
  text,
);

function queryString(fields: [string, fc.Arbitrary<string>][]) {
  return fc
    .tuple(...fields.map(([key, arbitrary]) => fc.option(arbitrary.map((v) => `${key}=${v}`), { nil: undefined })))
    .map((parts) => parts.filter(Boolean).join('&'));
}

const registrationsQuery = queryString([
  ['q', value],
  ['category', fc.oneof(value, fc.constantFrom('dance', 'yoga', 'DANCE'))],
  ['city', value],
  ['duplicates', fc.oneof(value, fc.constantFrom('1', 'true', '0'))],
  ['sort', fc.oneof(value, fc.constantFrom('name', 'age', 'categories', 'city'))],
  ['dir', fc.oneof(value, fc.constantFrom('asc', 'desc'))],
  ['limit', fc.oneof(value, fc.constantFrom('1', '200', '201', '0', '-5', '1.5', '1e2'))],
  ['cursor', fc.oneof(registrationCursor.map(encode), value)],
]);

const pagedQuery = queryString([['cursor', fc.oneof(createdAtCursor.map(encode), value)]]);

describe('admin lists under generated query strings and cursors', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    cookie = await signIn(t);
    for (let i = 0; i < 3; i++) {
      const registration = {
        id: randomUUID(),
        referenceCode: createReferenceCode(),
        type: 'participant',
        name: `Asha ${i}`,
        age: 7,
        email: `parent${i}@example.org`,
        phone: '9876543210',
        city: 'Chennai',
        instituteName: '',
        categories: ['dance'],
        agreeTerms: true,
      };
      expect((await t.request('/api/registrations', json(registration))).status).toBe(201);
    }
  });
  afterAll(() => t.close());

  async function expectSaneAnswer(response: Response): Promise<void> {
    const body = await response.text();
    expect(response.status, body).toBeLessThan(500);
    expect(body).not.toMatch(/Failed query|params:|select |\bat .+\.(ts|js):\d+/i);
    if (response.status >= 400) expect(isApiErrorBody(JSON.parse(body)), body).toBe(true);
  }

  it.each([
    ['/api/registrations', registrationsQuery],
    ['/api/registrations/export.csv', registrationsQuery],
    ['/api/contact', pagedQuery],
    ['/api/newsletter', pagedQuery],
    ['/api/judges', pagedQuery],
    ['/api/audit', pagedQuery],
  ])('GET %s never answers 5xx', async (path, query) => {
    await fc.assert(
      fc.asyncProperty(query, async (qs) => expectSaneAnswer(await t.request(`${path}?${qs}`, withCookie(cookie)))),
      { numRuns: 300 },
    );
  }, 120_000);

  it('the known bad inputs from the audit answer 4xx', async () => {
    const statusOf = async (path: string) => {
      const response = await t.request(path, withCookie(cookie));
      await expectSaneAnswer(response);
      return response.status;
    };
    const cursor = (data: unknown) => encodeURIComponent(b64(data));
    expect(await statusOf('/api/registrations?q=abc%00')).toBe(422);
    expect(await statusOf('/api/registrations?city=Chen%00nai')).toBe(422);
    expect(await statusOf('/api/registrations/export.csv?q=abc%00')).toBe(422);
    expect(await statusOf(`/api/registrations?sort=age&cursor=${cursor({ s: 'age', d: 'asc', k: 1e12, id: randomUUID(), t: 1, f: 1 })}`)).toBe(400);
    for (const path of ['/api/contact', '/api/newsletter', '/api/judges']) {
      expect(await statusOf(`${path}?cursor=${cursor(['2024-01-01T00:00:00.000000Z', 'not-a-uuid'])}`)).toBe(400);
      expect(await statusOf(`${path}?cursor=${cursor(['2024-02-30T00:00:00.000000Z', randomUUID()])}`)).toBe(400);
    }
    expect(await statusOf(`/api/audit?cursor=${cursor(['2024-01-01T00:00:00.000000Z', '99999999999999999999'])}`)).toBe(400);
    expect(await statusOf(`/api/audit?cursor=${cursor(['2024-01-01T00:00:00.000000Z', randomUUID()])}`)).toBe(400);
  });

  it('a real cursor still pages', async () => {
    const first = (await (await t.request('/api/registrations?limit=1', withCookie(cookie))).json()) as { nextCursor: string };
    const second = await t.request(`/api/registrations?limit=1&cursor=${encodeURIComponent(first.nextCursor)}`, withCookie(cookie));
    expect(second.status).toBe(200);
  });

  it('POST /api/auth/login never answers 5xx to generated usernames', async () => {
    await fc.assert(
      fc.asyncProperty(text, async (username) => {
        const response = await t.request('/api/auth/login', json({ username, password: 'not the password at all' }));
        await expectSaneAnswer(response);
      }),
      { numRuns: 200 },
    );
  }, 120_000);
});
