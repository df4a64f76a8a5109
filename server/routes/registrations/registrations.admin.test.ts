import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, json, type TestApp } from '../../../tests/setup/test-app';
import { testDatabaseKinds } from '../../../tests/setup/test-database';
import { generateRegistrations, insertRegistrations, seededRandom, type SeedRow } from '../../cli/seed-registrations';
import { signIn, withCookie } from '../auth/sign-in-for-tests';
import type { AdminRegistration } from '../../db/stores/registration-row';

type ListBody = { items: AdminRegistration[]; total: number; filtered: number; nextCursor: string | null };

const SORT_KEY: Record<string, (r: SeedRow | AdminRegistration) => string | number> = {
  name: (r) => (r.name ?? '').toLowerCase(),
  age: (r) => (r.age === null ? -1 : r.ageUnit === 'years' ? r.age * 12 : r.age),
  email: (r) => r.email.toLowerCase(),
  phone: (r) => r.phone,
  city: (r) => r.city.toLowerCase(),
  institute: (r) => (r.instituteName ?? '').toLowerCase(),
  categories: (r) => r.categories.join(','),
};

function searchText(r: SeedRow): string {
  return [r.name ?? '', r.email, r.phone, r.city, r.instituteName ?? '', r.referenceCode].join(' ').toLowerCase();
}

