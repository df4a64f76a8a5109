import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import sharp from 'sharp';
import { UPLOAD_CHUNK_BYTES } from '../../domain/entries';
import { exifHasGps, makeFakeVideo, makePhoto, makeVideo, videoTags } from '../fixtures/entry-media';
import { startCuttingProxy } from '../setup/cutting-proxy';
import { ADMIN, expect, launchProfile, test, completeSecondFactor } from './fixtures';
import { axeProblems, registerChildByApi, tokenInMailFolder } from './outbox-helpers';

/**
 * Issue 23: a family sends its child's entry from the private page, on a phone, over a
 * connection that drops, and the entry becomes ready for the judges without its location.
 */
const media = mkdtempSync(join(tmpdir(), 'ktc-e2e-media-'));
test.afterAll(() => rmSync(media, { recursive: true, force: true }));

let families = 0;
async function familyToken(request: APIRequestContext, dataDir: string, categories: string[]): Promise<string> {
  families += 1;
  const code = await registerChildByApi(request, { name: `Entry Child ${families}`, email: `entry${families}@example.org`, guardianName: 'Parent', categories });
  let token: string | null = null;
  await expect.poll(async () => (token = await tokenInMailFolder(join(dataDir, 'mail'), code)), { timeout: 30_000 }).not.toBeNull();
  return token!;
}

/** Every stored file of one entry (ENTRIES_DIR defaults to DATA_DIR/entries). */
function storedFilesOf(dataDir: string, entryId: string): string[] {
  const root = join(dataDir, 'entries', 'files');
  return readdirSync(root, { recursive: true })
    .map(String)
    .filter((path) => path.includes(`${entryId}/`) && path.includes('.'))
    .map((path) => join(root, path));
}

async function countingEntryId(request: APIRequestContext, token: string, category: string): Promise<string> {
  const response = await request.get('/api/family/entries', { headers: { Authorization: `Bearer ${token}` } });
  const body = (await response.json()) as { contests: { category: string; counting: { id: string } | null }[] };
  const id = body.contests.find((contest) => contest.category === category)?.counting?.id;
  if (!id) throw new Error(`no ready entry for ${category}`);
  return id;
}

const card = (page: Page, contest: string) => page.getByRole('article', { name: contest });

test('a 60 MB video goes through three dropped connections and a browser restart, arrives once, and is ready without its GPS tag', async ({ server, request }) => {
  test.setTimeout(180_000);
  const token = await familyToken(request, server.dataDir, ['dance']);
  const video = await makeVideo(media, { seconds: 20, codec: 'h264', gps: true, sizeMB: 60, width: 640, height: 360 });
  const size = statSync(video).size;
  expect(size).toBeGreaterThan(55 * 1024 * 1024);

  // A phone's uplink: 8 MB/s, so the cuts land mid-upload.
  const proxy = await startCuttingProxy({ host: '127.0.0.1', port: server.port }, { uploadBytesPerSecond: 8 * 1024 * 1024 });
  const profile = mkdtempSync(join(tmpdir(), 'ktc-profile-'));
  try {
    let { context } = await launchProfile(proxy.url, profile, { phone: true });
    let page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`/my/${token}`);
    const dance = card(page, 'Dance Challenge');
    await expect(dance.getByText('Send one video of the performance, at most 3 minutes long and 1024 MB.')).toBeVisible();
    await dance.getByLabel('Choose the video').setInputFiles(video);
    await expect(page.getByText('Keep this page open until sending finishes.', { exact: false })).toBeVisible();
    await expect(dance.getByText(/^Sent [\d.]+ of [\d.]+ MB \(\d+%\)$/)).toBeVisible();

    for (const share of [0.15, 0.3, 0.45]) {
      await proxy.whenSent(size * share);
      expect(proxy.cutAll()).toBeGreaterThan(0);
    }
    // The browser is closed mid-upload and opened again: the file was kept on the device.
    await proxy.whenSent(size * 0.6);
    await context.close();
    ({ context } = await launchProfile(proxy.url, profile, { phone: true }));
    page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`/my/${token}`);

    const again = card(page, 'Dance Challenge');
    await expect(again.getByText('Received and ready for the judges.')).toBeVisible({ timeout: 90_000 });
    await expect(again.getByRole('img', { name: 'Your entry, picture 1' })).toBeVisible();
    // It resumed, never started again: each of the 4 interruptions (3 cuts and a restart) costs at
    // most the part in flight. What a cut loses is what sat in the connection's buffers, unread by
    // the server: more when the machine is busy (CI runs another browser beside this one), so the
    // bound is one part per interruption, not one in all. Starting again would resend over 36 MB.
    const resent = proxy.sentBytes - size;
    test.info().annotations.push({ type: 'sent twice', description: `${resent} bytes over 3 cuts and a restart` });
    expect(resent).toBeLessThan(4 * UPLOAD_CHUNK_BYTES);
    // Sent, so no longer kept on the device.
    await expect.poll(() => page.evaluate(async () => (await indexedDB.databases()).length > 0 && new Promise<number>((resolve) => {
      const open = indexedDB.open('ktc-entry-uploads');
      open.onsuccess = () => {
        const count = open.result.transaction('uploads').objectStore('uploads').count();
        count.onsuccess = () => resolve(count.result);
      };
    }))).toBe(0);
    await context.close();
  } finally {
    await proxy.close();
    rmSync(profile, { recursive: true, force: true });
  }

  const entryId = await countingEntryId(request, token, 'dance');
  const stored = storedFilesOf(server.dataDir, entryId).find((path) => path.endsWith('.mp4'))!;
  const { tags } = await videoTags(stored);
  expect(JSON.stringify(tags)).not.toMatch(/\+13\.08|location|FixturePhone/i);
});

