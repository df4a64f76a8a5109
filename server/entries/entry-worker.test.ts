import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { exifHasGps, FIXTURE_MAKE, makeFakeVideo, makeHeicLike, makePhoto, makeVideo, videoTags } from '../../tests/fixtures/entry-media';
import { IN_SEASON, useFamilyHarness } from '../../tests/setup/family-harness';
import { childRegistration } from '../../tests/setup/registration-fixtures';
import { sendEntry } from '../../tests/setup/tus-client';
import { testDatabaseKinds } from '../../tests/setup/test-database';
import { openDatabase } from '../db/client';
import { entryFilesOf, sweepEntryFiles } from './entry-files';
import { createEntryChecker } from './entry-worker';

/** The server's entries folder and one for the suite's media files, both removed after the suite. */
function useFolders(suite: string) {
  const entriesDir = mkdtempSync(join(tmpdir(), `ktc-entries-${suite}-`));
  const media = mkdtempSync(join(tmpdir(), 'ktc-media-'));
  afterAll(() => {
    rmSync(entriesDir, { recursive: true, force: true });
    rmSync(media, { recursive: true, force: true });
  });
  return { entriesDir, media };
}

type Contest = { category: string; counting: Entry | null; latest: Entry | null };
type Entry = { id: string; status: string; problem: string | null; durationSeconds: number | null; converted: boolean | null; files: { position: number; width: number | null; hasPoster: boolean }[] };

