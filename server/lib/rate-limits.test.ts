import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createReferenceCode } from '@domain/reference-code';
import { json, type TestApp, useTestApp } from '../../tests/setup/test-app';
import { testDatabaseKinds } from '../../tests/setup/test-database';
import { createApp } from '../app';
import type { Deps } from '../context';
import { loadEnv } from '../env';
import { LIMITS, RateLimited, spendTokens } from './rate-limits';
import { contactMessage } from '../../tests/setup/contact-fixtures';

function registration(n: number) {
  return {
    id: randomUUID(),
    referenceCode: createReferenceCode(),
    type: 'participant',
    name: `Child ${n}`,
    age: 2 + (n % 10),
    email: `parent${n}@example.org`,
    phone: '9876543210',
    city: 'Chennai',
    instituteName: '',
    categories: ['dance'],
    agreeTerms: true,
  };
}

/** The app on the same database, seen from `ip` (one proxy in front that appends it) and at `now`. */
function client(t: TestApp, ip: string, now: () => Date = () => new Date()) {
  const env = loadEnv({ NODE_ENV: 'test', SCRYPT_LOG_N: '10', TRUST_PROXY: '1' });
  const app = createApp({ ...t.deps, env, now });
  return (path: string, init: RequestInit) => {
    const headers = new Headers(init.headers);
    headers.set('X-Forwarded-For', ip);
    return app.request(`http://localhost${path}`, { ...init, headers });
  };
}

const contact = () => contactMessage();

