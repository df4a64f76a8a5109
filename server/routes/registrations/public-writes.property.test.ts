import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isApiErrorBody } from '@domain/api-error';
import { CATEGORIES } from '@domain/categories';
import { createRecordSecret } from '@domain/record-secret';
import { createReferenceCode } from '@domain/reference-code';
import { PRIVACY_NOTICE, seasonEndsAt } from '@domain/season';
import { createTestApp, type TestApp } from '../../../tests/setup/test-app';
import { loadEnv } from '../../env';
import { createFamilyLink } from '../../db/stores/family-link-store';
import { contactMessage } from '../../../tests/setup/contact-fixtures';
import { childRegistration } from '../../../tests/setup/registration-fixtures';

/**
 * Every public write endpoint, fed thousands of generated bad payloads: the answer is always a
 * 4xx with the JSON error shape (or a 2xx for the rare valid one), never a 5xx or a stack trace.
 * In-process on PGlite to keep the run short; the behaviour under test is the server's, not the driver's.
 */

const junk = fc.oneof(
  fc.jsonValue(),
  fc.string({ unit: 'binary' }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(
    null,
    true,
    false,
    0,
    -1,
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER + 2,
    0.5,
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\ud800',
    '💃🏽',
    'NaN',
    'Infinity',
    '1e5',
    '0x10',
    '__proto__',
    'karate',
    'DANCE',
    'Dance Challenge',
    '<script>alert(1)</script>',
    "'; drop table registrations; --",
    [],
    {},
    [[[[[]]]]],
    { $gt: '' },
  ),
  fc.integer({ min: 1, max: 4 }).map((power) => 'x'.repeat(10 ** power * 3)),
  fc.array(fc.oneof(fc.constantFrom(...CATEGORIES.map((c) => c.slug)), fc.string()), { maxLength: 20 }),
);

/** Text that is valid for a free-text field in every way but one: the characters in it. */
const trickyText = fc.oneof(
  fc.string({
    unit: fc.constantFrom('a', ' ', '\u0000', '\u0001', '\ud800', '\udfff', 'é', '💃🏽', '\u202e', '\n', '\\', '"', "'", '%', ',', '{', '}', 'NULL'),
    minLength: 1,
    maxLength: 30,
  }),
  fc.string({ unit: 'binary', minLength: 1 }),
);

/**
 * A valid record with some fields replaced by junk or removed, plus maybe unknown extra keys;
 * or with exactly one field swapped for tricky text, so that the rest stays valid and the bad
 * value reaches as far into the server as it can.
 */
function mutated(valid: () => Record<string, unknown>) {
  const manyChanges = fc
    .tuple(
      fc.array(fc.tuple(fc.nat(), fc.option(junk, { nil: undefined })), { maxLength: 4 }),
      fc.dictionary(fc.string({ maxLength: 8 }), junk, { maxKeys: 3 }),
    )
    .map(([changes, extra]) => {
      const record: Record<string, unknown> = { ...extra, ...valid() };
      const keys = Object.keys(record);
      for (const [pick, value] of changes) {
        const key = keys[pick % keys.length] as string;
        if (value === undefined) delete record[key];
        else record[key] = value;
      }
      return record;
    });
  const oneTrickyField = fc.tuple(fc.nat(), trickyText).map(([pick, value]) => {
    const record = valid();
    const keys = Object.keys(record);
    record[keys[pick % keys.length] as string] = value;
    return record;
  });
  return fc.oneof(manyChanges, oneTrickyField);
}

const registration = () => ({
  ...childRegistration({ name: 'Asha', phone: '9876543210', categories: ['dance'], guardianName: 'Lakshmi' }),
  instituteName: '',
  recordSecret: createRecordSecret(),
  consentChannel: 'web',
  consentedAt: new Date(Date.now() - 3_600_000).toISOString(),
});

const legacy = () => ({
  name: 'Asha',
  age: 7,
  email: 'parent@example.org',
  phone: '9876543210',
  city: 'Chennai',
  instituteName: '',
  categories: 'Dance Challenge',
  agreeTerms: true,
  createdBy: 'participants',
});

const contact = () => ({ ...contactMessage(), recordSecret: createRecordSecret() });

const newsletter = () => ({ id: randomUUID(), email: 'someone@example.org', recordSecret: createRecordSecret() });

const findRegistration = () => ({ referenceCode: createReferenceCode(), contact: 'parent@example.org' });

const correction = () => ({
  type: 'participant',
  name: 'Asha',
  age: 7,
  email: 'parent@example.org',
  phone: '9876543210',
  city: 'Chennai',
  categories: ['dance'],
  version: 1,
});

const consent = () => ({ guardianName: 'Lakshmi', privacyConsent: true, privacyNoticeVersion: PRIVACY_NOTICE.version, language: 'ta' });

const JSON_TYPES = ['application/json', 'application/json; charset=utf-8', 'APPLICATION/JSON'];
const OTHER_TYPES = ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data', 'application/jsonx', 'text/json', ''];

/** A JSON request: mostly a mutated record, sometimes any JSON, malformed text or the wrong type. */
function jsonRequest(record: fc.Arbitrary<unknown>) {
  return fc.oneof(
    { weight: 6, arbitrary: fc.tuple(record, fc.constantFrom(...JSON_TYPES)).map(([body, type]) => ({ type, body: JSON.stringify(body) })) },
    { weight: 2, arbitrary: fc.tuple(junk, fc.constantFrom(...JSON_TYPES)).map(([body, type]) => ({ type, body: JSON.stringify(body) ?? '' })) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }).map((body) => ({ type: 'application/json', body })) },
    { weight: 1, arbitrary: fc.tuple(record, fc.constantFrom(...OTHER_TYPES)).map(([body, type]) => ({ type, body: JSON.stringify(body) })) },
  );
}

