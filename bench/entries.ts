import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UPLOAD_CHUNK_BYTES } from '@domain/entries';
import { createReferenceCode } from '@domain/reference-code';
import { chromium } from '@playwright/test';
import { makePhoto, makeVideo } from '../tests/fixtures/entry-media';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/setup/chromium';
import { startCuttingProxy } from '../tests/setup/cutting-proxy';
import { keptUploads } from '../tests/setup/kept-uploads';
import type { RunningServer } from '../tests/setup/server-process';
import { memoryKib, peakRssKib, type BenchContext } from './lib/environment';
import { describeLoad, waitForQuiet } from './lib/machine-load';
import { figure, type Figure, type PartResult } from './lib/report';

const PART = '8. Entries';
const MiB = 1024 * 1024;
/** Issue 23: uploads through a capped link reach 90% of its rate; a 500 MB upload keeps the server within 400 MiB. */
const RATE_SHARE_TARGET = 0.9;
const RSS_TARGET_MIB = 400;
/** Issue 48: the phone's copy runs at least at real time, 30 frames of a 30 fps video per second. */
const COPY_FPS_TARGET = 30;

const b64 = (text: string) => Buffer.from(text).toString('base64');

/** A family with a private link, as the confirmation email (written to DATA_DIR/mail) gives it. */
async function familyToken(server: RunningServer, categories: string[]): Promise<string> {
  const referenceCode = createReferenceCode();
  const response = await fetch(`${server.url}/api/registrations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url, 'x-requested-with': 'fetch' },
    body: JSON.stringify({
      id: randomUUID(),
      referenceCode,
      type: 'participant',
      name: 'Bench Child',
      age: 9,
      email: `bench-${randomUUID()}@example.org`,
      phone: '9876543210',
      city: 'Chennai',
      categories,
      agreeTerms: true,
      guardianName: 'Bench Parent',
      privacyConsent: true,
    }),
  });
  if (response.status !== 201) throw new Error(`registering answered ${response.status}`);
  const folder = join(server.dataDir, 'mail');
  for (let i = 0; i < 150; i++) {
    for (const name of (() => {
      try {
        return readdirSync(folder);
      } catch {
        return [];
      }
    })()) {
      const text = readFileSync(join(folder, name), 'utf8').replace(/=\r?\n/g, '');
      if (!text.includes(referenceCode)) continue;
      const token = /\/my\/([A-Za-z0-9_-]{43})/.exec(text)?.[1];
      if (token) return token;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the confirmation email with the private link did not appear');
}

/** Sends one entry's single file as the page does: the entry, then tus parts of 5 MB, one after another. */
async function sendInParts(baseUrl: string, token: string, category: string, file: Buffer): Promise<{ entryId: string; seconds: number }> {
  const family = { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0' };
  const entryId = randomUUID();
  const created = await fetch(`${baseUrl}/api/family/entries`, {
    method: 'POST',
    headers: { ...family, 'content-type': 'application/json' },
    body: JSON.stringify({ id: entryId, category, levelId: 'level1', files: [{ bytes: file.length }] }),
  });
  if (created.status !== 201) throw new Error(`creating the entry answered ${created.status}: ${await created.text()}`);
  const started = performance.now();
  const post = await fetch(`${baseUrl}/api/family/uploads`, {
    method: 'POST',
    headers: { ...family, 'upload-length': String(file.length), 'upload-metadata': `entry ${b64(entryId)},position ${b64('0')}` },
  });
  const location = post.headers.get('location');
  if (post.status !== 201 || !location) throw new Error(`creating the upload answered ${post.status}`);
  for (let offset = 0; offset < file.length; offset += UPLOAD_CHUNK_BYTES) {
    const part = file.subarray(offset, Math.min(file.length, offset + UPLOAD_CHUNK_BYTES));
    const sent = await fetch(`${baseUrl}${location}`, {
      method: 'PATCH',
      headers: { ...family, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream', 'content-length': String(part.length) },
      body: part as Uint8Array<ArrayBuffer>,
    });
    if (sent.status !== 204) throw new Error(`a part answered ${sent.status}: ${await sent.text()}`);
  }
  return { entryId, seconds: (performance.now() - started) / 1000 };
}

/**
 * Issue 48: the copies the family's page makes before sending, in this Chromium on a 390 px page:
 * a 1080p phone video (H.264 at ~16 Mbit/s, 30 fps) and three 12 MP photos. Entry creation is
 * refused on the page, so only the phone's work is timed (`ktc-copy`, measured by the page).
 */
async function measurePhoneCopies(ctx: BenchContext, server: RunningServer, media: string, videoSeconds: number): Promise<Figure[]> {
  if (!existsSync(CHROMIUM_PATH)) return [figure(PART, "the phone's copy", `not measured: no Chromium at ${CHROMIUM_PATH}`, { pass: null })];
  const token = await familyToken(server, ['dance', 'drawing']);
  const video = await makeVideo(media, { seconds: videoSeconds, codec: 'h264', width: 1920, height: 1080, fps: 30, kbps: 16_000 });
  const photos = await Promise.all([0, 1, 2].map(() => makePhoto(media, { width: 4000, height: 3000, orientation: 6, gps: true, grain: true })));
  const load = await waitForQuiet();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  try {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await page.route('**/api/family/entries', (route) => (route.request().method() === 'POST' ? route.abort() : route.fallback()));
    page.on('pageerror', (error) => ctx.log(`  page error: ${error.message}`));
    await page.goto(`${server.url}/my/${token}`);
    const made = async (category: string) => {
      for (;;) {
        const kept = (await keptUploads(page)).filter((upload) => upload.category === category);
        if (kept.length > 0 && kept.every((upload) => upload.copy !== 'making')) return kept;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    };
    ctx.log(`  copying ${videoSeconds} s of 1080p video on the page (${describeLoad(load)}) ...`);
    await page.getByRole('article', { name: 'Dance Challenge' }).getByLabel('Choose the video').setInputFiles(video);
    const [copied] = await made('dance');
    const seconds = await page.evaluate(() => (performance.getEntriesByName('ktc-copy').at(-1)?.duration ?? 0) / 1000);
    ctx.log('  copying three 12 MP photos on the page ...');
    await page.getByRole('article', { name: 'Drawing Competition' }).getByLabel('Choose the photos').setInputFiles(photos);
    const resized = await made('drawing');
    const fps = (videoSeconds * 30) / seconds;
    const ratio = (after: number, before: number) => Math.round((after / before) * 1000) / 1000;
    const photoBytes = { before: resized.reduce((sum, photo) => sum + photo.originalBytes, 0), after: resized.reduce((sum, photo) => sum + photo.bytes, 0) };
    return [
      figure(PART, `the phone's 720p copy of ${videoSeconds} s of 1080p, frames per second`, Math.round(fps), {
        target: `>= ${COPY_FPS_TARGET}`,
        pass: copied?.copy === 'made' && fps >= COPY_FPS_TARGET,
        note: `${seconds.toFixed(1)} s in this Chromium (WebCodecs, mediabunny, in a worker); ${copied?.copy === 'made' ? 'copy made' : `no copy: ${copied?.copy}`}; machine before: ${describeLoad(load)}`,
      }),
      figure(PART, "video bytes sent, the phone's copy / the original", ratio(copied?.bytes ?? 0, copied?.originalBytes ?? 1), {
        note: `${((copied?.bytes ?? 0) / MiB).toFixed(1)} MiB instead of ${((copied?.originalBytes ?? 0) / MiB).toFixed(1)} MiB`,
      }),
      figure(PART, 'photo bytes sent, the phone\'s copies / the originals (three 12 MP JPEGs)', ratio(photoBytes.after, photoBytes.before), {
        note: `${(photoBytes.after / MiB).toFixed(1)} MiB instead of ${(photoBytes.before / MiB).toFixed(1)} MiB; grain drawn over the paper, so the originals weigh what a camera's do`,
      }),
    ];
  } finally {
    await browser.close();
  }
}

