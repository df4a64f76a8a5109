import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PHOTO_MAX_BYTES, VIDEO_MAX_BYTES } from '@domain/entries';
import { IN_SEASON, useFamilyHarness } from '../../../tests/setup/family-harness';
import { childRegistration } from '../../../tests/setup/registration-fixtures';
import { json } from '../../../tests/setup/test-app';
import { b64, tusClient } from '../../../tests/setup/tus-client';
import { testDatabaseKinds } from '../../../tests/setup/test-database';
import { FINISHING_GRACE_MS } from './entries.routes';

const LEVEL1_CLOSES = new Date('2027-04-18T00:00:00+05:30');

type Contest = { category: string; rule: { kind: string } | null; counting: Entry | null; latest: Entry | null };
type Entry = { id: string; status: string; kind: string; files: { position: number; received: boolean }[] };

describe.each(testDatabaseKinds())('sending an entry on %s', (kind) => {
  const entriesDir = mkdtempSync(join(tmpdir(), 'ktc-entries-test-'));
  afterAll(() => rmSync(entriesDir, { recursive: true, force: true }));
  const h = useFamilyHarness(kind, { env: { ENTRIES_DIR: entriesDir } });

  const contests = async (token: string): Promise<Contest[]> => {
    const response = await h.family(token, '/entries');
    expect(response.status).toBe(200);
    return ((await response.json()) as { contests: Contest[] }).contests;
  };
  const newEntry = (token: string, body: Record<string, unknown>) => h.family(token, '/entries', json(body));

  it('lists each contest with what it asks for; a video goes in resumable parts and the entry waits to be checked', async () => {
    h.clock.now = IN_SEASON;
    const { token } = await h.register(childRegistration({ categories: ['dance', 'drawing'] }));
    expect((await contests(token)).map((c) => [c.category, c.rule?.kind, c.counting, c.latest])).toEqual([
      ['dance', 'video', null, null],
      ['drawing', 'photos', null, null],
    ]);

    const id = randomUUID();
    const bytes = randomBytes(300_000);
    const created = await newEntry(token, { id, category: 'dance', levelId: 'level1', files: [{ bytes: bytes.length }] });
    expect(created.status).toBe(201);
    // The page sends the same entry again after a reload: nothing new.
    expect((await newEntry(token, { id, category: 'dance', levelId: 'level1', files: [{ bytes: bytes.length }] })).status).toBe(200);

    const tus = tusClient(h, token);
    const post = await tus.create(id, 0, bytes.length);
    expect(post.status).toBe(201);
    const location = post.headers.get('location')!;
    expect(location).toMatch(/^\/api\/family\/uploads\/[0-9a-f-]{36}\.0\.[0-9a-f]{16}$/);

    // The connection drops after 100 KB: the server keeps what arrived and says where to go on.
    expect((await tus.patch(location, 0, bytes.subarray(0, 100_000))).status).toBe(204);
    const head = await tus.head(location);
    expect(head.headers.get('upload-offset')).toBe('100000');
    // A part sent again from a stale offset is refused, not written twice.
    expect((await tus.patch(location, 0, bytes.subarray(0, 100_000))).status).toBe(409);
    expect((await contests(token))[0]!.latest).toMatchObject({ id, status: 'uploading' });

    const last = await tus.patch(location, 100_000, bytes.subarray(100_000));
    expect(last.status).toBe(204);
    expect(last.headers.get('upload-offset')).toBe(String(bytes.length));
    expect((await contests(token))[0]!.latest).toMatchObject({ id, status: 'checking', files: [{ position: 0, received: true }] });
  });

  it('refuses what the contest does not take, before a byte is stored', async () => {
    h.clock.now = IN_SEASON;
    const { token } = await h.register(childRegistration({ categories: ['dance', 'drawing', 'crawling'] }));
    const ask = (category: string, files: { bytes: number }[]) => newEntry(token, { id: randomUUID(), category, levelId: 'level1', files });

    const tooBig = await ask('dance', [{ bytes: VIDEO_MAX_BYTES + 1 }]);
    expect(tooBig.status).toBe(422);
    expect(((await tooBig.json()) as { error: { message: string } }).error.message).toBe('This contest takes one video of at most 1024 MB.');
    expect((await ask('dance', [{ bytes: 10 }, { bytes: 10 }])).status).toBe(422);
    expect((await ask('drawing', [{ bytes: 10 }, { bytes: 10 }, { bytes: 10 }])).status).toBe(201);
    expect((await ask('drawing', [{ bytes: PHOTO_MAX_BYTES + 1 }])).status).toBe(422);
    expect((await ask('singing', [{ bytes: 10 }])).status).toBe(422);
    expect((await ask('crawling', [{ bytes: 10 }])).status).toBe(409);

    // An upload must be exactly the size the entry declared.
    const id = randomUUID();
    expect((await newEntry(token, { id, category: 'dance', levelId: 'level1', files: [{ bytes: 1000 }] })).status).toBe(201);
    const tus = tusClient(h, token);
    expect((await tus.create(id, 0, 5_000_000)).status).toBe(413);
    expect((await tus.create(id, 1, 1000)).status).toBe(404);
    // A file the phone itself calls a program is refused before a byte is stored.
    expect((await tus.create(id, 0, 1000, `,filetype ${b64('application/x-msdownload')}`)).status).toBe(415);
  });

  it('lets only the holder of the family’s link send to its entry; a name with a path in it is never used', async () => {
    h.clock.now = IN_SEASON;
    const mine = await h.register(childRegistration({ categories: ['singing'] }));
    const theirs = await h.register(childRegistration({ categories: ['singing'] }));
    const id = randomUUID();
    expect((await newEntry(mine.token, { id, category: 'singing', levelId: 'level1', files: [{ bytes: 2000 }] })).status).toBe(201);

    expect((await tusClient(h, theirs.token).create(id, 0, 2000)).status).toBe(404);
    const post = await tusClient(h, mine.token).create(id, 0, 2000, `,filename ${b64('../../../etc/passwd')}`);
    expect(post.status).toBe(201);
    const location = post.headers.get('location')!;
    expect((await tusClient(h, theirs.token).patch(location, 0, randomBytes(2000))).status).toBe(404);
    expect((await tusClient(h, theirs.token).head(location)).status).toBe(404);
    expect((await h.family('not-a-token', location.replace(/^\/api\/family/, ''), { method: 'HEAD', headers: { 'Tus-Resumable': '1.0.0' } })).status).toBe(404);
    // The upload's own name on disk is ours; nothing outside the entries directory was written.
    const written = readdirSync(join(entriesDir, 'incoming'));
    expect(written.every((name) => /^[0-9a-f-]{36}\.[0-2]\.[0-9a-f]{16}(\.json)?$/.test(name))).toBe(true);
    // A part must say its length: the server never reads a part into memory to measure it.
    const chunked = await h.family(mine.token, location.replace(/^\/api\/family/, ''), {
      method: 'PATCH',
      headers: { 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
      body: randomBytes(2000),
    });
    expect(chunked.status).toBe(411);
    // Reading an upload back is not a thing.
    expect((await h.family(mine.token, location.replace(/^\/api\/family/, ''))).status).toBe(404);
  });

  it('closes with the window: no new entry after it, an upload begun in time may finish', async () => {
    h.clock.now = new Date(LEVEL1_CLOSES.getTime() - 60_000);
    const { token } = await h.register(childRegistration({ categories: ['yoga'] }));
    const id = randomUUID();
    const bytes = randomBytes(5000);
    expect((await newEntry(token, { id, category: 'yoga', levelId: 'level1', files: [{ bytes: bytes.length }] })).status).toBe(201);
    const tus = tusClient(h, token);
    const location = (await tus.create(id, 0, bytes.length)).headers.get('location')!;
    expect((await tus.patch(location, 0, bytes.subarray(0, 2000))).status).toBe(204);

    h.clock.now = new Date(LEVEL1_CLOSES.getTime() + 60_000);
    const late = await newEntry(token, { id: randomUUID(), category: 'yoga', levelId: 'level1', files: [{ bytes: 10 }] });
    expect(late.status).toBe(403);
    expect(((await late.json()) as { error: { code: string; message: string } }).error).toEqual({
      code: 'entries_closed',
      message: 'Entries for this contest closed on 18 April 2027, when judging started. New files cannot be sent.',
    });
    expect((await tus.patch(location, 2000, bytes.subarray(2000))).status).toBe(204);

    h.clock.now = new Date(LEVEL1_CLOSES.getTime() + 7 * 60 * 60_000);
    expect((await tus.head(location)).status).toBe(403);
  });

  it('takes a new entry until the window closes and lets an upload begun in time finish within the grace time, by the server’s clock', async () => {
    const justBefore = new Date(LEVEL1_CLOSES.getTime() - 1);
    h.clock.now = justBefore;
    const { token } = await h.register(childRegistration({ categories: ['singing'] }));
    const id = randomUUID();
    const bytes = randomBytes(3000);
    const created = await newEntry(token, { id, category: 'singing', levelId: 'level1', files: [{ bytes: bytes.length }] });
    expect(created.status).toBe(201);
    // The entry was begun when the server's clock said, not when the database's did.
    expect(((await created.json()) as { entry: { createdAt: string } }).entry.createdAt).toBe(justBefore.toISOString());
    const tus = tusClient(h, token);
    const location = (await tus.create(id, 0, bytes.length)).headers.get('location')!;

    h.clock.now = LEVEL1_CLOSES;
    expect((await newEntry(token, { id: randomUUID(), category: 'singing', levelId: 'level1', files: [{ bytes: 10 }] })).status).toBe(403);

    h.clock.now = new Date(LEVEL1_CLOSES.getTime() + FINISHING_GRACE_MS - 1000);
    expect((await tus.patch(location, 0, bytes.subarray(0, 1000))).status).toBe(204);
    h.clock.now = new Date(LEVEL1_CLOSES.getTime() + FINISHING_GRACE_MS);
    expect((await tus.patch(location, 1000, bytes.subarray(1000))).status).toBe(403);
    h.clock.now = IN_SEASON;
  });
  const incoming = () => readdirSync(join(entriesDir, 'incoming'));
  const incomingOf = (entryId: string) => incoming().filter((name) => name.startsWith(`${entryId}.`));
  const errorOf = async (response: Response) => ((await response.json()) as { error: { code: string; message: string } }).error;

  it('keeps one upload per entry and file: a new one replaces the old, whose partial file goes at once', async () => {
    h.clock.now = IN_SEASON;
    const { token } = await h.register(childRegistration({ categories: ['dance'] }));
    const id = randomUUID();
    const bytes = randomBytes(300_000);
    expect((await newEntry(token, { id, category: 'dance', levelId: 'level1', files: [{ bytes: bytes.length }] })).status).toBe(201);
    const tus = tusClient(h, token, '198.51.100.40');
    const first = (await tus.create(id, 0, bytes.length)).headers.get('location')!;
    expect((await tus.patch(first, 0, bytes.subarray(0, 100_000))).status).toBe(204);

    // The security probe's 24 creations for one entry and file: each answered, one left on disk.
    const locations: string[] = [];
    for (let i = 0; i < 24; i++) {
      const created = await tus.create(id, 0, bytes.length);
      expect(created.status).toBe(201);
      locations.push(created.headers.get('location')!);
    }
    const live = locations.at(-1)!;
    expect(incomingOf(id).sort()).toEqual([live.split('/').at(-1)!, `${live.split('/').at(-1)!}.json`].sort());
    // The replaced uploads are gone for good: the page's stale address gets a 404 and starts again.
    expect((await tus.head(first)).status).toBe(404);
    expect((await tus.patch(first, 100_000, bytes.subarray(100_000))).status).toBe(404);

    expect((await tus.patch(live, 0, bytes)).status).toBe(204);
    expect((await contests(token))[0]!.latest).toMatchObject({ id, status: 'checking', files: [{ position: 0, received: true }] });
    // Once the file is here, nothing replaces it.
    expect((await tus.create(id, 0, bytes.length)).status).toBe(409);
    expect(incomingOf(id)).toHaveLength(2);
  });

  it('limits uploads begun per link and per address (429 with Retry-After)', async () => {
    h.clock.now = IN_SEASON;
    const one = await h.register(childRegistration({ categories: ['dance'] }));
    const id = randomUUID();
    expect((await newEntry(one.token, { id, category: 'dance', levelId: 'level1', files: [{ bytes: 1000 }] })).status).toBe(201);
    const fromA = tusClient(h, one.token, '198.51.100.50');
    for (let i = 0; i < 30; i++) expect((await fromA.create(id, 0, 1000)).status).toBe(201);
    const limited = await tusClient(h, one.token, '198.51.100.51').create(id, 0, 1000);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('Retry-After')).toMatch(/^[0-9]+$/);
    expect((await errorOf(limited)).message).toMatch(/^Too many uploads were sent for this registration\. Please try again in /);

    // One address, many links: 120 uploads begun, then 429 for any link from it.
    const others = [];
    for (let i = 0; i < 5; i++) others.push(await h.register(childRegistration({ categories: ['dance'] })));
    const entryOf = new Map<string, string>();
    for (const other of others) {
      const entryId = randomUUID();
      entryOf.set(other.token, entryId);
      expect((await newEntry(other.token, { id: entryId, category: 'dance', levelId: 'level1', files: [{ bytes: 1000 }] })).status).toBe(201);
    }
    for (const other of others.slice(0, 4)) {
      for (let i = 0; i < 30; i++) expect((await tusClient(h, other.token, '198.51.100.60').create(entryOf.get(other.token)!, 0, 1000)).status).toBe(201);
    }
    const last = others[4]!;
    const busy = await tusClient(h, last.token, '198.51.100.60').create(entryOf.get(last.token)!, 0, 1000);
    expect(busy.status).toBe(429);
    expect((await errorOf(busy)).message).toMatch(/^Too many uploads were sent from your network\./);
    expect((await tusClient(h, last.token, '198.51.100.61').create(entryOf.get(last.token)!, 0, 1000)).status).toBe(201);
  });

  it('caps the bytes a registration may have begun and not finished at 2 GB, and says so', async () => {
    h.clock.now = IN_SEASON;
    const { token } = await h.register(childRegistration({ categories: ['dance', 'singing', 'yoga'] }));
    const tus = tusClient(h, token, '198.51.100.70');
    const ids = { dance: randomUUID(), singing: randomUUID(), yoga: randomUUID() };
    for (const [category, id] of Object.entries(ids)) {
      expect((await newEntry(token, { id, category, levelId: 'level1', files: [{ bytes: VIDEO_MAX_BYTES }] })).status).toBe(201);
    }
    expect((await tus.create(ids.dance, 0, VIDEO_MAX_BYTES)).status).toBe(201);
    expect((await tus.create(ids.singing, 0, VIDEO_MAX_BYTES)).status).toBe(201);
    const refused = await tus.create(ids.yoga, 0, VIDEO_MAX_BYTES);
    expect(refused.status).toBe(413);
    expect(await errorOf(refused)).toEqual({
      code: 'unfinished_uploads',
      message: 'This registration already has 2 GB of files that were begun and not finished. Finish sending those first; files not finished within a week are cleared.',
    });
    expect(incomingOf(ids.yoga)).toEqual([]);
    // Beginning one of the two again replaces it: still within the cap.
    expect((await tus.create(ids.dance, 0, VIDEO_MAX_BYTES)).status).toBe(201);
    expect(incomingOf(ids.dance)).toHaveLength(2);
  });

  it('stops a loop: at most 10 sendings per contest', async () => {
    h.clock.now = IN_SEASON;
    const { token } = await h.register(childRegistration({ categories: ['storytelling'] }));
    for (let i = 0; i < 10; i++) {
      expect((await newEntry(token, { id: randomUUID(), category: 'storytelling', levelId: 'level1', files: [{ bytes: 10 }] })).status).toBe(201);
    }
    expect((await newEntry(token, { id: randomUUID(), category: 'storytelling', levelId: 'level1', files: [{ bytes: 10 }] })).status).toBe(429);
  });
});