const ALLOWED_SUCCESS = new Set(['created', 'duplicate', 'subscribed', 'already_subscribed', 'accepted']);

async function expectSaneAnswer(response: Response): Promise<void> {
  const text = await response.text();
  expect(response.status, text).toBeLessThan(500);
  expect(response.status).toBeGreaterThanOrEqual(200);
  expect(text).not.toMatch(/\bat .+\.(ts|js):\d+/);
  const body: unknown = JSON.parse(text);
  if (response.status >= 400) {
    expect(isApiErrorBody(body), text).toBe(true);
  } else if (body && typeof body === 'object' && 'results' in body) {
    expect(Array.isArray(body.results)).toBe(true);
  } else if (body && typeof body === 'object' && ('registration' in body || 'consent' in body)) {
    // A family's correction or consent that happened to be valid.
  } else {
    expect(ALLOWED_SUCCESS.has((body as { status: string }).status), text).toBe(true);
  }
}

describe('public write endpoints under generated bad input', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Limits off: thousands of requests from one address would otherwise test the 429 instead
    // of the validation behind it (rate-limits.test.ts covers the limits). In season, so a
    // family's private link is valid and corrections are open.
    t = await createTestApp('pglite', {
      env: loadEnv({ NODE_ENV: 'test', SCRYPT_LOG_N: '10', PUBLIC_WRITE_LIMIT_FACTOR: '0' }),
      now: () => new Date('2027-03-01T10:00:00+05:30'),
    });
  });
  afterAll(() => t.close());

  const send = (path: string, request: { type: string; body: string | FormData }) =>
    t.request(path, {
      method: 'POST',
      headers: typeof request.body === 'string' && request.type ? { 'Content-Type': request.type } : {},
      body: request.body,
    });

  it.each([
    ['/api/registrations', mutated(registration)],
    ['/api/users/createuser', mutated(legacy)],
    ['/api/contact', mutated(contact)],
    ['/api/newsletter', mutated(newsletter)],
    ['/api/family/find', mutated(findRegistration)],
  ])('%s never answers 5xx', async (path, record) => {
    await fc.assert(
      fc.asyncProperty(jsonRequest(record), async (request) => expectSaneAnswer(await send(path, request))),
      { numRuns: 400 },
    );
  }, 120_000);

  it.each([
    ['PUT', '/api/family/registration', mutated(correction)],
    ['POST', '/api/family/registration/consent', mutated(consent)],
  ] as const)('%s %s with a valid private link never answers 5xx', async (method, path, record) => {
    const created = await t.request('/api/registrations', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(registration()) });
    const { registration: stored } = (await created.json()) as { registration: { id: string } };
    const { token } = await createFamilyLink(t.deps.database.db, { registrationId: stored.id, mailId: null, expiresAt: seasonEndsAt(), now: new Date('2027-03-01T00:00:00Z') });
    await fc.assert(
      fc.asyncProperty(jsonRequest(record), async (request) =>
        expectSaneAnswer(
          await t.request(path, {
            method,
            headers: { Authorization: `Bearer ${token}`, ...(request.type ? { 'Content-Type': request.type } : {}) },
            body: request.body,
          }),
        ),
      ),
      { numRuns: 300 },
    );
  }, 120_000);

  it('/api/registrations/batch never answers 5xx, and answers each record', async () => {
    const batch = fc.oneof(
      fc.array(fc.oneof(mutated(registration), junk), { minLength: 1, maxLength: 30 }).map((registrations) => ({ registrations })),
      mutated(() => ({ registrations: [registration()] })),
    );
    await fc.assert(
      fc.asyncProperty(jsonRequest(batch), async (request) => {
        const response = await send('/api/registrations/batch', request);
        const copy = response.clone();
        await expectSaneAnswer(response);
        if (response.status === 200) {
          const sent = JSON.parse(request.body).registrations as unknown[];
          const { results } = (await copy.json()) as { results: { index: number }[] };
          expect(results.map((r) => r.index)).toEqual(sent.map((_, i) => i));
        }
      }),
      { numRuns: 200 },
    );
  }, 120_000);

  it('/api/judges never answers 5xx to generated forms and files', async () => {
    const text = fc.oneof(fc.string({ unit: 'binary', maxLength: 300 }), fc.constantFrom('', '\u0000', 'Others', '12', '-1', '1e2', 'x'.repeat(1500)));
    const judge = () => ({ id: randomUUID(), name: 'Lakshmi', expertise: 'Yoga Trainer', experience: '3', bio: 'Teaches yoga.', recordSecret: createRecordSecret() });
    const photo = fc.option(
      fc.record({
        prefix: fc.constantFrom([], [0xff, 0xd8, 0xff], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], [0x47, 0x49, 0x46, 0x38, 0x39, 0x61]),
        rest: fc.uint8Array({ maxLength: 64 }),
        type: fc.constantFrom('image/png', 'image/jpeg', 'text/html', 'application/octet-stream', ''),
        name: fc.string({ maxLength: 20 }),
      }),
      { nil: undefined },
    );
    const multipart = fc
      .tuple(fc.array(fc.tuple(fc.constantFrom('id', 'name', 'expertise', 'experience', 'bio', 'photo', 'recordSecret', 'extra'), fc.option(text, { nil: undefined })), { maxLength: 4 }), photo)
      .map(([changes, file]) => {
        const fields: Record<string, string | undefined> = judge();
        for (const [key, value] of changes) fields[key] = value;
        const form = new FormData();
        for (const [key, value] of Object.entries(fields)) if (value !== undefined) form.append(key, value);
        if (file) {
          const bytes = Uint8Array.from([...file.prefix, ...file.rest]);
          form.append('photo', new Blob([bytes], { type: file.type }), file.name);
        }
        return { type: '', body: form as string | FormData };
      });
    const request = fc.oneof(
      { weight: 5, arbitrary: multipart },
      { weight: 1, arbitrary: jsonRequest(mutated(judge)) },
      { weight: 1, arbitrary: fc.string({ maxLength: 200 }).map((body) => ({ type: 'multipart/form-data; boundary=b', body: body as string | FormData })) },
    );
    await fc.assert(
      fc.asyncProperty(request, async (r) => expectSaneAnswer(await send('/api/judges', r))),
      { numRuns: 300 },
    );
  }, 120_000);
});
