import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Overview } from '@domain/overview';
import { createFamilyHarness, IN_SEASON, type FamilyHarness } from '../../../tests/setup/family-harness';
import { childRegistration, instituteRegistration } from '../../../tests/setup/registration-fixtures';
import { json } from '../../../tests/setup/test-app';
import { testDatabaseKinds } from '../../../tests/setup/test-database';
import { signIn, withCookie } from '../auth/sign-in-for-tests';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe.each(testDatabaseKinds())('the season overview and read audit on %s', (kind) => {
  let h: FamilyHarness;
  let cookie: string;
  const admin = (path: string, init: RequestInit = {}) => h.t.request(path, withCookie(cookie, init));

  /**
   * Registers through the API, then dates the row to `at` (created_at is the database's clock)
   * and its device save `delayHours` earlier (the API's own handling of savedAt is tested below).
   */
  async function registerAt(at: Date, input: ReturnType<typeof childRegistration>, delayHours?: number) {
    h.clock.now = at;
    const response = await h.t.request('/api/registrations', json(input));
    expect(response.status).toBe(201);
    const savedAt = delayHours === undefined ? null : new Date(at.getTime() - delayHours * HOUR).toISOString();
    await h.t.database.rows(
      sql`update registrations set created_at = ${at.toISOString()}::timestamptz, device_saved_at = ${savedAt}::timestamptz where id = ${input.id}::uuid`,
    );
  }

  beforeAll(async () => {
    h = await createFamilyHarness(kind, { env: { PUBLIC_WRITE_LIMIT_FACTOR: '0' } });
    const day1 = IN_SEASON; // 1 March 2027, 10:00 in Chennai
    const day2 = new Date(IN_SEASON.getTime() + DAY);
    // Eleven cities: the top ten, then one in "the rest".
    const cities = ['Chennai', 'Chennai', 'chennai', 'Madurai', 'Madurai', 'Salem', 'Erode', 'Vellore', 'Trichy', 'Karur', 'Hosur', 'Ooty', 'Namakkal', 'Theni'];
    for (const [i, city] of cities.entries()) await registerAt(day1, childRegistration({ city, categories: i % 2 ? ['dance'] : ['dance', 'yoga'] }), i < 4 ? 1 : undefined);
    await registerAt(day2, instituteRegistration({ city: 'Chennai' }), 30);
    await registerAt(day2, childRegistration({ age: 6, categories: ['crawling'], city: 'Chennai' }), 50);
    await registerAt(day2, childRegistration({ age: 6, categories: ['crawling'], city: 'Chennai' }), 2);
    await registerAt(day2, childRegistration({ age: 12, categories: ['fastest-walking'], city: 'Chennai' }));
    h.clock.now = new Date(IN_SEASON.getTime() + 2 * DAY);
    cookie = await signIn(h.t);
  });
  afterAll(() => h.close());

  it('counts per day, category, city (top ten and the rest), type and baby age', async () => {
    const response = await admin('/api/overview');
    expect(response.status).toBe(200);
    const o = (await response.json()) as Overview;
    expect(o.total).toBe(18);
    expect(o.perDay).toEqual([
      { day: '2027-03-01', count: 14 },
      { day: '2027-03-02', count: 4 },
    ]);
    expect(o.perCategory.find((c) => c.category === 'dance')?.count).toBe(14);
    expect(o.perCategory.find((c) => c.category === 'yoga')?.count).toBe(7);
    expect(o.perCategory.find((c) => c.category === 'crawling')?.count).toBe(2);
    expect(o.perCategory).toHaveLength(12);
    expect(o.perCity[0]).toEqual({ city: 'Chennai', count: 7 });
    expect(o.perCity[1]).toEqual({ city: 'Madurai', count: 2 });
    expect(o.perCity).toHaveLength(10);
    expect(o.otherCities).toEqual({ cities: 1, count: 1 });
    expect(o.perType).toEqual([
      { type: 'participant', count: 17 },
      { type: 'institute', count: 1 },
    ]);
    expect(o.babyAges.filter((b) => b.count > 0)).toEqual([
      { category: 'crawling', months: 6, count: 2 },
      { category: 'fastest-walking', months: 12, count: 1 },
    ]);
    expect(o.babyAges.filter((b) => b.category === 'crawling').map((b) => b.months)).toEqual([5, 6, 7, 8, 9]);
  });

  it('measures field health from the time the device saved each record', async () => {
    const o = (await (await admin('/api/overview')).json()) as Overview;
    // Median and worst come from a log-scale histogram: within 7% of the true delays.
    const near = (seconds: number) => expect.toSatisfy((v: number) => Math.abs(v - seconds) <= seconds * 0.07);
    expect(o.fieldHealth).toEqual([
      { day: '2027-03-01', records: 4, medianSeconds: near(3600), worstSeconds: near(3600), overADay: 0 },
      { day: '2027-03-02', records: 3, medianSeconds: near(30 * 3600), worstSeconds: near(50 * 3600), overADay: 2 },
    ]);
    expect(o.lateRecords).toBe(2);
  });

  it('filters the table the way a bar click asks: by day, type, city and baby age', async () => {
    const count = async (query: string) => ((await (await admin(`/api/registrations?${query}`)).json()) as { filtered: number }).filtered;
    expect(await count('day=2027-03-02')).toBe(4);
    expect(await count('day=2027-03-01&category=yoga')).toBe(7);
    expect(await count('type=institute')).toBe(1);
    expect(await count('category=crawling&ageMonths=6')).toBe(2);
    expect(await count('city=CHENNAI')).toBe(7);
    expect((await admin('/api/registrations?day=2027-13-45')).status).toBe(422);
  });

  it('logs every list view with its filters, every export with its row count, every detail view', async () => {
    const page = (await (await admin('/api/registrations?category=crawling&ageMonths=6')).json()) as { items: { id: string }[] };
    const csv = await (await admin('/api/registrations/export.csv?day=2027-03-02')).text();
    expect(csv.trim().split('\n')).toHaveLength(5);
    const id = page.items[0]?.id ?? '';
    expect((await admin(`/api/registrations/${id}`)).status).toBe(200);
    const reads = (await (await admin('/api/audit?kind=read')).json()) as {
      items: { action: string; adminUsername: string; ip: string | null; changes: Record<string, unknown>; entityId: string | null; createdAt: string }[];
    };
    const [detail, exported, listed] = reads.items;
    expect(detail).toMatchObject({ action: 'read.registration.detail', entityId: id, adminUsername: 'test-admin' });
    expect(exported).toMatchObject({ action: 'read.registrations.export', changes: { filters: { day: '2027-03-02' }, rows: 4, complete: true } });
    expect(listed).toMatchObject({ action: 'read.registrations.list', changes: { filters: { category: 'crawling', ageMonths: 6 }, rows: 2 } });
    expect(listed?.createdAt).toBe(h.clock.now.toISOString());
  });

  it('stores when the device saved a record, never later than its arrival, ignoring nonsense', async () => {
    const stored = async (savedAt: unknown) => {
      const input = childRegistration();
      expect((await h.t.request('/api/registrations', json({ ...input, savedAt }))).status).toBe(201);
      const [row] = await h.t.database.rows<{ saved: string | null; late: boolean | null }>(
        sql`select device_saved_at::text as saved, device_saved_at <= created_at as late from registrations where id = ${input.id}::uuid`,
      );
      return row;
    };
    h.clock.now = new Date();
    const twoHoursAgo = new Date(Date.now() - 2 * HOUR);
    const row = await stored(twoHoursAgo.toISOString());
    expect(row?.late).toBe(true);
    expect(new Date(row?.saved ?? 0).getTime()).toBe(twoHoursAgo.getTime());
    expect((await stored(new Date(Date.now() + DAY).toISOString()))?.late).toBe(true);
    expect((await stored('yesterday'))?.saved).toBeNull();
    expect((await stored(42))?.saved).toBeNull();
    // In a batch too, and the same record replayed with another savedAt is still a duplicate.
    const input = childRegistration();
    const batch = await h.t.request('/api/registrations/batch', json({ registrations: [{ ...input, savedAt: twoHoursAgo.toISOString() }] }));
    expect(((await batch.json()) as { results: { status: string }[] }).results[0]?.status).toBe('created');
    const replay = await h.t.request('/api/registrations', json({ ...input, savedAt: new Date().toISOString() }));
    expect(replay.status).toBe(200);
    h.clock.now = new Date(IN_SEASON.getTime() + 2 * DAY);
    cookie = await signIn(h.t);
  });

  it('is for admins only', async () => {
    expect((await h.t.request('/api/overview')).status).toBe(401);
    expect((await h.t.request('/api/retention')).status).toBe(401);
  });
});