describe.each(testDatabaseKinds())('checking entries on %s', (kind) => {
  const { entriesDir, media } = useFolders('worker');
  const h = useFamilyHarness(kind, { env: { ENTRIES_DIR: entriesDir } });
  const checkAll = () => {
    const { storage, uploads } = entryFilesOf(h.t.deps);
    return createEntryChecker(h.t.deps, storage, uploads).checkDue();
  };
  const contest = async (token: string, category: string): Promise<Contest> => {
    const body = (await (await h.family(token, '/entries')).json()) as { contests: Contest[] };
    return body.contests.find((c) => c.category === category)!;
  };
  const storedFiles = (registrationId: string) => {
    const dir = join(entriesDir, 'files', registrationId);
    return existsSync(dir) ? readdirSync(dir, { recursive: true }).map(String).filter((name) => name.includes('.')) : [];
  };

  it('makes a video ready: its location and phone are gone, a poster is made, and the upload leaves the incoming area', async () => {
    h.clock.now = IN_SEASON;
    const { input, token } = await h.register(childRegistration({ categories: ['dance'] }));
    const id = randomUUID();
    await sendEntry(h, token, { id, category: 'dance', files: [await makeVideo(media, { seconds: 3, codec: 'h264', gps: true })] });
    expect((await contest(token, 'dance')).latest?.status).toBe('checking');

    expect(await checkAll()).toBe(1);
    const dance = await contest(token, 'dance');
    expect(dance.counting).toMatchObject({ id, status: 'ready', converted: false, files: [{ position: 0, width: 320, hasPoster: true }] });
    expect(dance.counting!.durationSeconds).toBeCloseTo(3, 0);
    expect(dance.latest).toBeNull();

    const stored = join(entriesDir, 'files', input.id, id, '0.mp4');
    const { tags } = await videoTags(stored);
    expect(JSON.stringify(tags)).not.toMatch(/\+13\.08|location|FixturePhone|make|model/i);
    expect(JSON.stringify(await videoTags(stored))).not.toContain(FIXTURE_MAKE);
    expect(readdirSync(join(entriesDir, 'incoming')).filter((name) => name.startsWith(id))).toEqual([]);

    const thumbnail = await h.family(token, `/entries/${id}/files/0/thumbnail`);
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get('content-type')).toBe('image/jpeg');
    expect(thumbnail.headers.get('cache-control')).toBe('no-store');

    // Admins stream it: ranges for the player, never cached or sniffed, a name without the child.
    const ranged = await h.admin(`/api/entries/${id}/files/0/media`, { headers: { Range: 'bytes=0-99' } });
    expect(ranged.status).toBe(206);
    expect((await ranged.arrayBuffer()).byteLength).toBe(100);
    expect(ranged.headers.get('content-range')).toMatch(/^bytes 0-99\/\d+$/);
    expect(ranged.headers.get('content-type')).toBe('video/mp4');
    expect(ranged.headers.get('cache-control')).toBe('no-store');
    expect(ranged.headers.get('x-content-type-options')).toBe('nosniff');
    expect(ranged.headers.get('content-disposition')).toBe(`inline; filename="entry-${id.slice(0, 8)}-1.mp4"`);
    const whole = await h.admin(`/api/entries/${id}/files/0/media`);
    expect(whole.status).toBe(200);
    expect(Number(whole.headers.get('content-length'))).toBe((await whole.arrayBuffer()).byteLength);
    expect((await h.admin(`/api/entries/${id}/files/0/media`, { headers: { Range: 'bytes=999999999-' } })).status).toBe(416);
    // Nobody else: not without a session, not with the family's link.
    expect((await h.t.request(`/api/entries/${id}/files/0/media`)).status).toBe(401);
    expect((await h.family(token, `/entries/${id}/files/0/media`)).status).toBe(404);

    // The family's data download lists the entry (its state and files, no storage keys).
    const data = (await (await h.family(token, '/registration/data')).json()) as { entries: { id: string; status: string }[] };
    expect(data.entries).toMatchObject([{ id, status: 'ready' }]);
    expect(JSON.stringify(data.entries)).not.toContain('.mp4');
  });

  it('converts a video Chromium cannot play (HEVC) to H.264', async () => {
    h.clock.now = IN_SEASON;
    const { input, token } = await h.register(childRegistration({ categories: ['singing'] }));
    const id = randomUUID();
    await sendEntry(h, token, { id, category: 'singing', files: [await makeVideo(media, { seconds: 2, codec: 'hevc', width: 640, height: 360 })] });
    await checkAll();
    expect((await contest(token, 'singing')).counting).toMatchObject({ id, converted: true });
    expect((await videoTags(join(entriesDir, 'files', input.id, id, '0.mp4'))).codecs).toContain('h264');
  });

  it('refuses a renamed program and a video over the contest’s length, saying why', async () => {
    h.clock.now = IN_SEASON;
    const { input, token } = await h.register(childRegistration({ categories: ['yoga', 'costume'] }));
    const fake = randomUUID();
    await sendEntry(h, token, { id: fake, category: 'yoga', files: [await makeFakeVideo(media)] });
    const long = randomUUID();
    await sendEntry(h, token, { id: long, category: 'costume', files: [await makeVideo(media, { seconds: 200, codec: 'h264', fps: 2, width: 160, height: 120, audio: false })] });
    await checkAll();
    expect((await contest(token, 'yoga')).latest).toMatchObject({ id: fake, status: 'rejected', problem: 'not_a_video' });
    expect((await contest(token, 'costume')).latest).toMatchObject({ id: long, status: 'rejected', problem: 'too_long' });
    expect(storedFiles(input.id)).toEqual([]);
  });

  it('says an iPhone HEIC photo it cannot open is one, so the family can fix it on the phone', async () => {
    h.clock.now = IN_SEASON;
    const { token } = await h.register(childRegistration({ categories: ['coloring'] }));
    const id = randomUUID();
    await sendEntry(h, token, { id, category: 'coloring', files: [await makeHeicLike(media)] });
    await checkAll();
    expect((await contest(token, 'coloring')).latest).toMatchObject({ id, status: 'rejected', problem: 'heic_photo' });
  });

  it('keeps photos upright without GPS; a newer ready entry replaces the older one and its files', async () => {
    h.clock.now = IN_SEASON;
    const { input, token } = await h.register(childRegistration({ categories: ['drawing'] }));
    const first = randomUUID();
    await sendEntry(h, token, {
      id: first,
      category: 'drawing',
      files: [await makePhoto(media, { width: 400, height: 300, gps: true, orientation: 6 }), await makePhoto(media, { width: 300, height: 300, gps: true })],
    });
    await checkAll();
    const drawing = await contest(token, 'drawing');
    expect(drawing.counting).toMatchObject({ id: first, status: 'ready', files: [{ position: 0, width: 300 }, { position: 1 }] });
    const photo = await sharp(join(entriesDir, 'files', input.id, first, '0.jpg')).metadata();
    expect([photo.width, photo.height]).toEqual([300, 400]);
    expect(exifHasGps(photo.exif)).toBe(false);

    const second = randomUUID();
    await sendEntry(h, token, { id: second, category: 'drawing', files: [await makePhoto(media, { width: 200, height: 200 })] });
    await checkAll();
    expect((await contest(token, 'drawing')).counting).toMatchObject({ id: second });
    expect(storedFiles(input.id).sort()).toEqual([`${second}/0-poster.jpg`, `${second}/0.jpg`]);
  });

  it('waits, never loses: without ffmpeg a video stays checking with the reason for admins', async () => {
    h.clock.now = IN_SEASON;
    const { token } = await h.register(childRegistration({ categories: ['storytelling'] }));
    const id = randomUUID();
    await sendEntry(h, token, { id, category: 'storytelling', files: [await makeVideo(media, { seconds: 1, codec: 'h264' })] });
    const { storage, uploads } = entryFilesOf(h.t.deps);
    await createEntryChecker(h.t.deps, storage, uploads, {}, async () => null).checkDue();
    expect((await contest(token, 'storytelling')).latest).toMatchObject({ id, status: 'checking' });
    const admin = (await (await h.admin('/api/entries?category=storytelling')).json()) as { entries: { id: string; lastError: string | null }[] };
    expect(admin.entries.find((entry) => entry.id === id)?.lastError).toMatch(/ffmpeg and ffprobe were not found/);
    expect(readdirSync(join(entriesDir, 'incoming')).some((name) => name.startsWith(id))).toBe(true);
  });

  it('deletes a registration’s files with it: the erasure takes the rows, the sweep the files', async () => {
    h.clock.now = IN_SEASON;
    const { input, token } = await h.register(childRegistration({ categories: ['handwriting'] }));
    await sendEntry(h, token, { id: randomUUID(), category: 'handwriting', files: [await makePhoto(media, { width: 100, height: 100 })] });
    await checkAll();
    expect(storedFiles(input.id)).toHaveLength(2);
    await h.t.database.rows(
      (await import('drizzle-orm')).sql`delete from registrations where id = ${input.id}`,
    );
    expect((await sweepEntryFiles(h.t.deps)).registrations).toBeGreaterThanOrEqual(1);
    expect(storedFiles(input.id)).toEqual([]);
  });
});