test('three photos become ready with their thumbnails, upright and without GPS', async ({ server, request, page }) => {
  const token = await familyToken(request, server.dataDir, ['drawing']);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/my/${token}`);
  const drawing = card(page, 'Drawing Competition');
  await drawing.getByLabel('Choose the photos').setInputFiles([
    await makePhoto(media, { width: 800, height: 600, gps: true, orientation: 6 }),
    await makePhoto(media, { width: 600, height: 800, gps: true }),
    await makePhoto(media, { width: 700, height: 700, gps: true }),
  ]);
  await expect(drawing.getByText('Received and ready for the judges.')).toBeVisible({ timeout: 60_000 });
  for (const number of [1, 2, 3]) await expect(drawing.getByRole('img', { name: `Your entry, picture ${number}` })).toBeVisible();

  const stored = storedFilesOf(server.dataDir, await countingEntryId(request, token, 'drawing')).filter((path) => /\/\d\.jpg$/.test(path)).sort();
  expect(stored).toHaveLength(3);
  const first = await sharp(stored[0]).metadata();
  expect([first.width, first.height]).toEqual([600, 800]);
  for (const path of stored) expect(exifHasGps((await sharp(path).metadata()).exif)).toBe(false);
  expect(await axeProblems(page)).toEqual([]);
});

test('a file that is not a video is refused with a reason, in English and in Tamil; so is a video over the contest’s length', async ({ server, request, page }) => {
  const token = await familyToken(request, server.dataDir, ['yoga', 'costume']);
  await page.goto(`/my/${token}`);
  await card(page, 'Yoga Competition').getByLabel('Choose the video').setInputFiles(await makeFakeVideo(media));
  await card(page, 'Costume Parade').getByLabel('Choose the video').setInputFiles(await makeVideo(media, { seconds: 200, codec: 'h264', fps: 2, width: 160, height: 120, audio: false }));
  await expect(card(page, 'Yoga Competition').getByRole('alert')).toHaveText(
    'Not accepted: this file is not a video. Choose the video file of the performance and send it again.',
    { timeout: 60_000 },
  );
  await expect(card(page, 'Costume Parade').getByRole('alert')).toHaveText(
    'Not accepted: the video is longer than this contest allows. Trim it on your phone and send it again.',
    { timeout: 60_000 },
  );
  // The family can send another instead.
  await expect(card(page, 'Yoga Competition').getByLabel('Send another instead')).toBeAttached();

  await page.goto(`/ta/my/${token}`);
  await expect(page.getByRole('article', { name: 'யோகா போட்டி (Yoga Competition)' }).getByRole('alert')).toHaveText(
    'ஏற்கப்படவில்லை: இந்தக் கோப்பு வீடியோ அல்ல. நிகழ்ச்சியின் வீடியோ கோப்பைத் தேர்ந்தெடுத்து மீண்டும் அனுப்புங்கள்.',
  );
  expect(await axeProblems(page)).toEqual([]);
});

test('after the deadline the card says so and offers no upload', async ({ server, request, page }) => {
  const token = await familyToken(request, server.dataDir, ['singing']);
  await page.clock.setFixedTime(new Date('2027-04-18T09:00:00+05:30'));
  await page.goto(`/my/${token}`);
  const singing = card(page, 'Singing Contest');
  await expect(singing.getByText('Entries closed after 17 April 2027: judging has started, so new files cannot be sent.')).toBeVisible();
  await expect(singing.getByRole('button')).toHaveCount(0);
  await expect(singing.locator('input[type=file]')).toHaveCount(0);
});

test('an HEVC video is converted and plays in Chromium on the admins’ entries page', async ({ server, request, page }) => {
  test.setTimeout(120_000);
  const token = await familyToken(request, server.dataDir, ['singing']);
  await page.goto(`/my/${token}`);
  await card(page, 'Singing Contest').getByLabel('Choose the video').setInputFiles(await makeVideo(media, { seconds: 4, codec: 'hevc', width: 1280, height: 720 }));
  await expect(card(page, 'Singing Contest').getByText('Received and ready for the judges.')).toBeVisible({ timeout: 90_000 });

  await page.goto('/admin/entries?contest=singing');
  await page.getByLabel('Username').fill(ADMIN.username);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await completeSecondFactor(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Entries' })).toBeVisible();
  const entryId = await countingEntryId(request, token, 'singing');
  const row = page.getByRole('row').filter({ has: page.getByRole('button', { name: `Play entry ${entryId.slice(0, 8)}` }) });
  await expect(row.getByRole('cell', { name: /Ready · converted/ })).toBeVisible();
  await row.getByRole('button', { name: `Play entry ${entryId.slice(0, 8)}` }).click();
  const video = page.locator('video.admin-entry__player');
  await video.evaluate((element: HTMLVideoElement) => {
    element.muted = true;
    return element.play();
  });
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => ({ error: element.error?.code ?? null, playing: element.currentTime > 0.5 })), { timeout: 20_000 }).toEqual({ error: null, playing: true });
  expect(await axeProblems(page)).toEqual([]);

  // The season overview counts it under its contest.
  await page.goto('/admin');
  await expect(page.getByRole('link', { name: /^Singing Contest\s*:\s*1 entries\s*\.\s*Open this contest's entries$/ })).toBeVisible();
});