describe.each(testDatabaseKinds())('admin registrations API on %s', (kind) => {
  let t: TestApp;
  let cookie: string;
  let rows: SeedRow[];
  let live: SeedRow[];
  let deletedId: string;
  const get = async (path: string) => {
    const response = await t.request(path, withCookie(cookie));
    expect(response.status, path).toBe(200);
    return (await response.json()) as ListBody;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    cookie = await signIn(t);
    rows = generateRegistrations(240, seededRandom(7), Date.parse('2026-06-01T00:00:00Z'));
    // Rows a spreadsheet must not run, and an exact duplicate pair in an overlapping category.
    const base = rows[0] as SeedRow;
    rows.push(
      { ...base, id: '00000000-0000-4000-8000-000000000001', referenceCode: 'KTC-0000-0001', type: 'participant', name: '=HYPERLINK("http://x.example","click")', age: 7, ageUnit: 'years', instituteName: '@SUM(A1)', categories: ['dance'], city: '-Chennai' },
      { ...base, id: '00000000-0000-4000-8000-000000000002', referenceCode: 'KTC-0000-0002', type: 'participant', name: 'Twin Check', age: 8, ageUnit: 'years', phone: '+919000000001', instituteName: null, categories: ['dance', 'yoga'], city: 'Adyar' },
      { ...base, id: '00000000-0000-4000-8000-000000000003', referenceCode: 'KTC-0000-0003', type: 'participant', name: '  twin   CHECK ', age: 8, ageUnit: 'years', phone: '9000000001', instituteName: null, categories: ['yoga'], city: 'Adyar' },
      { ...base, id: '00000000-0000-4000-8000-000000000004', referenceCode: 'KTC-0000-0004', type: 'participant', name: 'Twin Check', age: 8, ageUnit: 'years', phone: '9000000001', instituteName: null, categories: ['singing'], city: 'Adyar' },
    );
    expect(await insertRegistrations(t.database, rows)).toBe(rows.length);
    deletedId = (rows[5] as SeedRow).id;
    await t.database.rows(sql`update registrations set deleted_at = now() where id = ${deletedId}::uuid`);
    live = rows.filter((r) => r.id !== deletedId);
  });
  afterAll(() => t.close());

  it('answers the first page sorted by name, with total and filtered counted on the server', async () => {
    const body = await get('/api/registrations');
    expect(body.total).toBe(live.length);
    expect(body.filtered).toBe(live.length);
    expect(body.items).toHaveLength(50);
    expect(body.nextCursor).toEqual(expect.any(String));
    const names = body.items.map((r) => (r.name ?? '').toLowerCase());
    expect(names).toEqual([...names].sort());
    expect(body.items[0]).toMatchObject({ deletedAt: null, possibleDuplicate: expect.any(Boolean), version: 1 });
    expect(body.items[0]?.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  for (const sort of Object.keys(SORT_KEY)) {
    for (const dir of ['asc', 'desc'] as const) {
      it(`pages through every live row by ${sort} ${dir} with no gaps, repeats or deleted rows`, async () => {
        const seen: AdminRegistration[] = [];
        let cursor: string | null = null;
        let pages = 0;
        do {
          const query: string = `sort=${sort}&dir=${dir}&limit=37${cursor ? `&cursor=${cursor}` : ''}`;
          const body = await get(`/api/registrations?${query}`);
          expect(body.total).toBe(live.length);
          seen.push(...body.items);
          cursor = body.nextCursor;
          pages++;
        } while (cursor && pages < 50);
        const ids = seen.map((r) => r.id);
        expect(new Set(ids).size).toBe(ids.length);
        expect(new Set(ids)).toEqual(new Set(live.map((r) => r.id)));
        const key = SORT_KEY[sort] as (r: AdminRegistration) => string | number;
        for (let i = 1; i < seen.length; i++) {
          const a = key(seen[i - 1] as AdminRegistration);
          const b = key(seen[i] as AdminRegistration);
          if (sort === 'categories') continue; // array order, checked by completeness above
          if (dir === 'asc') expect(a <= b, `${String(a)} then ${String(b)}`).toBe(true);
          else expect(a >= b, `${String(a)} then ${String(b)}`).toBe(true);
        }
      });
    }
  }

  it('searches every column and the reference code with words of 3+ letters', async () => {
    const target = live[17] as SeedRow;
    // "tambaram" is also a valid Crockford code body: it must still match the city.
    for (const q of ['chennai', 'Tambaram', 'example.in', (target.referenceCode).toLowerCase(), target.phone.slice(-6)]) {
      const expected = live.filter((r) => searchText(r).includes(q.toLowerCase()));
      expect(expected.length, q).toBeGreaterThan(0);
      const body = await get(`/api/registrations?q=${encodeURIComponent(q)}&limit=200`);
      expect(body.filtered, q).toBe(expected.length);
      expect(new Set(body.items.map((r) => r.id))).toEqual(new Set(expected.slice(0, 200).map((r) => r.id)));
    }
    const byCode = await get(`/api/registrations?q=${target.referenceCode.replace(/-/g, '').toLowerCase()}`);
    expect(byCode.items.map((r) => r.id)).toContain(target.id);
  });

  it('matches one- and two-letter words at the start of name, email, city or institute', async () => {
    for (const q of ['a', 'Ve', 'k']) {
      const p = q.toLowerCase();
      const expected = live.filter((r) =>
        [r.name ?? '', r.email, r.city, r.instituteName ?? ''].some((v) => v.toLowerCase().startsWith(p)),
      );
      const body = await get(`/api/registrations?q=${q}&limit=200`);
      expect(body.filtered, q).toBe(expected.length);
      expect(expected.length).toBeGreaterThan(0);
    }
  });

  it('treats % and _ in a search as plain characters', async () => {
    expect((await get('/api/registrations?q=%25%25%25')).filtered).toBe(0);
    expect((await get('/api/registrations?q=___')).filtered).toBe(0);
  });

  it('filters by category and city, and counts the match', async () => {
    const expected = live.filter((r) => r.categories.includes('yoga') && r.city.toLowerCase() === 'adyar');
    const body = await get('/api/registrations?category=yoga&city=adyar&limit=200');
    expect(body.filtered).toBe(expected.length);
    expect(body.total).toBe(live.length);
    expect(new Set(body.items.map((r) => r.id))).toEqual(new Set(expected.map((r) => r.id)));
  });

  it('lists the cities from the data', async () => {
    const response = await t.request('/api/registrations/cities', withCookie(cookie));
    const { cities } = (await response.json()) as { cities: string[] };
    const expected = new Set(live.map((r) => r.city.toLowerCase()));
    expect(new Set(cities.map((c) => c.toLowerCase()))).toEqual(expected);
    expect(cities.length).toBe(expected.size);
  });

  it('flags possible duplicates and can show only them', async () => {
    const body = await get('/api/registrations?duplicates=1&limit=200');
    const ids = body.items.map((r) => r.id);
    expect(ids).toEqual(expect.arrayContaining(['00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000003']));
    // Same child and phone, but no shared category: not a duplicate of the other two.
    expect(ids).not.toContain('00000000-0000-4000-8000-000000000004');
    expect(body.items.every((r) => r.possibleDuplicate)).toBe(true);
    expect(body.filtered).toBe(body.items.length);
    const single = await t.request('/api/registrations/00000000-0000-4000-8000-000000000004', withCookie(cookie));
    expect(((await single.json()) as { registration: AdminRegistration }).registration.possibleDuplicate).toBe(false);
  });

  it('rejects a bad sort, limit or cursor with 422 or 400, never 500', async () => {
    expect((await t.request('/api/registrations?sort=password', withCookie(cookie))).status).toBe(422);
    expect((await t.request('/api/registrations?limit=5000', withCookie(cookie))).status).toBe(422);
    expect((await t.request('/api/registrations?cursor=not-a-cursor', withCookie(cookie))).status).toBe(400);
    const first = await get('/api/registrations?sort=age');
    expect((await t.request(`/api/registrations?sort=name&cursor=${first.nextCursor}`, withCookie(cookie))).status).toBe(400);
  });

  it('edits with the shared schema, bumps the version, and answers a stale edit with 409 and the current copy', async () => {
    const id = (live[30] as SeedRow).id;
    const { registration } = (await (await t.request(`/api/registrations/${id}`, withCookie(cookie))).json()) as { registration: AdminRegistration };
    const edit = {
      type: 'participant',
      name: 'Edited Child',
      age: 9,
      email: 'edited@example.com',
      phone: '98400 12345',
      city: 'Mylapore',
      instituteName: '',
      categories: ['singing', 'dance'],
      version: registration.version,
    };
    const saved = await t.request(`/api/registrations/${id}`, withCookie(cookie, json(edit, 'PUT')));
    expect(saved.status).toBe(200);
    const after = ((await saved.json()) as { registration: AdminRegistration }).registration;
    expect(after).toMatchObject({ name: 'Edited Child', phone: '9840012345', categories: ['dance', 'singing'], version: registration.version + 1 });
    expect(after.updatedAt > registration.updatedAt).toBe(true);

    const stale = await t.request(`/api/registrations/${id}`, withCookie(cookie, json({ ...edit, name: 'Someone Else' }, 'PUT')));
    expect(stale.status).toBe(409);
    const conflict = (await stale.json()) as { error: { code: string; message: string; current: AdminRegistration } };
    expect(conflict.error.code).toBe('conflict');
    expect(conflict.error.message).toMatch(/changed this registration/);
    expect(conflict.error.current).toMatchObject({ name: 'Edited Child', version: registration.version + 1 });

    const invalid = await t.request(`/api/registrations/${id}`, withCookie(cookie, json({ ...edit, age: 40, version: after.version }, 'PUT')));
    expect(invalid.status).toBe(422);
    expect(await invalid.json()).toMatchObject({ error: { fields: { age: expect.any(String) } } });

    const audit = (await (await t.request('/api/audit', withCookie(cookie))).json()) as { items: { action: string; entityId: string; changes: Record<string, { from: unknown; to: unknown }> }[] };
    const entry = audit.items.find((i) => i.action === 'registration.update' && i.entityId === id);
    expect(entry?.changes.name).toEqual({ from: registration.name, to: 'Edited Child' });
    expect(entry?.changes).not.toHaveProperty('type');
  });

  it('soft-deletes and restores, leaving lists, counts and exports without the deleted row', async () => {
    const id = (live[40] as SeedRow).id;
    const deleted = await t.request(`/api/registrations/${id}`, withCookie(cookie, { method: 'DELETE' }));
    expect(deleted.status).toBe(200);
    expect(((await deleted.json()) as { registration: AdminRegistration }).registration.deletedAt).toEqual(expect.any(String));
    const list = await get(`/api/registrations?q=${(live[40] as SeedRow).referenceCode}`);
    expect(list.items).toEqual([]);
    expect((await get('/api/registrations')).total).toBe(live.length - 1);
    const csv = await (await t.request('/api/registrations/export.csv', withCookie(cookie))).text();
    expect(csv).not.toContain((live[40] as SeedRow).referenceCode);

    const restored = await t.request(`/api/registrations/${id}/restore`, withCookie(cookie, { method: 'POST' }));
    expect(restored.status).toBe(200);
    expect(((await restored.json()) as { registration: AdminRegistration }).registration.deletedAt).toBeNull();
    expect((await get('/api/registrations')).total).toBe(live.length);

    const actions = ((await (await t.request('/api/audit', withCookie(cookie))).json()) as { items: { action: string; entityId: string }[] }).items
      .filter((i) => i.entityId === id)
      .map((i) => i.action);
    expect(actions).toEqual(['registration.restore', 'registration.delete']);
    expect((await t.request('/api/registrations/00000000-0000-4000-8000-00000000ffff', withCookie(cookie, { method: 'DELETE' }))).status).toBe(404);
    expect((await t.request('/api/registrations/not-a-uuid', withCookie(cookie))).status).toBe(404);
  });

  it('exports the current filter as a streamed CSV with BOM, header and neutralised formulas', async () => {
    const response = await t.request('/api/registrations/export.csv?q=hyperlink', withCookie(cookie));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv; charset=utf-8/);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="registrations-\d{4}-\d\d-\d\d\.csv"$/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    const lines = text.trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^"Reference","Type","Name","Age"/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://x.example"",""click"")"`);
    expect(lines[1]).toContain(`"'@SUM(A1)"`);
    expect(lines[1]).toContain(`"'-Chennai"`);
    expect(lines[1]).toContain(`"Dance Challenge"`);

    const all = await (await t.request('/api/registrations/export.csv', withCookie(cookie))).text();
    expect(all.trimEnd().split('\r\n')).toHaveLength(live.length + 1);
  });

  it('keeps the trigger-maintained counters equal to a full count after every kind of write', async () => {
    const check = async () => {
      const [stats] = await t.database.rows<{ live: number; actual: number }>(sql`
        select (select live from registration_stats where id = 1) as live,
               (select count(*)::int from registrations where deleted_at is null) as actual`);
      expect(Number(stats?.live)).toBe(Number(stats?.actual));
      const mismatches = await t.database.rows(sql`
        with actual as (
          select duplicate_key, count(*)::int as n from registrations
          where deleted_at is null and duplicate_key is not null group by duplicate_key
        )
        select coalesce(a.duplicate_key, k.duplicate_key) as key, a.n, k.live from actual a
        full join registration_duplicate_keys k on k.duplicate_key = a.duplicate_key
        where coalesce(a.n, 0) <> coalesce(k.live, 0)`);
      expect(mismatches).toEqual([]);
    };
    await check();
    // A bulk edit that makes new duplicates, a bulk soft delete, a restore, a hard delete, new rows.
    await t.database.rows(sql`update registrations set name = 'Same Child', phone = '9000000009' where id in (select id from registrations where type = 'participant' order by id desc offset 20 limit 6)`);
    await check();
    await t.database.rows(sql`update registrations set deleted_at = now() where id in (select id from registrations order by id desc limit 10)`);
    await check();
    await t.database.rows(sql`update registrations set deleted_at = null where id in (select id from registrations where deleted_at is not null order by id limit 3)`);
    await check();
    await t.database.rows(sql`delete from registrations where id in (select id from registrations order by reference_code desc limit 4)`);
    await check();
    await insertRegistrations(t.database, generateRegistrations(30, seededRandom(99)));
    await check();
    const listed = await get('/api/registrations?duplicates=1&limit=200');
    expect(listed.items.filter((r) => r.name === 'Same Child').length).toBeGreaterThanOrEqual(2);
  });

  it('keeps the legacy list and delete paths, behind the session', async () => {
    const response = await t.request('/api/users', withCookie(cookie));
    expect(response.status).toBe(200);
    const list = (await response.json()) as { id: string; name: string; categories: string; instituteName: string }[];
    const before = (await get('/api/registrations')).total;
    expect(list).toHaveLength(before);
    const twin = list.find((r) => r.id === '00000000-0000-4000-8000-000000000002');
    expect(twin).toEqual({ id: twin?.id, name: 'Twin Check', age: 8, email: expect.any(String), phone: '+919000000001', city: 'Adyar', instituteName: '', categories: 'Dance Challenge, Yoga Competition' });
    const gone = await t.request('/api/users/deleteuser/00000000-0000-4000-8000-000000000004', withCookie(cookie, { method: 'PUT' }));
    expect(gone.status).toBe(200);
    expect(await gone.json()).toEqual({ ok: true });
    expect((await get('/api/registrations')).total).toBe(before - 1);
  });
});
