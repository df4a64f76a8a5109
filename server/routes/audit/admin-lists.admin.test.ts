import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../../../tests/setup/test-app';
import { testDatabaseKinds } from '../../../tests/setup/test-database';
import { contactMessages, judgeApplications, newsletterSubscribers } from '../../db/schema';
import { signIn, withCookie } from '../auth/sign-in-for-tests';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

type Page<T> = { items: T[]; nextCursor: string | null };

describe.each(testDatabaseKinds())('admin lists on %s', (kind) => {
  let t: TestApp;
  let cookie: string;
  const getJson = async <T>(path: string) => {
    const response = await t.request(path, withCookie(cookie));
    expect(response.status, path).toBe(200);
    return (await response.json()) as T;
  };
  /** Follows nextCursor to the end. */
  const everything = async <T extends { id: string }>(path: string) => {
    const items: T[] = [];
    let cursor: string | null = null;
    do {
      const page: Page<T> = await getJson<Page<T>>(`${path}${cursor ? `?cursor=${cursor}` : ''}`);
      items.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    return items;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    cookie = await signIn(t);
    const { db } = t.database;
    const base = Date.parse('2026-05-01T10:00:00Z');
    // 120 of each, some sharing a created_at to the microsecond, so paging must use the id too.
    await db.insert(newsletterSubscribers).values(
      Array.from({ length: 120 }, (_, i) => ({ id: uuid(i + 1), email: `parent${i}@example.com`, createdAt: new Date(base + Math.floor(i / 3) * 1000).toISOString() })),
    );
    await db.insert(newsletterSubscribers).values({ id: uuid(999), email: '=cmd|calc@example.com', createdAt: new Date(base - 1000).toISOString() });
    await db.insert(contactMessages).values(
      Array.from({ length: 70 }, (_, i) => ({
        id: uuid(i + 1), name: `Parent ${i}`, email: `p${i}@example.com`, phone: '9840012345', subject: 'Dates',
        message: 'When is level 2?', contactMethod: 'Email' as const, contentHash: 'x', createdAt: new Date(base + Math.floor(i / 2) * 1000).toISOString(),
      })),
    );
    await db.insert(judgeApplications).values([
      { id: uuid(1), name: 'Lakshmi Raman', expertise: 'Classical Dancer', experience: 12, bio: 'Bharatanatyam teacher.', photo: PNG, photoType: 'image/png', photoSize: PNG.length, contentHash: 'x' },
      { id: uuid(2), name: 'Arun Kumar', expertise: 'Western Singer', experience: 4, bio: 'Choir lead.', contentHash: 'y' },
    ]);
  });
  afterAll(() => t.close());

  it('pages newsletter subscribers newest first with no gaps or repeats', async () => {
    const items = await everything<{ id: string; email: string; createdAt: string }>('/api/newsletter');
    expect(items).toHaveLength(121);
    expect(new Set(items.map((i) => i.id)).size).toBe(121);
    expect(items[0]?.email).toBe('parent119@example.com');
    expect(items.at(-1)?.email).toBe('=cmd|calc@example.com');
    const times = items.map((i) => i.createdAt);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('exports subscribers as CSV with a BOM and neutralised formulas', async () => {
    const response = await t.request('/api/newsletter/export.csv', withCookie(cookie));
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="newsletter-subscribers-/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).trimEnd().split('\r\n');
    expect(lines[0]).toBe('"Email","Subscribed at"');
    expect(lines).toHaveLength(122);
    expect(lines.at(-1)).toMatch(/^"'=cmd\|calc@example.com",/);
  });

  it('lists contact messages and marks one handled, with an audit row', async () => {
    const items = await everything<{ id: string; handledAt: string | null }>('/api/contact');
    expect(items).toHaveLength(70);
    expect(new Set(items.map((i) => i.id)).size).toBe(70);
    const handled = await t.request(`/api/contact/${uuid(5)}`, withCookie(cookie, json({ handled: true }, 'PATCH')));
    expect(handled.status).toBe(200);
    expect(await handled.json()).toMatchObject({ message: { id: uuid(5), handledAt: expect.any(String), handledBy: 'test-admin', subject: 'Dates' } });
    const undone = await t.request(`/api/contact/${uuid(5)}`, withCookie(cookie, json({ handled: false }, 'PATCH')));
    expect(await undone.json()).toMatchObject({ message: { handledAt: null, handledBy: null } });
    expect((await t.request(`/api/contact/${uuid(5)}`, withCookie(cookie, json({ handled: 'yes' }, 'PATCH')))).status).toBe(422);
    expect((await t.request(`/api/contact/${uuid(404)}`, withCookie(cookie, json({ handled: true }, 'PATCH')))).status).toBe(404);
    const audit = await getJson<Page<{ action: string; entityId: string }>>('/api/audit');
    expect(audit.items.filter((i) => i.entityId === uuid(5)).map((i) => i.action)).toEqual(['contact.unhandled', 'contact.handled']);
  });

  it('lists judge applications and serves a photo to admins only, never cached', async () => {
    const page = await getJson<Page<{ id: string; name: string; hasPhoto: boolean; experience: number }>>('/api/judges');
    expect(page.items.map((i) => [i.name, i.hasPhoto, i.experience]).sort()).toEqual([
      ['Arun Kumar', false, 4],
      ['Lakshmi Raman', true, 12],
    ]);
    const photo = await t.request(`/api/judges/${uuid(1)}/photo`, withCookie(cookie));
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/png');
    expect(photo.headers.get('cache-control')).toBe('private, no-store');
    expect(new Uint8Array(await photo.arrayBuffer())).toEqual(PNG);
    expect((await t.request(`/api/judges/${uuid(2)}/photo`, withCookie(cookie))).status).toBe(404);
    expect((await t.request(`/api/judges/${uuid(1)}/photo`)).status).toBe(401);
  });

  it('rejects a malformed cursor with 400', async () => {
    for (const path of ['/api/newsletter', '/api/contact', '/api/judges', '/api/audit']) {
      expect((await t.request(`${path}?cursor=abc`, withCookie(cookie))).status).toBe(400);
    }
  });

  it('pages the audit log', async () => {
    await t.database.rows(sql`insert into audit_log (admin_username, action, created_at) select 'x', 'login', now() - (g || ' seconds')::interval from generate_series(1, 130) g`);
    const items = await everything<{ id: string }>('/api/audit');
    expect(new Set(items.map((i) => i.id)).size).toBe(items.length);
    expect(items.length).toBeGreaterThanOrEqual(130);
  });
});
