import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { referenceCodeOf } from '@domain/reference-code';
import { registrationInputOf, registrationInputSchema } from '@domain/registration';
import { registrationOfPostedForm } from '@domain/registration-form-post';
import { json, useTestApp } from '../../../tests/setup/test-app';
import { testDatabaseKinds } from '../../../tests/setup/test-database';

/** The registration form's fields as the browser posts them (names as in the page). */
function formFields(overrides: Record<string, string | string[] | null> = {}): URLSearchParams {
  const fields: Record<string, string | string[] | null> = {
    id: randomUUID(),
    type: 'participant',
    name: 'Kavin Raj',
    categories: ['dance', 'singing'],
    age: '9',
    email: 'kavin.parent@example.org',
    phone: '9876501234',
    city: 'Chennai',
    instituteName: '',
    guardianName: 'Meena Raj',
    privacyConsent: 'on',
    agreeTerms: 'on',
    ...overrides,
  };
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    if (value === null) continue;
    for (const one of Array.isArray(value) ? value : [value]) body.append(name, one);
  }
  return body;
}

const formPost = (body: URLSearchParams): RequestInit => ({
  method: 'POST',
  body: body.toString(),
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
});

describe.each(testDatabaseKinds())('the registration form sent by the browser (ADR 031) on %s', (kind) => {
  const t = useTestApp(kind);

  async function stored(id: string) {
    return t.database.rows<{ reference_code: string; name: string; categories: string[]; language: string; consent_channel: string | null }>(
      sql`select r.reference_code, r.name, r.categories, r.language,
            (select c.channel from consent_records c where c.registration_id = r.id limit 1) as consent_channel
          from registrations r where r.id = ${id}`,
    );
  }

  it('stores the form and answers 303 to the confirmation with the code made from its id', async () => {
    const body = formFields();
    const id = body.get('id')!;
    const response = await t.request('/registration', formPost(body));
    expect(response.status).toBe(303);
    const code = referenceCodeOf(id);
    expect(response.headers.get('location')).toBe(`/registration/received?code=${code}`);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const rows = await stored(id);
    expect(rows).toEqual([expect.objectContaining({ reference_code: code, name: 'Kavin Raj', categories: ['dance', 'singing'], language: 'en' })]);

    const page = await t.request(`/registration/received?code=${code}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    const html = await page.text();
    expect(html).toContain('<h1>Registration received</h1>');
    expect(html).toContain(`<strong class="code">${code}</strong>`);
    expect(html).not.toMatch(/<script/);
  });

  it('the same form sent twice, or again through the outbox, is stored once', async () => {
    const body = formFields();
    const id = body.get('id')!;
    expect((await t.request('/registration', formPost(body))).status).toBe(303);
    // A second tap: the same id, the same answers.
    const again = await t.request('/registration', formPost(body));
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe(`/registration/received?code=${referenceCodeOf(id)}`);
    // The page, once live, sends the same record through its outbox (as saveRegistration builds it).
    const record = registrationInputSchema.parse(registrationOfPostedForm(Object.fromEntries([...new Set(body.keys())].map((k) => [k, body.getAll(k)])), 'en', randomUUID));
    const outbox = await t.request('/api/registrations', json(registrationInputOf(record)));
    expect(outbox.status).toBe(200);
    expect(await outbox.json()).toMatchObject({ status: 'duplicate', id });
    expect(await stored(id)).toHaveLength(1);
  });

  it('the Tamil form is stored in Tamil and confirmed in Tamil', async () => {
    const body = formFields();
    const response = await t.request('/ta/registration', formPost(body));
    expect(response.status).toBe(303);
    const location = response.headers.get('location')!;
    expect(location).toMatch(/^\/ta\/registration\/received\?code=KTC-/);
    expect((await stored(body.get('id')!))[0]?.language).toBe('ta');
    const html = await (await t.request(location)).text();
    expect(html).toContain('<html lang="ta">');
    expect(html).toContain('பதிவு பெறப்பட்டது');
  });

  it('a form the page will check again (it made an id) answers 204 and stores nothing', async () => {
    const body = formFields({ email: '', categories: null });
    const response = await t.request('/registration', formPost(body));
    expect(response.status).toBe(204);
    expect(await stored(body.get('id')!)).toEqual([]);
  });

  it('with no script at all (no id), a form with answers missing gets a page saying what to correct', async () => {
    const response = await t.request('/registration', formPost(formFields({ id: null, email: 'not an email', agreeTerms: null })));
    expect(response.status).toBe(422);
    const html = await response.text();
    expect(html).toContain('Your registration was not sent');
    expect(html).toContain('Enter a valid email address');
    expect(html).toContain('You must agree to the terms and conditions.');
    // And a complete one is stored with an id the server made.
    const ok = await t.request('/registration', formPost(formFields({ id: null })));
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toMatch(/^\/registration\/received\?code=KTC-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
  });

  it('a different form with an id already used is refused with a page, and the first answers stay', async () => {
    const body = formFields();
    const id = body.get('id')!;
    await t.request('/registration', formPost(body));
    body.set('name', 'Someone Else');
    const response = await t.request('/registration', formPost(body));
    expect(response.status).toBe(409);
    expect(await response.text()).toContain('already sent with different answers');
    expect((await stored(id))[0]?.name).toBe('Kavin Raj');
  });

  it('refuses a form posted from another site, and anything that is not a form', async () => {
    const body = formFields();
    const foreign = await t.request('/registration', { ...formPost(body), headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://evil.example' } });
    expect(foreign.status).toBe(403);
    expect(await stored(body.get('id')!)).toEqual([]);
    const asJson = await t.request('/registration', json({ name: 'x' }));
    expect(asJson.status).toBe(415);
    const huge = await t.request('/registration', formPost(formFields({ name: 'x'.repeat(20_000) })));
    expect(huge.status).toBe(413);
  });

  it('the confirmation shows only a code: anything else goes back to the form', async () => {
    const response = await t.request('/registration/received?code=%3Cscript%3E');
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/registration');
  });
});
