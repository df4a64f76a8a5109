import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { REFERENCE_CODE_PATTERN } from '@domain/reference-code';
import { TERMS_MESSAGE } from '@domain/registration';
import { json, useTestApp } from '../../../tests/setup/test-app';
import { testDatabaseKinds } from '../../../tests/setup/test-database';

/** What the original registration form posted (docs/product.md, "The original site's API"). */
const legacyPayload = {
  name: 'Meena K',
  age: 8,
  email: 'meena.parent@example.org',
  phone: '98400 12345',
  city: 'Chennai',
  instituteName: '',
  categories: 'Dance Challenge,Art & Craft',
  agreeTerms: true,
  createdBy: 'participants',
};

describe.each(testDatabaseKinds())('POST /api/users/createuser (legacy) on %s', (kind) => {
  const t = useTestApp(kind);

  const post = (body: unknown) => t.request('/api/users/createuser', json(body));

  it("stores the original site's payload with a server-made id and reference code, marked legacy", async () => {
    const response = await post(legacyPayload);
    expect(response.status).toBe(201);
    const { status, registration } = await response.json();
    expect(status).toBe('created');
    expect(registration).toMatchObject({
      type: 'participant',
      name: 'Meena K',
      age: 8,
      ageUnit: 'years',
      phone: '9840012345',
      instituteName: null,
      categories: ['dance', 'art-craft'],
    });
    expect(registration.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(registration.referenceCode).toMatch(REFERENCE_CODE_PATTERN);
    const [row] = await t.database.rows<{ source: string }>(sql`select source from registrations where id = ${registration.id}`);
    expect(row?.source).toBe('legacy');
  });

  it('matches category names case-insensitively, with or without " - In Person"', async () => {
    const response = await post({
      ...legacyPayload,
      age: '9',
      categories: ' crawling (5-9 months) - in person , FASTEST WALKING (9-15 MONTHS)',
    });
    expect(response.status).toBe(201);
    expect((await response.json()).registration).toMatchObject({
      categories: ['fastest-walking', 'crawling'],
      age: 9,
      ageUnit: 'months',
    });
  });

  it('stores an institute (createdBy "institute") without child name or age', async () => {
    const response = await post({ ...legacyPayload, createdBy: 'institute', name: '', age: '', instituteName: 'Little Stars School' });
    expect(response.status).toBe(201);
    expect((await response.json()).registration).toMatchObject({
      type: 'institute',
      name: null,
      age: null,
      instituteName: 'Little Stars School',
    });
  });

  it('answers 422 with the same messages as the new API, keyed by the legacy field names', async () => {
    const response = await post({
      ...legacyPayload,
      categories: 'Dance Challenge, Karate',
      agreeTerms: false,
      createdBy: 'teachers',
      email: 'meena',
    });
    expect(response.status).toBe(422);
    const { error } = await response.json();
    expect(error.code).toBe('validation_failed');
    expect(error.fields).toMatchObject({
      categories: 'Choose contests from the list.',
      agreeTerms: TERMS_MESSAGE,
      createdBy: 'Choose participants or institute.',
      email: 'Enter a valid email address, like name@example.com.',
    });
    expect(error.fields).not.toHaveProperty('type');
    expect(error.fields).not.toHaveProperty('id');
  });

  it('requires at least one category and stores nothing for an invalid payload', async () => {
    const before = await t.database.rows<{ n: number }>(sql`select count(*)::int as n from registrations`);
    const response = await post({ ...legacyPayload, categories: ' , ' });
    expect(response.status).toBe(422);
    expect((await response.json()).error.fields.categories).toBe('Choose at least one contest.');
    const after = await t.database.rows<{ n: number }>(sql`select count(*)::int as n from registrations`);
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  it('answers 422 for a body that is not an object, 400 for malformed JSON and 415 for a form post', async () => {
    expect((await post([legacyPayload])).status).toBe(422);
    expect((await post(null)).status).toBe(422);
    const malformed = await t.request('/api/users/createuser', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: "{name: 'x'}",
    });
    expect(malformed.status).toBe(400);
    const form = await t.request('/api/users/createuser', { method: 'POST', body: new URLSearchParams({ name: 'x' }) });
    expect(form.status).toBe(415);
  });
});