type Queue = { waiting: number; held: number; readyBy: string | null; secondsLeft: number | null };

describe.each(testDatabaseKinds())('the checking queue on %s', (kind) => {
  const { entriesDir, media } = useFolders('queue');
  const h = useFamilyHarness(kind, { env: { ENTRIES_DIR: entriesDir } });
  const queue = async (): Promise<{ entries: Queue; overview: Queue }> => ({
    entries: ((await (await h.admin('/api/entries?category=drawing')).json()) as { queue: Queue }).queue,
    overview: ((await (await h.admin('/api/overview')).json()) as { entryQueue: Queue }).entryQueue,
  });

  it('shows admins how many entries wait and when the last should be ready, on the entries page and the overview', async () => {
    h.clock.now = IN_SEASON;
    expect(await queue()).toEqual({
      entries: { waiting: 0, held: 0, readyBy: null, secondsLeft: null },
      overview: { waiting: 0, held: 0, readyBy: null, secondsLeft: null },
    });
    const { token } = await h.register(childRegistration({ categories: ['drawing', 'coloring'] }));
    await sendEntry(h, token, { id: randomUUID(), category: 'drawing', files: [await makePhoto(media, { width: 300, height: 200 })] });
    await sendEntry(h, token, { id: randomUUID(), category: 'coloring', files: [await makePhoto(media, { width: 300, height: 200 })] });
    const waiting = await queue();
    expect(waiting.overview).toMatchObject({ waiting: 2, held: 0, secondsLeft: waiting.entries.secondsLeft });
    // No check has run yet: a first guess of a few seconds per photo entry.
    expect(waiting.entries).toMatchObject({ waiting: 2, held: 0 });
    expect(waiting.entries.secondsLeft).toBeGreaterThan(0);
    expect(waiting.entries.secondsLeft).toBeLessThan(60);
    expect(new Date(waiting.entries.readyBy!).getTime()).toBeGreaterThan(Date.now());

    const { storage, uploads } = entryFilesOf(h.t.deps);
    expect(await createEntryChecker(h.t.deps, storage, uploads).checkDue()).toBe(2);
    expect((await queue()).entries).toEqual({ waiting: 0, held: 0, readyBy: null, secondsLeft: null });
  });
});

