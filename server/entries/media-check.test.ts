import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { copyFile, open, readdir, readFile, stat, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { promisify } from 'node:util';
import sharp, { type Sharp } from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  exifHasGps,
  FIXTURE_MAKE,
  FIXTURE_MODEL,
  FIXTURE_PLACE,
  makeFakeVideo,
  makePhoto,
  makeRecording,
  makeVideo,
} from '../../tests/fixtures/entry-media';
import { findMediaTools, type MediaProblem, type MediaTools, prepareVideo, preparePhoto, type PreparedPhoto, type PreparedVideo, probeMedia, sniffMedia } from './media-check';

const dir = mkdtempSync(join(tmpdir(), 'ktc-media-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let outCount = 0;
const outDir = () => join(dir, `out-${++outCount}`);

let tools: MediaTools;
beforeAll(async () => {
  const found = await findMediaTools();
  if (!found) throw new Error('these tests need ffmpeg and ffprobe on the PATH');
  tools = found;
});

type ProbeJson = {
  streams: { codec_name?: string; codec_type?: string; width?: number; height?: number; tags?: Record<string, string> }[];
  format: { tags?: Record<string, string> };
};
async function probeJson(path: string): Promise<ProbeJson> {
  const { stdout } = await promisify(execFile)('ffprobe', ['-v', 'error', '-show_format', '-show_streams', '-of', 'json', path]);
  return JSON.parse(stdout) as ProbeJson;
}
/** Every tag of the file and its streams, as "key=value". */
const allTags = (probed: ProbeJson) =>
  [probed.format.tags ?? {}, ...probed.streams.map((stream) => stream.tags ?? {})].flatMap((tags) => Object.entries(tags).map(([key, value]) => `${key}=${value}`));
const PERSONAL_TAG = /location|make|model|creation|date|xyz/i;

function prepared<T extends PreparedVideo | PreparedPhoto>(result: T | { problem: MediaProblem }): T {
  if ('problem' in result) throw new Error(`expected a prepared file, got the problem ${result.problem}`);
  return result;
}

async function expectJpeg(path: string): Promise<{ width: number; height: number }> {
  const head = await readFile(path).then((bytes) => bytes.subarray(0, 3));
  expect([...head]).toEqual([0xff, 0xd8, 0xff]);
  const meta = await sharp(path).metadata();
  expect(meta.format).toBe('jpeg');
  return { width: meta.width, height: meta.height };
}

describe('findMediaTools', () => {
  it('finds ffmpeg and ffprobe on the PATH, and answers null when one cannot run', async () => {
    expect(await findMediaTools()).toEqual({ ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' });
    expect(await findMediaTools({ FFMPEG_PATH: '/nonexistent' })).toBeNull();
    expect(await findMediaTools({ FFPROBE_PATH: '/nonexistent/ffprobe' })).toBeNull();
  });
});

describe('sniffMedia', () => {
  it('tells what a file is by its first bytes, whatever its name says', async () => {
    const heads: [string, Buffer, { kind: 'video' | 'photo'; format: string } | null][] = [
      ['webm', Buffer.from('1a45dfa39f4286810142f7810142f2810442f381084282847765626d', 'hex'), { kind: 'video', format: 'webm' }],
      ['mkv', Buffer.from('1a45dfa3a34286810142f7810142f2810442f381084282886d6174726f736b61', 'hex'), { kind: 'video', format: 'mkv' }],
      ['mov', Buffer.from('\0\0\0\x14ftypqt  \0\0\0\0qt  ', 'latin1'), { kind: 'video', format: 'mov' }],
      ['3gp', Buffer.from('\0\0\0\x18ftyp3gp4\0\0\0\0isom3gp4', 'latin1'), { kind: 'video', format: '3gp' }],
      ['avi', Buffer.from('RIFF\0\0\0\0AVI LIST', 'latin1'), { kind: 'video', format: 'avi' }],
      ['heic', Buffer.from('\0\0\0\x18ftypheic\0\0\0\0mif1heic', 'latin1'), { kind: 'photo', format: 'heic' }],
      ['heif', Buffer.from('\0\0\0\x18ftypmif1\0\0\0\0mif1heic', 'latin1'), { kind: 'photo', format: 'heic' }],
      ['avif', Buffer.from('\0\0\0\x1cftypavif\0\0\0\0avifmif1miaf', 'latin1'), { kind: 'photo', format: 'avif' }],
      ['webp', Buffer.from('RIFF\0\0\0\0WEBPVP8 ', 'latin1'), { kind: 'photo', format: 'webp' }],
      ['m4a', Buffer.from('\0\0\0\x18ftypM4A \0\0\0\0M4A mp42', 'latin1'), null],
      ['pdf', Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1'), null],
      ['tiny', Buffer.from('ftyp'), null],
    ];
    for (const [name, head, expected] of heads) {
      const path = join(dir, `sniff-${name}.mp4`);
      await writeFile(path, head);
      expect(await sniffMedia(path), name).toEqual(expected);
    }
    expect(await sniffMedia(await makeVideo(dir, { seconds: 1, codec: 'hevc', audio: false }))).toEqual({ kind: 'video', format: 'mp4' });
    expect(await sniffMedia(await makePhoto(dir, { width: 16, height: 16 }))).toEqual({ kind: 'photo', format: 'jpeg' });
    const png = join(dir, 'drawing.mp4');
    await sharp({ create: { width: 8, height: 8, channels: 4, background: '#fff' } }).png().toFile(png);
    expect(await sniffMedia(png)).toEqual({ kind: 'photo', format: 'png' });
    expect(await sniffMedia(await makeFakeVideo(dir))).toBeNull();
  });
});

describe('what ffprobe and ffmpeg may read', () => {
  it('reads no other file on this machine through a playlist or a concat list it is given', async () => {
    const video = await makeVideo(dir, { seconds: 1, codec: 'h264' });
    expect(await probeMedia(tools, video)).not.toBeNull();
    // An HLS playlist whose segment is another local file, and a concat list naming a local video.
    const segment = join(dir, 'someone-else.ts');
    await promisify(execFile)('ffmpeg', ['-nostdin', '-v', 'error', '-y', '-i', video, '-c', 'copy', '-f', 'mpegts', segment]);
    const playlist = join(dir, 'entry-playlist');
    await writeFile(playlist, `#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1,\n${segment}\n#EXT-X-ENDLIST\n`);
    const concat = join(dir, 'entry-concat');
    await writeFile(concat, `ffconcat version 1.0\nfile ${basename(video)}\n`);
    expect(await probeMedia(tools, playlist)).toBeNull();
    expect(await probeMedia(tools, concat)).toBeNull();
  });
});

describe('prepareVideo', () => {
  it('keeps playable H.264 as it is, but without its place, device or date, and starts playback early', async () => {
    const input = await makeVideo(dir, { seconds: 3, codec: 'h264', gps: true });
    expect((await readFile(input)).includes(FIXTURE_PLACE.iso6709)).toBe(true);
    const before = allTags(await probeJson(input));
    expect(before.filter((tag) => PERSONAL_TAG.test(tag)).length).toBeGreaterThanOrEqual(5);

    const video = prepared(await prepareVideo(input, outDir(), { maxSeconds: 180, tools }));
    expect(video).toMatchObject({ kind: 'video', converted: false, width: 320, height: 240 });
    expect(video.durationSeconds).toBeCloseTo(3, 0);
    expect(video.bytes).toBe((await stat(video.mediaPath)).size);

    const after = await probeJson(video.mediaPath);
    expect(after.streams.map((stream) => stream.codec_name)).toEqual(['h264', 'aac']);
    expect(allTags(after).filter((tag) => PERSONAL_TAG.test(tag))).toEqual([]);
    const bytes = await readFile(video.mediaPath);
    for (const trace of [FIXTURE_PLACE.iso6709, '+13.0827', FIXTURE_MAKE, FIXTURE_MODEL, '2027-03-01']) expect(bytes.includes(trace), trace).toBe(false);
    // +faststart: the index comes before the media data.
    expect(bytes.indexOf('moov')).toBeLessThan(bytes.indexOf('mdat'));

    const poster = await expectJpeg(video.posterPath);
    expect(poster).toEqual({ width: 320, height: 240 });
  });

  it('converts HEVC to H.264 of at most 720 lines, and drops its tags too', async () => {
    const input = await makeVideo(dir, { seconds: 1, codec: 'hevc', width: 1920, height: 1080, fps: 10, gps: true });
    const video = prepared(await prepareVideo(input, outDir(), { maxSeconds: 180, tools }));
    expect(video).toMatchObject({ converted: true, width: 1280, height: 720 });
    const after = await probeJson(video.mediaPath);
    expect(after.streams.map((stream) => [stream.codec_name, stream.height])).toEqual([
      ['h264', 720],
      ['aac', undefined],
    ]);
    expect(allTags(after).filter((tag) => PERSONAL_TAG.test(tag))).toEqual([]);
    expect(await expectJpeg(video.posterPath)).toEqual({ width: 640, height: 360 });
  });

  it("converts a browser's WebM recording, which states no duration, and still holds it to the limit", async () => {
    const recording = await makeRecording(dir, { seconds: 3 });
    const video = prepared(await prepareVideo(recording, outDir(), { maxSeconds: 180, tools }));
    expect(video).toMatchObject({ converted: true, width: 320, height: 240 });
    expect(video.durationSeconds).toBeCloseTo(3, 0);
    expect((await probeJson(video.mediaPath)).streams.map((stream) => stream.codec_name)).toEqual(['h264', 'aac']);
    await expectJpeg(video.posterPath);

    const out = outDir();
    expect(await prepareVideo(recording, out, { maxSeconds: 2, tools })).toEqual({ problem: 'too_long' });
    expect(await readdir(out)).toEqual([]);
  });

  it('throws, rather than blaming the file, when ffmpeg cannot run', async () => {
    const input = await makeVideo(dir, { seconds: 1, codec: 'h264', audio: false });
    const out = outDir();
    await expect(prepareVideo(input, out, { maxSeconds: 180, tools: { ffmpeg: '/nonexistent/ffmpeg', ffprobe: tools.ffprobe } })).rejects.toThrow(/nonexistent/);
    expect(await readdir(out)).toEqual([]);
  });

  it('reports a phone video held upright in its upright size, and makes an upright poster', async () => {
    const input = await makeVideo(dir, { seconds: 2, codec: 'h264', rotate: 90, gps: true, audio: false });
    expect(allTags(await probeJson(input)).filter((tag) => PERSONAL_TAG.test(tag)).length).toBeGreaterThanOrEqual(5);
    const video = prepared(await prepareVideo(input, outDir(), { maxSeconds: 180, tools }));
    expect(video).toMatchObject({ converted: false, width: 240, height: 320 });
    expect(allTags(await probeJson(video.mediaPath)).filter((tag) => PERSONAL_TAG.test(tag))).toEqual([]);
    expect(await expectJpeg(video.posterPath)).toEqual({ width: 240, height: 320 });
  });

  it('refuses a video longer than the limit (a second of grace), writing nothing', async () => {
    const long = await makeVideo(dir, { seconds: 200, codec: 'h264', width: 160, height: 120, fps: 2, audio: false });
    const out = outDir();
    expect(await prepareVideo(long, out, { maxSeconds: 180, tools })).toEqual({ problem: 'too_long' });
    expect(await readdir(out).catch(() => [])).toEqual([]);
    const justOver = await makeVideo(dir, { seconds: 4, codec: 'h264', width: 160, height: 120, audio: false });
    expect(await prepareVideo(justOver, outDir(), { maxSeconds: 2, tools })).toEqual({ problem: 'too_long' });
    expect(prepared(await prepareVideo(justOver, outDir(), { maxSeconds: 3, tools })).durationSeconds).toBeCloseTo(4, 1);
  });

  it('refuses a program renamed .mp4, and a photo, as not a video', async () => {
    expect(await prepareVideo(await makeFakeVideo(dir), outDir(), { maxSeconds: 180, tools })).toEqual({ problem: 'not_a_video' });
    expect(await prepareVideo(await makePhoto(dir, { width: 64, height: 48 }), outDir(), { maxSeconds: 180, tools })).toEqual({ problem: 'not_a_video' });
  });

  it('finds a cut-off upload unreadable, whether its index was at the end or at the front', async () => {
    const indexAtEnd = join(dir, 'cut-end.mp4');
    await copyFile(await makeVideo(dir, { seconds: 3, codec: 'h264' }), indexAtEnd);
    await truncate(indexAtEnd, 50 * 1024);
    const out = outDir();
    expect(await prepareVideo(indexAtEnd, out, { maxSeconds: 180, tools })).toEqual({ problem: 'unreadable' });

    const indexAtFront = join(dir, 'cut-front.mp4');
    await copyFile(await makeVideo(dir, { seconds: 6, codec: 'h264', faststart: true }), indexAtFront);
    await truncate(indexAtFront, Math.round((await stat(indexAtFront)).size / 2));
    expect(await prepareVideo(indexAtFront, out, { maxSeconds: 180, tools })).toEqual({ problem: 'unreadable' });
    expect(await readdir(out).catch(() => [])).toEqual([]);
  });

  it('stops ffmpeg and leaves nothing behind when aborted', async () => {
    const input = await makeVideo(dir, { seconds: 3, codec: 'hevc', width: 640, height: 360, audio: false });
    const out = outDir();
    const controller = new AbortController();
    // Aborts once ffmpeg has started writing.
    const watcher = setInterval(() => void readdir(out).then((names) => names.length > 0 && controller.abort(), () => {}), 5);
    try {
      await expect(prepareVideo(input, out, { maxSeconds: 180, tools, signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
    } finally {
      clearInterval(watcher);
    }
    expect(controller.signal.aborted).toBe(true);
    expect(await readdir(out)).toEqual([]);
  });

  it('prepares a 60 MB video without holding it in memory', async () => {
    const input = await makeVideo(dir, { seconds: 10, codec: 'h264', width: 640, height: 360, sizeMB: 60 });
    expect((await stat(input)).size).toBeGreaterThan(55 * 1024 * 1024);
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
    try {
      const video = prepared(await prepareVideo(input, outDir(), { maxSeconds: 180, tools }));
      expect(video.converted).toBe(false);
      expect(video.bytes).toBeGreaterThan(55 * 1024 * 1024);
    } finally {
      clearInterval(sampler);
    }
    expect(peak - before).toBeLessThan(100 * 1024 * 1024);
  });
});

describe('preparePhoto', () => {
  it('turns a photo upright by its EXIF orientation and removes its GPS position and camera', async () => {
    const input = await makePhoto(dir, { width: 400, height: 200, gps: true, orientation: 6 });
    const source = await sharp(input).metadata();
    expect(exifHasGps(source.exif)).toBe(true);

    const photo = prepared(await preparePhoto(input, outDir()));
    expect(photo).toMatchObject({ kind: 'photo', width: 200, height: 400 });
    expect(photo.bytes).toBe((await stat(photo.photoPath)).size);
    const meta = await sharp(photo.photoPath).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 200, height: 400 });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    const bytes = await readFile(photo.photoPath);
    for (const trace of ['Exif', FIXTURE_MAKE, FIXTURE_MODEL]) expect(bytes.includes(trace), trace).toBe(false);

    // The red square stored top-left is top-right once turned 90° clockwise, as the camera meant.
    const { data, info } = await sharp(photo.photoPath).raw().toBuffer({ resolveWithObject: true });
    const red = (x: number, y: number) => {
      const at = (y * info.width + x) * info.channels;
      return (data[at] ?? 0) > 150 && (data[at + 2] ?? 255) < 100;
    };
    expect([red(info.width - 5, 5), red(5, 5)]).toEqual([true, false]);

    expect(await expectJpeg(photo.thumbPath)).toEqual({ width: 200, height: 400 });
  });

  it('scales a large photo to 2560 px on its long side, with a 320 px wide thumbnail', async () => {
    const photo = prepared(await preparePhoto(await makePhoto(dir, { width: 3000, height: 2000 }), outDir()));
    expect(photo).toMatchObject({ width: 2560, height: 1707 });
    expect(await expectJpeg(photo.thumbPath)).toEqual({ width: 320, height: 213 });
  });

  it('reads PNG, WebP and AVIF by their content, and puts transparent parts on white paper', async () => {
    const transparent = { create: { width: 60, height: 40, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } } as const;
    for (const [name, write] of [
      ['png', (image: Sharp) => image.png()],
      ['webp', (image: Sharp) => image.webp()],
      ['avif', (image: Sharp) => image.avif()],
    ] as const) {
      const input = join(dir, `artwork-${name}.upload`);
      await write(sharp(transparent)).toFile(input);
      const photo = prepared(await preparePhoto(input, outDir()));
      expect(photo, name).toMatchObject({ width: 60, height: 40 });
      const { data } = await sharp(photo.photoPath).raw().toBuffer({ resolveWithObject: true });
      expect(Math.min(...data.subarray(0, 3)), name).toBeGreaterThan(240);
    }
  });

  it('refuses a video or a program as not a photo, and a cut-off photo as unreadable', async () => {
    expect(await preparePhoto(await makeFakeVideo(dir), outDir())).toEqual({ problem: 'not_a_photo' });
    expect(await preparePhoto(await makeVideo(dir, { seconds: 1, codec: 'h264', audio: false }), outDir())).toEqual({ problem: 'not_a_photo' });
    const cut = await makePhoto(dir, { width: 1200, height: 900 });
    const file = await open(cut, 'r+');
    await file.truncate(Math.round((await file.stat()).size / 3));
    await file.close();
    const out = outDir();
    expect(await preparePhoto(cut, out)).toEqual({ problem: 'unreadable' });
    expect(await readdir(out)).toEqual([]);
  });
});