describe.each(testDatabaseKinds())('public write limits on %s', (kind) => {
  const t = useTestApp(kind);

  it('never refuse field staff: two phones on one venue Wi-Fi sync a full day each (2 x 500 records in batches of 100)', async () => {
    const venue = client(t, '198.51.100.10');
    let n = 0;
    const statuses: number[] = [];
    const created: string[] = [];
    for (let phone = 0; phone < 2; phone++) {
      for (let batch = 0; batch < 5; batch++) {
        const registrations = Array.from({ length: 100 }, () => registration(n++));
        const response = await venue('/api/registrations/batch', json({ registrations }));
        statuses.push(response.status);
        const { results } = (await response.json()) as { results: { status: string }[] };
        created.push(...results.map((r) => r.status));
      }
    }
    expect(statuses).toEqual(Array<number>(10).fill(200));
    expect(created).toHaveLength(1000);
    expect(new Set(created)).toEqual(new Set(['created']));
  }, 120_000);

  it('refuse a flood from one address with 429 and Retry-After, accept it again once the bucket refills, and leave other addresses alone', async () => {
    const ip = '203.0.113.66';
    // The flood so far has spent the whole burst.
    await spendTokens(t.deps, ip, [{ bucket: 'registrations', cost: LIMITS.registrations.capacity }]);
    const flood = client(t, ip);
    const refused = await flood('/api/registrations/batch', json({ registrations: [registration(1), registration(2)] }));
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({
      error: { code: 'too_many_requests', message: expect.stringMatching(/^Too many registrations were sent from your network\. Please try again in \d+ seconds\.$/) },
    });
    const retryAfter = Number(refused.headers.get('retry-after'));
    // 3,600 an hour is one a second: two records need about two seconds.
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(3);
    expect((await flood('/api/registrations', json(registration(3)))).status).toBe(429);

    const later = client(t, ip, () => new Date(Date.now() + (retryAfter + 1) * 1000));
    expect((await later('/api/registrations/batch', json({ registrations: [registration(4), registration(5)] }))).status).toBe(200);

    const neighbour = client(t, '203.0.113.67');
    expect((await neighbour('/api/registrations', json(registration(6)))).status).toBe(201);
  });

  it('answer 429 after 30 contact messages or newsletter sign-ups from one address in a burst', async () => {
    const sender = client(t, '203.0.113.80');
    const contacts: number[] = [];
    for (let i = 0; i < 31; i++) contacts.push((await sender('/api/contact', json(contact()))).status);
    expect(contacts.slice(0, 30)).toEqual(Array<number>(30).fill(201));
    expect(contacts[30]).toBe(429);

    const signups: number[] = [];
    for (let i = 0; i < 31; i++) {
      signups.push((await sender('/api/newsletter', json({ id: randomUUID(), email: `reader${i}@example.org` }))).status);
    }
    expect(signups.slice(0, 30)).toEqual(Array<number>(30).fill(200));
    const refused = await sender('/api/newsletter', json({ id: randomUUID(), email: 'one.more@example.org' }));
    expect(refused.status).toBe(429);
    // 120 an hour: the next one within 30 s (less the time the test took).
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(15);
    expect(retryAfter).toBeLessThanOrEqual(30);
  });

  it('cap the photo bytes stored per address and per hour; an application without a photo still goes through', async () => {
    const ip = '203.0.113.90';
    await spendTokens(t.deps, ip, [{ bucket: 'photoBytes', cost: LIMITS.photoBytes.capacity - 1000 }]);
    const photo = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
      .png()
      .toBuffer();
    const form = (withPhoto: boolean) => {
      const data = new FormData();
      for (const [key, value] of Object.entries({ id: randomUUID(), name: 'Lakshmi', expertise: 'Yoga Trainer', experience: '3', bio: 'Teaches yoga.' })) {
        data.set(key, value);
      }
      if (withPhoto) data.set('photo', new Blob([Uint8Array.from(photo)], { type: 'image/png' }), 'photo.png');
      return { method: 'POST', body: data };
    };
    const applicant = client(t, ip);
    const refused = await applicant('/api/judges', form(true));
    expect(refused.status).toBe(429);
    expect((await refused.json()).error.message).toMatch(/^Too many photos were sent from your network/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await applicant('/api/judges', form(false))).status).toBe(201);
    expect((await client(t, '203.0.113.91')('/api/judges', form(true))).status).toBe(201);
  });

  it('are shared by every instance on the database, and spend all buckets of a request or none', async () => {
    const ip = '203.0.113.100';
    const first = client(t, ip);
    const second = createApp({ ...t.deps, env: loadEnv({ NODE_ENV: 'test', TRUST_PROXY: '1' }) });
    for (let i = 0; i < 30; i++) expect((await first('/api/contact', json(contact()))).status).toBe(201);
    const onSecond = await second.request('http://localhost/api/contact', {
      ...json(contact()),
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip },
    });
    expect(onSecond.status).toBe(429);

    const deps: Deps = t.deps;
    await spendTokens(deps, ip, [{ bucket: 'photoBytesEveryone', cost: 0 }, { bucket: 'judges', cost: 30 }]);
    await expect(spendTokens(deps, ip, [{ bucket: 'newsletter', cost: 1 }, { bucket: 'judges', cost: 1 }])).rejects.toBeInstanceOf(RateLimited);
    // The newsletter token of the refused request was given back: all 30 are still there.
    await expect(spendTokens(deps, ip, [{ bucket: 'newsletter', cost: 30 }])).resolves.toBeUndefined();
  });

  it('grant exactly what a bucket holds to spends that race, whether they share a statement or not', async () => {
    const deps: Deps = t.deps;
    const outcome = (spend: Promise<void>) =>
      spend.then(
        () => 'spent',
        (error: unknown) => (error instanceof RateLimited ? 'refused' : String(error)),
      );
    // 45 contact messages at once from one address (30 fit) beside 10 from another, and a few
    // larger spends that overflow a shared statement's sum on their own.
    const racing = [
      ...Array.from({ length: 45 }, () => outcome(spendTokens(deps, '203.0.113.120', [{ bucket: 'contact', cost: 1 }]))),
      ...Array.from({ length: 10 }, () => outcome(spendTokens(deps, '203.0.113.121', [{ bucket: 'contact', cost: 1 }]))),
      ...Array.from({ length: 4 }, () => outcome(spendTokens(deps, '203.0.113.122', [{ bucket: 'contact', cost: 12 }]))),
    ];
    const answers = await Promise.all(racing);
    const count = (from: number, to: number, what: string) => answers.slice(from, to).filter((answer) => answer === what).length;
    expect({ first: count(0, 45, 'spent'), refused: count(0, 45, 'refused') }).toEqual({ first: 30, refused: 15 });
    expect(count(45, 55, 'spent')).toBe(10);
    expect({ spent: count(55, 59, 'spent'), refused: count(55, 59, 'refused') }).toEqual({ spent: 2, refused: 2 });
  });

  it('are off with PUBLIC_WRITE_LIMIT_FACTOR=0, and grow with a larger factor', async () => {
    const ip = '203.0.113.110';
    const off: Deps = { ...t.deps, env: loadEnv({ PUBLIC_WRITE_LIMIT_FACTOR: '0' }) };
    await spendTokens(off, ip, [{ bucket: 'contact', cost: 1000 }]);
    const tenfold: Deps = { ...t.deps, env: loadEnv({ PUBLIC_WRITE_LIMIT_FACTOR: '10' }) };
    await spendTokens(tenfold, ip, [{ bucket: 'contact', cost: 300 }]);
    await expect(spendTokens(tenfold, ip, [{ bucket: 'contact', cost: 1 }])).rejects.toBeInstanceOf(RateLimited);
    expect(() => loadEnv({ PUBLIC_WRITE_LIMIT_FACTOR: '0.5' })).toThrow(/PUBLIC_WRITE_LIMIT_FACTOR/);
  });
});