/**
 * Several instances on one Postgres database share the queue (ADR 026): each claims its own
 * entries, none is checked twice, and the second instance checks while the first does. Each
 * instance's tools wait a second before each run (a slow machine's ffmpeg) and note when they
 * ran, so the test sees the two working at once whatever else the machine is doing.
 */
describe.each(testDatabaseKinds().filter((kind) => kind === 'postgres'))('two instances on %s', (kind) => {
  const { entriesDir, media } = useFolders('two');
  const h = useFamilyHarness(kind, { env: { ENTRIES_DIR: entriesDir } });

  /** ffmpeg or ffprobe, a second slower, noting "<start ns> <end ns>" of each run in `log`. */
  const slowTool = (name: 'ffmpeg' | 'ffprobe', log: string) => {
    const path = join(media, `slow-${name}-${randomUUID()}`);
    writeFileSync(path, `#!/bin/sh\ns=$(date +%s%N)\nsleep 1\n${name} "$@"\ncode=$?\necho "$s $(date +%s%N)" >> ${log}\nexit $code\n`, { mode: 0o755 });
    return path;
  };
  const runsIn = (log: string) =>
    readFileSync(log, 'utf8')
      .trim()
      .split('\n')
      .map((line) => line.split(' ').map(Number) as [number, number]);

  it('share the checking queue: every entry is checked once, each instance takes some, and they check at the same time', async () => {
    h.clock.now = IN_SEASON;
    const logs = [join(media, 'runs-1.log'), join(media, 'runs-2.log')];
    const sent: string[] = [];
    for (const category of ['dance', 'singing', 'yoga', 'storytelling'] as const) {
      const { token } = await h.register(childRegistration({ categories: [category] }));
      const id = randomUUID();
      await sendEntry(h, token, { id, category, files: [await makeVideo(media, { seconds: 1, codec: 'h264' })] });
      sent.push(id);
    }
    // A second server process: its own connections to the same database, the same entries directory.
    const second = await openDatabase({ kind: 'postgres', url: h.t.database.url!, maxConnections: 5 });
    try {
      const instances = [h.t.deps, { ...h.t.deps, database: second }].map((deps, index) => {
        const { storage, uploads } = entryFilesOf(deps);
        const tools = { ffmpeg: slowTool('ffmpeg', logs[index]!), ffprobe: slowTool('ffprobe', logs[index]!) };
        return createEntryChecker(deps, storage, uploads, {}, async () => tools);
      });
      const handled = await Promise.all(instances.map((checker) => checker.checkDue()));
      expect(handled.reduce((sum, count) => sum + count, 0)).toBe(4);
      expect(Math.min(...handled)).toBeGreaterThanOrEqual(1);
      // Some run of the second instance happened while one of the first's did: added capacity.
      const [first, other] = logs.map(runsIn) as [[number, number][], [number, number][]];
      expect(first.some(([start, end]) => other.some(([otherStart, otherEnd]) => start < otherEnd && otherStart < end))).toBe(true);
    } finally {
      await second.close();
    }
    const rows = await h.t.database.rows<{ status: string; attempts: number }>(
      (await import('drizzle-orm')).sql`select status, attempts from entries where id in ${sent}`,
    );
    expect(rows).toEqual(sent.map(() => ({ status: 'ready', attempts: 1 })));
  });
});