/** Seconds from the last byte until the entry is ready (or rejected, which is an error here). */
async function untilChecked(server: RunningServer, token: string, entryId: string): Promise<number> {
  const started = performance.now();
  for (;;) {
    const response = await fetch(`${server.url}/api/family/entries`, { headers: { authorization: `Bearer ${token}` } });
    const body = (await response.json()) as { contests: { counting: { id: string } | null; latest: { id: string; status: string; problem: string | null } | null }[] };
    if (body.contests.some((contest) => contest.counting?.id === entryId)) return (performance.now() - started) / 1000;
    const latest = body.contests.find((contest) => contest.latest?.id === entryId)?.latest;
    if (latest?.status === 'rejected') throw new Error(`the bench video was rejected: ${latest.problem}`);
    if (performance.now() - started > 15 * 60_000) throw new Error('checking took longer than 15 minutes');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export async function measureEntries(ctx: BenchContext, options: { rateMiBps: number; rateSeconds: number; bigMiB: number; videoSeconds: number }): Promise<Omit<PartResult, 'seconds'>> {
  const media = mkdtempSync(join(tmpdir(), 'ktc-bench-media-'));
  const database = await ctx.freshDatabase('entries');
  try {
    const server = await ctx.startServer(database);
    try {
      // 1. A 500 MB upload straight to the server: its peak resident memory, fresh from start.
      ctx.log(`  sending ${options.bigMiB} MB in 5 MB parts ...`);
      const bigToken = await familyToken(server, ['dance']);
      const big = Buffer.alloc(options.bigMiB * MiB);
      const pattern = randomBytes(MiB);
      for (let at = 0; at < big.length; at += MiB) pattern.copy(big, at);
      const before = memoryKib(server.process.pid, 'VmRSS') ?? 0;
      let sampledPeak = before;
      const sampler = setInterval(() => {
        sampledPeak = Math.max(sampledPeak, memoryKib(server.process.pid, 'VmRSS') ?? 0);
      }, 25);
      const bigRun = await sendInParts(server.url, bigToken, 'dance', big).finally(() => clearInterval(sampler));
      const peakMiB = sampledPeak / 1024;
      const lifetimePeakMiB = (peakRssKib(server.process.pid) ?? 0) / 1024;

      // 2. Through a capped link (a phone's uplink): how much of the rate an upload gets.
      const rate = options.rateMiBps * MiB;
      const proxy = await startCuttingProxy({ host: '127.0.0.1', port: server.port }, { uploadBytesPerSecond: rate });
      let capped: { seconds: number; bytes: number };
      try {
        ctx.log(`  sending ${options.rateMiBps * options.rateSeconds} MB through a ${options.rateMiBps} MB/s link ...`);
        const token = await familyToken(server, ['singing']);
        const file = randomBytes(options.rateMiBps * options.rateSeconds * MiB);
        const run = await sendInParts(proxy.url, token, 'singing', file);
        capped = { seconds: run.seconds, bytes: file.length };
      } finally {
        await proxy.close();
      }
      const share = capped.bytes / capped.seconds / rate;

      // 3. Checking one minute of video: a phone's H.264 (kept as it is) and an iPhone's HEVC (converted).
      ctx.log(`  checking ${options.videoSeconds} s of H.264 and of HEVC video ...`);
      const checkOne = async (codec: 'h264' | 'hevc', category: string) => {
        const token = await familyToken(server, [category]);
        const path = await makeVideo(media, { seconds: options.videoSeconds, codec, width: 1920, height: 1080, fps: 30, gps: true });
        const { entryId } = await sendInParts(server.url, token, category, await readFile(path));
        return untilChecked(server, token, entryId);
      };
      const h264 = await checkOne('h264', 'yoga');
      const hevc = await checkOne('hevc', 'storytelling');
      const perMinute = (seconds: number) => (seconds * 60) / options.videoSeconds;

      // 4. On the phone: the copies the page makes before sending.
      const phone = await measurePhoneCopies(ctx, server, media, options.videoSeconds);

      return {
        part: PART,
        figures: [
          figure(PART, `upload through a ${options.rateMiBps} MB/s link, share of the rate`, Math.round(share * 1000) / 10, {
            unit: '%',
            target: `>= ${RATE_SHARE_TARGET * 100} %`,
            pass: share >= RATE_SHARE_TARGET,
            note: `${capped.bytes / MiB} MB in ${capped.seconds.toFixed(1)} s, 5 MB parts one after another`,
          }),
          figure(PART, `server RSS during a ${options.bigMiB} MB upload, highest sample`, Math.round(peakMiB), {
            unit: 'MiB',
            target: `<= ${RSS_TARGET_MIB} MiB`,
            pass: peakMiB <= RSS_TARGET_MIB,
            note: `resident before it: ${Math.round(before / 1024)} MiB; the process's peak since start (VmHWM): ${Math.round(lifetimePeakMiB)} MiB; sent in ${bigRun.seconds.toFixed(1)} s on localhost`,
          }),
          figure(PART, 'checking 1 min of 1080p H.264 (kept, tags removed)', Math.round(perMinute(h264) * 10) / 10, { unit: 's', note: `${options.videoSeconds} s of video took ${h264.toFixed(1)} s` }),
          figure(PART, 'checking 1 min of 1080p HEVC (converted to 720p H.264)', Math.round(perMinute(hevc) * 10) / 10, {
            unit: 's',
            note: `${options.videoSeconds} s of video took ${hevc.toFixed(1)} s; one thread at nice 19`,
          }),
          ...phone,
        ],
      };
    } finally {
      await server.stop();
    }
  } finally {
    await database.dispose();
    rmSync(media, { recursive: true, force: true });
  }
}
