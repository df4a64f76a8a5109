import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entries } from '../../db/schema';
import { entryFilesOf } from '../../entries/entry-files';
import { IN_SEASON, useFamilyHarness } from '../../../tests/setup/family-harness';
import { readyPhotoEntry } from '../../../tests/setup/judging-fixtures';
import { childRegistration } from '../../../tests/setup/registration-fixtures';
import { testDatabaseKinds } from '../../../tests/setup/test-database';

type Page = { entries: { id: string; referenceCode: string }[]; nextCursor: string | null; total: number };
type Missing = { entries: { id: string; referenceCode: string; category: string; levelId: string; missingFiles: number }[] };

describe.each(testDatabaseKinds())('the admins’ entries on %s', (kind) => {
  const entriesDir = mkdtempSync(join(tmpdir(), 'ktc-entries-admin-'));
  afterAll(() => rmSync(entriesDir, { recursive: true, force: true }));
  const h = useFamilyHarness(kind, { env: { ENTRIES_DIR: entriesDir } });
  const SENT = 2_001;
  let dance: string[] = [];

  beforeAll(async () => {
    h.clock.now = IN_SEASON;
    const { input } = await h.register(childRegistration({ categories: ['dance', 'drawing'] }));
    const [registration] = await h.t.database.rows<{ id: string }>(sql`select id::text as id from registrations where reference_code = ${input.referenceCode}`);
    // Ten entries share each instant, so the pages must order by the id too to skip none.
    const rows = Array.from({ length: SENT }, (_, index) => ({
      id: randomUUID(),
      registrationId: registration!.id,
      category: 'dance',
      levelId: 'level1' as const,
      kind: 'video' as const,
      fileCount: 1,
      createdAt: new Date(IN_SEASON.getTime() - Math.floor(index / 10) * 1000).toISOString(),
    }));
    for (let at = 0; at < rows.length; at += 500) await h.t.deps.database.db.insert(entries).values(rows.slice(at, at + 500));
    dance = rows.map((row) => row.id);
  }, 120_000);

  it('pages a contest’s 2,001 entries newest first: the 2,001st is on the last page, none twice, none from another contest', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const response = await h.admin(`/api/entries?category=dance&limit=200${cursor ? `&cursor=${cursor}` : ''}`);
      expect(response.status).toBe(200);
      const page = (await response.json()) as Page;
      expect(page.total).toBe(SENT);
      seen.push(...page.entries.map((entry) => entry.id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 20);
    expect(pages).toBe(11);
    expect(seen).toHaveLength(SENT);
    expect(new Set(seen).size).toBe(SENT);
    // The oldest entry, the one a list cut at 2,000 never showed.
    expect(new Set(dance.slice(-10)).has(seen.at(-1)!)).toBe(true);

    const first = (await (await h.admin('/api/entries?category=dance')).json()) as Page;
    expect(first.entries).toHaveLength(100);
    const drawing = (await (await h.admin('/api/entries?category=drawing')).json()) as Page;
    expect(drawing).toMatchObject({ entries: [], nextCursor: null, total: 0 });
  });

  it('refuses a page it cannot read with a clear message', async () => {
    for (const bad of ['limit=0', 'limit=201', 'limit=many', 'cursor=nonsense', `cursor=${Buffer.from('["2027-02-31T00:00:00.000000Z","x"]').toString('base64url')}`]) {
      const response = await h.admin(`/api/entries?category=dance&${bad}`);
      expect([400, 422], bad).toContain(response.status);
      const { error } = (await response.json()) as { error: { message: string; fields?: Record<string, string> } };
      expect(bad.startsWith('limit') ? error.fields?.limit : error.message, bad).toEqual(bad.startsWith('limit') ? 'limit is a whole number from 1 to 200.' : 'The page cursor is not valid. Start again from the first page.');
    }
  });

  it('lists the ready entries whose stored file is missing, and only those', async () => {
    const { input } = await h.register(childRegistration({ categories: ['drawing'] }));
    const kept = await readyPhotoEntry(h, input.referenceCode, 'drawing');
    const lost = await readyPhotoEntry(h, input.referenceCode, 'drawing');
    expect(((await (await h.admin('/api/entries/missing-files')).json()) as Missing).entries).toEqual([]);

    const [owner] = await h.t.database.rows<{ id: string }>(sql`select registration_id::text as id from entries where id = ${lost}`);
    await entryFilesOf(h.t.deps).storage.delete(`${owner!.id}/${lost}/0.jpg`);
    const response = await h.admin('/api/entries/missing-files');
    expect(response.status).toBe(200);
    expect(((await response.json()) as Missing).entries).toEqual([{ id: lost, referenceCode: input.referenceCode, category: 'drawing', levelId: 'level1', missingFiles: 1 }]);
    expect(kept).not.toBe(lost);
    expect((await h.t.request('/api/entries/missing-files')).status).toBe(401);
  });
});
