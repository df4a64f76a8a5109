import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { VitalsReportInput } from '@domain/vitals-report';
import { testEnv, useTestApp, type TestApp } from '../../../tests/setup/test-app';
import { testDatabaseKinds } from '../../../tests/setup/test-database';
import { signIn, signInStaff, withCookie } from '../auth/sign-in-for-tests';
import { pruneVitals } from '../../db/stores/vitals-store';

const DAY = 24 * 3_600_000;

/** As navigator.sendBeacon sends a string: text/plain, with the page's Origin and no X-Requested-With. */
function beacon(t: TestApp, body: unknown, headers: Record<string, string> = {}) {
  return t.request('/api/vitals', {
    method: 'POST',
    headers: { 'Content-Type': 'text/plain;charset=UTF-8', 'X-Requested-With': '', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const report = (changes: Partial<VitalsReportInput> = {}): VitalsReportInput => ({
  page: '/about',
  lang: 'en',
  navigationType: 'navigate',
  metrics: [
    { name: 'LCP', value: 1234.5 },
    { name: 'CLS', value: 0.02 },
  ],
  ...changes,
});

async function storedRows(t: TestApp) {
  return t.database.rows<{ metric: string; page: string; lang: string; value: number; navigation_type: string | null }>(
    sql`select metric, page, lang, value, navigation_type from web_vitals order by id`,
  );
}

describe.each(testDatabaseKinds())('POST /api/vitals on %s', (kind) => {
  const clock = { now: new Date('2027-03-01T04:30:00Z') };
  // Many reports from one test address: the flood has its own suite below.
  const t = useTestApp(kind, { env: testEnv({ PUBLIC_WRITE_LIMIT_FACTOR: '0', VITALS_SAMPLE_RATE: '1' }), now: () => clock.now });

  it('tells the page to measure every view when the sample rate is 1, cacheable and without a cookie', async () => {
    const response = await t.request('/api/vitals/config');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ enabled: true, sampleRate: 1 });
    expect(response.headers.get('cache-control')).toBe('public, max-age=600');
    expect(response.headers.get('set-cookie')).toBeNull();
  });

  it('stores a beacon’s metrics with the page’s pattern and language, and nothing about the sender', async () => {
    await t.database.rows(sql`delete from web_vitals returning id`);
    const response = await beacon(t, report({ page: '/ta/my/Zx9-secret-token_abc?utm=1#top', lang: 'ta' }), {
      'User-Agent': 'Mozilla/5.0 (Linux; Android 14) UniqueBrowser/1.2',
      'X-Forwarded-For': '203.0.113.9',
      Cookie: 'ktc_session=abc',
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(await storedRows(t)).toEqual([
      { metric: 'LCP', page: '/my/:token', lang: 'ta', value: 1234.5, navigation_type: 'navigate' },
      { metric: 'CLS', page: '/my/:token', lang: 'ta', value: 0.02, navigation_type: 'navigate' },
    ]);
    const columns = await t.database.rows<{ name: string }>(
      sql`select column_name as name from information_schema.columns where table_name = 'web_vitals' order by ordinal_position`,
    );
    expect(columns.map((c) => c.name)).toEqual(['id', 'metric', 'page', 'lang', 'value', 'navigation_type', 'recorded_at']);
    const dump = JSON.stringify(await t.database.rows(sql`select * from web_vitals`));
    for (const secret of ['203.0.113.9', 'UniqueBrowser', 'Zx9-secret-token', 'utm', 'abc']) expect(dump).not.toContain(secret);
  });

  it('keeps known pages, collapses ids and unknown paths, and takes application/json too', async () => {
    await t.database.rows(sql`delete from web_vitals returning id`);
    const pages = ['/', '/contest/art', '/contest/Dance', '/contest/no-such-contest', '/verify/ABCDEFGHJKMNPQRS', '/some/where/else', 'about'];
    for (const page of pages) expect((await beacon(t, report({ page, metrics: [{ name: 'TTFB', value: 80 }] }))).status).toBe(204);
    const asJson = await beacon(t, report({ page: '/faq/', metrics: [{ name: 'INP', value: 64 }] }), { 'Content-Type': 'application/json' });
    expect(asJson.status).toBe(204);
    expect((await storedRows(t)).map((row) => row.page)).toEqual([
      '/',
      '/contest/art',
      '/contest/dance',
      '/contest/:slug',
      '/verify/:id',
      '/other',
      '/other',
      '/faq',
    ]);
  });

  it('refuses junk with a 4xx and a clear JSON error, and stores none of it', async () => {
    await t.database.rows(sql`delete from web_vitals returning id`);
    const refusals: [unknown, number, RegExp | null][] = [
      [report({ metrics: [{ name: 'FID' as 'LCP', value: 10 }] }), 422, /LCP, INP, CLS, FCP or TTFB/],
      [report({ metrics: [{ name: 'LCP', value: -1 }] }), 422, /cannot be negative/],
      [report({ metrics: [{ name: 'LCP', value: 'NaN' as unknown as number }] }), 422, /must be a number/],
      [report({ metrics: [{ name: 'CLS', value: 11 }] }), 422, /beyond any real page load/],
      [report({ metrics: [{ name: 'LCP', value: 120_001 }] }), 422, /beyond any real page load/],
      [report({ metrics: [] }), 422, /at least one/],
      [report({ metrics: [{ name: 'LCP', value: 1 }, { name: 'LCP', value: 2 }] }), 422, /one value per metric/],
      [report({ page: '/admin/registrations' }), 422, /Staff pages/],
      [report({ page: '/venue' }), 422, /Staff pages/],
      [report({ lang: 'fr' as 'en' }), 422, /en or ta/],
      [{ ...report(), visitorId: 'abc' }, 422, null],
      ['{"page": "/", ', 400, /not valid JSON/],
      ['[1, 2, 3]', 422, null],
    ];
    for (const [body, status, message] of refusals) {
      const response = await beacon(t, body);
      expect(response.status, JSON.stringify(body)).toBe(status);
      const answer = (await response.json()) as { error: { code: string; message: string; fields?: Record<string, string> } };
      if (message) expect(JSON.stringify(answer.error), JSON.stringify(body)).toMatch(message);
    }
    const huge = await beacon(t, report({ page: `/${'x'.repeat(5000)}` }));
    expect(huge.status).toBe(413);
    expect((await huge.json()).error.code).toBe('payload_too_large');
    const form = await t.request('/api/vitals', { method: 'POST', body: new URLSearchParams({ page: '/' }) });
    expect(form.status).toBe(415);
    expect(await storedRows(t)).toEqual([]);
  });

  it('refuses a report posted from another site or with no Origin (a form on another site can post text/plain)', async () => {
    await t.database.rows(sql`delete from web_vitals returning id`);
    const foreign = await beacon(t, report(), { Origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect((await foreign.json()).error.message).toMatch(/only from the pages of this site/);
    const noOrigin = await t.app.request('http://localhost/api/vitals', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain', Host: 'localhost' },
      body: JSON.stringify(report()),
    });
    expect(noOrigin.status).toBe(403);
    expect(await storedRows(t)).toEqual([]);
  });

  it('answers the admin the p75 of each metric per page and language, rated, for 7 and 28 days', async () => {
    await t.database.rows(sql`delete from web_vitals returning id`);
    const admin = await signIn(t);
    // Four views of /about in English now: LCP 1000..4000 (p75 3250, needs improvement), CLS 0..0.3.
    for (const [i, lcp] of [1000, 2000, 3000, 4000].entries()) {
      expect((await beacon(t, report({ metrics: [{ name: 'LCP', value: lcp }, { name: 'CLS', value: i * 0.1 }] }))).status).toBe(204);
    }
    // One Tamil view of the home page ten days ago: in the 28 days, not the 7.
    const now = clock.now;
    clock.now = new Date(now.getTime() - 10 * DAY);
    await beacon(t, report({ page: '/ta/', lang: 'ta', metrics: [{ name: 'INP', value: 600 }] }));
    clock.now = now;

    const week = await t.request('/api/overview/vitals?days=7', withCookie(admin));
    expect(week.status).toBe(200);
    const weekBody = await week.json();
    expect(weekBody).toEqual({
      days: 7,
      rows: [
        {
          page: '/about',
          lang: 'en',
          samples: 4,
          metrics: {
            LCP: { p75: 3250, samples: 4, rating: 'needs-improvement' },
            CLS: { p75: expect.closeTo(0.225, 9), samples: 4, rating: 'needs-improvement' },
          },
        },
      ],
    });
    const month = await (await t.request('/api/overview/vitals?days=28', withCookie(admin))).json();
    expect(month.rows).toHaveLength(2);
    expect(month.rows[1]).toEqual({ page: '/', lang: 'ta', samples: 1, metrics: { INP: { p75: 600, samples: 1, rating: 'poor' } } });

    expect((await t.request('/api/overview/vitals?days=5', withCookie(admin))).status).toBe(422);
    expect((await t.request('/api/overview/vitals?days=7')).status).toBe(401);
    const staff = await signInStaff(t);
    expect((await t.request('/api/overview/vitals?days=7', withCookie(staff))).status).toBe(403);
  });

  it('deletes reports older than 35 days and keeps the rest', async () => {
    await t.database.rows(sql`delete from web_vitals returning id`);
    await beacon(t, report());
    await t.database.rows(sql`update web_vitals set recorded_at = ${new Date(clock.now.getTime() - 36 * DAY).toISOString()}::timestamptz where metric = 'LCP' returning id`);
    expect(await pruneVitals(t.database, clock.now)).toBe(1);
    expect((await storedRows(t)).map((row) => row.metric)).toEqual(['CLS']);
  });
});

describe.each(testDatabaseKinds())('POST /api/vitals limits on %s', (kind) => {
  const t = useTestApp(kind, { env: testEnv({ PUBLIC_WRITE_LIMIT_FACTOR: '1' }) });

  it('answers 429 with Retry-After once one address has sent 60 reports in a burst', async () => {
    for (let i = 0; i < 60; i++) expect((await beacon(t, report())).status).toBe(204);
    const refused = await beacon(t, report());
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await refused.json()).error.message).toMatch(/Too many speed reports/);
    const [row] = await t.database.rows<{ n: number | string }>(sql`select count(*) as n from web_vitals`);
    expect(Number(row?.n)).toBe(120);
  });
});

describe.each(testDatabaseKinds())('POST /api/vitals switched off on %s', (kind) => {
  const t = useTestApp(kind, { env: testEnv({ VITALS: 'off' }) });

  it('tells pages not to measure, and drops a report that still arrives', async () => {
    expect(await (await t.request('/api/vitals/config')).json()).toEqual({ enabled: false, sampleRate: 0 });
    expect((await beacon(t, report())).status).toBe(204);
    expect(await storedRows(t)).toEqual([]);
  });
});
