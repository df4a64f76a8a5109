import { randomBytes } from 'node:crypto';
import { chmod, mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { basename, extname, join, resolve } from 'node:path';
import { z } from 'zod';
import { ENTRY_PHOTO_MAX_SIDE, ENTRY_VIDEO_SHORT_SIDE } from '@domain/entries';
import { loadSharp } from '../lib/load-sharp';
import { MediaToolError, runTool, type MediaTools } from './media-tools';

export { findMediaTools, MediaToolError, type MediaTools } from './media-tools';

/**
 * The check an entry's file goes through once every byte has arrived (issue 23): what it is by
 * its content, never its name or declared type, and a copy judges can be shown with nothing in it
 * about where or on what it was made. Files stay on disk: ffmpeg reads and writes them, sharp
 * streams from the path.
 */

export type MediaProblem = 'not_a_video' | 'not_a_photo' | 'unreadable' | 'too_long';

// ---------------------------------------------------------------------------------------------
// What a file is, by its first bytes

const HEAD_BYTES = 64;

const ascii = (head: Buffer, start: number, end: number) => head.toString('latin1', start, end);

/** The brands of an ISO base media file's `ftyp` box (major first), as far as the head holds them. */
function ftypBrands(head: Buffer): string[] {
  const size = Math.min(head.readUInt32BE(0), head.length);
  const brands = [ascii(head, 8, 12)];
  for (let at = 16; at + 4 <= size; at += 4) brands.push(ascii(head, at, at + 4));
  return brands;
}

const HEIC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx']);
const AUDIO_BRANDS = new Set(['M4A ', 'M4B ', 'M4P ', 'F4A ', 'F4B ']);
/** QuickTime files from before `ftyp` start straight with one of these atoms. */
const QUICKTIME_ATOMS = new Set(['moov', 'mdat', 'wide', 'free', 'skip']);

function sniffHead(head: Buffer): { kind: 'video' | 'photo'; format: string } | null {
  if (head.length < 12) return null;
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return { kind: 'photo', format: 'jpeg' };
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return { kind: 'photo', format: 'png' };
  if (ascii(head, 0, 4) === 'RIFF') {
    const form = ascii(head, 8, 12);
    if (form === 'WEBP') return { kind: 'photo', format: 'webp' };
    if (form === 'AVI ') return { kind: 'video', format: 'avi' };
    return null;
  }
  if (head.readUInt32BE(0) === 0x1a45dfa3) {
    // EBML: the DocType element, a few bytes in, says which of the two it is.
    return { kind: 'video', format: head.includes('webm', 4, 'latin1') ? 'webm' : 'mkv' };
  }
  const box = ascii(head, 4, 8);
  if (box === 'ftyp') {
    const brands = ftypBrands(head);
    const major = brands[0] ?? '';
    if (brands.includes('avif') || brands.includes('avis')) return { kind: 'photo', format: 'avif' };
    if (HEIC_BRANDS.has(major) || major === 'mif1' || major === 'msf1') {
      return { kind: 'photo', format: brands.some((brand) => HEIC_BRANDS.has(brand)) ? 'heic' : 'heif' };
    }
    if (AUDIO_BRANDS.has(major)) return null;
    if (major === 'qt  ') return { kind: 'video', format: 'mov' };
    if (major.startsWith('3gp') || major.startsWith('3g2')) return { kind: 'video', format: '3gp' };
    return { kind: 'video', format: 'mp4' };
  }
  if (QUICKTIME_ATOMS.has(box)) return { kind: 'video', format: 'mov' };
  return null;
}

/** What a file really is, by its magic bytes; null when it is no video or photo we take. */
export async function sniffMedia(path: string): Promise<{ kind: 'video' | 'photo'; format: string } | null> {
  const file = await open(path, 'r');
  try {
    const { buffer, bytesRead } = await file.read({ buffer: Buffer.alloc(HEAD_BYTES), position: 0 });
    return sniffHead(buffer.subarray(0, bytesRead));
  } finally {
    await file.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Shared

const partialName = (final: string) => join(resolve(final, '..'), `.partial-${randomBytes(6).toString('hex')}-${basename(final)}`);

/** Output names follow the input's name, so several files (a contest's photos) can share one directory. */
function outputPaths(inputPath: string, outDir: string, suffixes: readonly string[]): string[] {
  const stem = basename(inputPath, extname(inputPath)) || 'entry';
  const paths = suffixes.map((suffix) => resolve(outDir, stem + suffix));
  if (paths.includes(resolve(inputPath))) throw new Error(`preparing ${inputPath} into ${outDir} would overwrite it`);
  return paths;
}

/** Messages that are about us (disk, permissions, a tool built without what we ask of it), not the family's file. */
const OUR_TROUBLE = new RegExp(
  [
    'no space left', 'disk quota', 'read-only file system', 'permission denied', 'EACCES', 'ENOSPC', 'EROFS', 'EDQUOT',
    'unrecognized option', 'option not found', 'error splitting the argument list', 'no such filter',
    'unknown (?:en|de)coder', '(?:en|de)coder \\(.*\\) not found',
  ].join('|'),
  'i',
);

async function removeAll(paths: readonly string[]): Promise<void> {
  await Promise.all(paths.map((path) => rm(path, { force: true })));
}

/** Puts finished files under their names, private as entry storage keeps its files. */
async function publish(moves: readonly (readonly [from: string, to: string])[]): Promise<void> {
  for (const [from, to] of moves) {
    await chmod(from, 0o600);
    await rename(from, to);
  }
}

/** ffmpeg reads a path as a URL ("concat:", "http:"); "file:" keeps it a file. */
const fileUrl = (path: string) => `file:${resolve(path)}`;

/** The containers we take (sniffHead's videos), by the names of ffmpeg's demuxers for them. */
const DEMUXERS = ['mov', 'matroska', 'avi'] as const;
type Demuxer = (typeof DEMUXERS)[number];
const DEMUXER_NAMES = 'mov,mp4,m4a,3gp,3g2,mj2,matroska,webm,avi';

/**
 * Given before every input ffprobe or ffmpeg reads: local files only (no network, no other
 * protocol), only the containers we take (a playlist or a concat list that names other files on
 * this machine is no video of ours), and a MOV's references to other files never followed
 * (`enable_drefs`, off by default: said anyway). ffmpeg refuses an option the input's demuxer does
 * not have, so it gets `-enable_drefs` with the mov demuxer only, which it then names; ffprobe,
 * before it knows the container, takes it always.
 */
function inputOptions(demuxer: Demuxer | null): string[] {
  const options = ['-protocol_whitelist', 'file', '-format_whitelist', DEMUXER_NAMES];
  if (demuxer) options.push('-f', demuxer);
  if (demuxer === null || demuxer === 'mov') options.push('-enable_drefs', '0');
  return options;
}

/** The demuxer ffprobe read a file with: the first of its names ("mov,mp4,…" is mov). */
function demuxerOf(probed: Probe): Demuxer | null {
  const name = probed.format?.format_name?.split(',')[0];
  return DEMUXERS.find((demuxer) => demuxer === name) ?? null;
}

// ---------------------------------------------------------------------------------------------
// Videos

export type PreparedVideo = {
  kind: 'video';
  mediaPath: string;
  posterPath: string;
  durationSeconds: number;
  /** As shown, after any rotation the file asks for. */
  width: number;
  height: number;
  /** True when a stream was encoded again; false when the streams were copied as they came. */
  converted: boolean;
  bytes: number;
};

const PROBE_TIMEOUT_MS = 30_000;
const POSTER_TIMEOUT_MS = 60_000;
/** Ten minutes at least; a long 4K HEVC file decoded on one thread may need more. */
const convertTimeoutMs = (seconds: number) => Math.max(600, seconds * 5) * 1000;
/** The longest side of a poster, and the shorter side of a converted video ("720p", either way up). */
const POSTER_MAX_WIDTH = 640;
const VIDEO_SHORT_SIDE = ENTRY_VIDEO_SHORT_SIDE;
/** A video may run this much past the limit: phones stop recording a little late. */
const DURATION_TOLERANCE_SECONDS = 1;

const probeSchema = z.object({
  streams: z
    .array(
      z.object({
        index: z.number(),
        codec_type: z.string().optional(),
        codec_name: z.string().optional(),
        pix_fmt: z.string().optional(),
        width: z.number().optional(),
        height: z.number().optional(),
        channels: z.number().optional(),
        duration: z.string().optional(),
        disposition: z.object({ attached_pic: z.number().optional() }).optional(),
        side_data_list: z.array(z.object({ rotation: z.number().optional() })).optional(),
      }),
    )
    .default([]),
  format: z.object({ duration: z.string().optional(), format_name: z.string().optional() }).optional(),
});
type Probe = z.infer<typeof probeSchema>;
type ProbeStream = Probe['streams'][number];

/** What ffprobe reads of a file; null when it cannot make sense of it. */
export async function probeMedia(tools: MediaTools, path: string, signal?: AbortSignal): Promise<Probe | null> {
  const run = await runTool(tools.ffprobe, ['-v', 'error', '-show_format', '-show_streams', '-of', 'json', ...inputOptions(null), '-i', fileUrl(path)], {
    timeoutMs: PROBE_TIMEOUT_MS,
    lowPriority: true,
    signal,
  });
  if (run.code !== 0) return null;
  try {
    const parsed = probeSchema.safeParse(JSON.parse(run.stdout));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const seconds = (text: string | undefined): number | null => {
  const value = Number(text);
  return text !== undefined && Number.isFinite(value) && value >= 0 ? value : null;
};

/** How long the kept streams run; the file's own figure when they say nothing (MediaRecorder's WebM). */
function durationOf(probed: Probe, kept: readonly ProbeStream[]): number | null {
  const each = kept.map((stream) => seconds(stream.duration)).filter((value) => value !== null);
  return each.length > 0 ? Math.max(...each) : seconds(probed.format?.duration);
}

const pictureStream = (probed: Probe) => probed.streams.find((stream) => stream.codec_type === 'video' && stream.disposition?.attached_pic !== 1);
const soundStream = (probed: Probe) => probed.streams.find((stream) => stream.codec_type === 'audio');

/** Width and height as shown: a phone's portrait video is stored landscape with a 90° turn. */
function shownSize(stream: ProbeStream): { width: number; height: number } {
  const rotation = stream.side_data_list?.find((data) => data.rotation !== undefined)?.rotation ?? 0;
  const width = stream.width ?? 0;
  const height = stream.height ?? 0;
  return Math.abs(rotation) % 180 === 90 ? { width: height, height: width } : { width, height };
}

const ISO_MEDIA = new Set(['mp4', 'mov', '3gp']);
/** What Chromium plays straight from an MP4: 8-bit 4:2:0 H.264, with AAC or no sound. */
const playableVideo = (format: string, stream: ProbeStream) =>
  ISO_MEDIA.has(format) && stream.codec_name === 'h264' && (stream.pix_fmt === 'yuv420p' || stream.pix_fmt === 'yuvj420p');
const playableSound = (stream: ProbeStream | undefined) => stream === undefined || stream.codec_name === 'aac';

/**
 * Fits the picture in 720p either way up (short side at most 720, aspect kept, even sizes for
 * 4:2:0). ffmpeg has already applied any rotation, so iw and ih are as shown.
 */
const SCALE_720 =
  `scale=w='if(gte(iw,ih),-2,min(${VIDEO_SHORT_SIDE},trunc(iw/2)*2))'` + `:h='if(gte(iw,ih),min(${VIDEO_SHORT_SIDE},trunc(ih/2)*2),-2)'`;

function ffmpegFailure(step: string, run: { code: number | null; stderr: string }): MediaToolError {
  return new MediaToolError(`ffmpeg failed to ${step} (exit ${run.code}): ${run.stderr.slice(-1000) || 'no message'}`);
}

/**
 * Checks a received video and writes, into outDir, a version safe to show and its poster (see
 * PreparedVideo; names follow the input's: `<name>.mp4`, `<name>.poster.jpg`). No tag of the file
 * survives: location, device, dates. H.264 with AAC (or no sound) in MP4/MOV is copied as it is,
 * moved to start playing before it has all arrived; anything else becomes H.264 720p + AAC.
 * ffmpeg runs at the lowest priority on one thread. A file that is not a video, cannot be read or
 * runs too long is a problem, returned; only our own failures (tools, disk) throw.
 */
export async function prepareVideo(
  inputPath: string,
  outDir: string,
  options: { maxSeconds: number; tools: MediaTools; signal?: AbortSignal },
): Promise<PreparedVideo | { problem: MediaProblem }> {
  const { tools, signal } = options;
  const sniffed = await sniffMedia(inputPath);
  if (sniffed?.kind !== 'video') return { problem: 'not_a_video' };

  const probed = await probeMedia(tools, inputPath, signal);
  const picture = probed && pictureStream(probed);
  const demuxer = probed && demuxerOf(probed);
  if (!probed || !picture || !demuxer) return { problem: 'unreadable' };
  const sound = soundStream(probed);
  const limit = options.maxSeconds + DURATION_TOLERANCE_SECONDS;
  const declared = durationOf(probed, sound ? [picture, sound] : [picture]);
  if (declared !== null && declared > limit) return { problem: 'too_long' };

  const [mediaPath, posterPath] = outputPaths(inputPath, outDir, ['.mp4', '.poster.jpg']) as [string, string];
  await mkdir(outDir, { recursive: true, mode: 0o700 });
  const partialMedia = partialName(mediaPath);
  const partialPoster = partialName(posterPath);
  const copyPicture = playableVideo(sniffed.format, picture);
  const copySound = playableSound(sound);

  try {
    const args = ['-nostdin', '-hide_banner', '-v', 'error', '-threads', '1', ...inputOptions(demuxer), '-i', fileUrl(inputPath)];
    args.push('-map', `0:${picture.index}`, ...(sound ? ['-map', `0:${sound.index}`] : []));
    // Every tag, chapter and data track (GPS tracks too) stays behind; only the two streams go.
    args.push('-map_metadata', '-1', '-map_chapters', '-1', '-fflags', '+bitexact');
    if (copyPicture) args.push('-c:v', 'copy');
    else {
      args.push('-vf', SCALE_720, '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '26', '-pix_fmt', 'yuv420p');
      // MediaRecorder's WebM has irregular timestamps; keep them instead of filling a constant rate.
      args.push('-fps_mode', 'vfr');
    }
    if (sound) {
      if (copySound) args.push('-c:a', 'copy');
      else args.push('-c:a', 'aac', '-b:a', '128k', ...((sound.channels ?? 2) > 2 ? ['-ac', '2'] : []));
    }
    // The duration check for files that do not state one (and those that lie): never write much past the limit.
    args.push('-t', String(limit + 1), '-threads', '1', '-filter_threads', '1', '-max_muxing_queue_size', '1024');
    args.push('-movflags', '+faststart', '-f', 'mp4', '-y', fileUrl(partialMedia));

    const converted = await runTool(tools.ffmpeg, args, {
      timeoutMs: convertTimeoutMs(declared ?? options.maxSeconds),
      lowPriority: true,
      signal,
    });
    if (converted.code !== 0) {
      if (OUR_TROUBLE.test(converted.stderr)) throw ffmpegFailure('write the video', converted);
      await removeAll([partialMedia]);
      return { problem: 'unreadable' };
    }

    const result = await probeMedia(tools, partialMedia, signal);
    const shown = result && pictureStream(result);
    if (!result || !shown) throw new MediaToolError(`ffprobe cannot read the video ffmpeg wrote from ${inputPath}`);
    const shownSound = soundStream(result);
    const duration = durationOf(result, shownSound ? [shown, shownSound] : [shown]) ?? 0;
    // A file cut short (a truncated upload with its index at the front) states more than it holds.
    const truncated = declared !== null && duration < declared * 0.9 - 1;
    if (duration > limit || truncated || duration === 0) {
      await removeAll([partialMedia]);
      return { problem: duration > limit ? 'too_long' : 'unreadable' };
    }

    await writePoster(tools, partialMedia, partialPoster, duration, signal);
    const { size } = await stat(partialMedia);
    await publish([
      [partialMedia, mediaPath],
      [partialPoster, posterPath],
    ]);
    return {
      kind: 'video',
      mediaPath,
      posterPath,
      durationSeconds: duration,
      ...shownSize(shown),
      converted: !copyPicture || !copySound,
      bytes: size,
    };
  } catch (error) {
    await removeAll([partialMedia, partialPoster]);
    throw error;
  }
}

/** A JPEG of the frame at 1 s (the first frame of a shorter video), at most 640 px wide, upright. */
async function writePoster(tools: MediaTools, video: string, poster: string, duration: number, signal: AbortSignal | undefined): Promise<void> {
  const attempt = async (at: number) => {
    // Our own MP4, read as carefully as the family's file.
    const args = ['-nostdin', '-hide_banner', '-v', 'error', '-threads', '1', '-ss', String(at), ...inputOptions('mov'), '-i', fileUrl(video)];
    args.push('-frames:v', '1', '-an', '-vf', `scale=w='min(${POSTER_MAX_WIDTH},trunc(iw/2)*2)':h=-2`);
    args.push('-map_metadata', '-1', '-flags:v', '+bitexact', '-c:v', 'mjpeg', '-pix_fmt', 'yuvj420p', '-q:v', '4');
    args.push('-threads', '1', '-f', 'image2', '-update', '1', '-y', fileUrl(poster));
    const run = await runTool(tools.ffmpeg, args, { timeoutMs: POSTER_TIMEOUT_MS, lowPriority: true, signal });
    if (run.code !== 0) throw ffmpegFailure('write the poster', run);
    return (await stat(poster).catch(() => null))?.size ?? 0;
  };
  // Seeking to 1 s finds no frame in a clip that ends before it: then the first frame it is.
  if (duration > 1.5 && (await attempt(1)) > 0) return;
  if ((await attempt(0)) === 0) throw new MediaToolError(`ffmpeg wrote no poster for ${video}`);
}

// ---------------------------------------------------------------------------------------------
// Photos

export type PreparedPhoto = { kind: 'photo'; photoPath: string; thumbPath: string; width: number; height: number; bytes: number };

const PHOTO_MAX_SIDE = ENTRY_PHOTO_MAX_SIDE;
const THUMB_WIDTH = 320;
/** A 100-megapixel image decodes to ~300 MB; anything larger is refused before decoding. */
const MAX_INPUT_PIXELS = 100_000_000;

/**
 * A photo by its content (JPEG, PNG, WebP, AVIF; HEIC only where libvips can decode it), turned
 * upright by its EXIF orientation, written again as a JPEG of at most 2560 px on its long side with
 * no metadata at all (EXIF, GPS, XMP, ICC), and a 320 px wide thumbnail. Names follow the input's:
 * `<name>.jpg`, `<name>.thumb.jpg`.
 */
export async function preparePhoto(inputPath: string, outDir: string): Promise<PreparedPhoto | { problem: MediaProblem }> {
  const sniffed = await sniffMedia(inputPath);
  if (sniffed?.kind !== 'photo') return { problem: 'not_a_photo' };
  const [photoPath, thumbPath] = outputPaths(inputPath, outDir, ['.jpg', '.thumb.jpg']) as [string, string];
  const sharp = await loadSharp();
  await mkdir(outDir, { recursive: true, mode: 0o700 });
  const partialPhoto = partialName(photoPath);
  const partialThumb = partialName(thumbPath);

  try {
    let info: { width: number; height: number; size: number };
    try {
      info = await sharp(inputPath, { autoOrient: true, failOn: 'truncated', limitInputPixels: MAX_INPUT_PIXELS })
        .resize({ width: PHOTO_MAX_SIDE, height: PHOTO_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
        // Transparent parts of a PNG become white paper, not black.
        .flatten({ background: '#ffffff' })
        // sharp writes no metadata unless asked to (keepExif, withMetadata): nothing is carried over.
        .jpeg({ quality: 85, mozjpeg: true })
        .toFile(partialPhoto);
    } catch (error) {
      if (error instanceof Error && OUR_TROUBLE.test(error.message)) throw error;
      await removeAll([partialPhoto]);
      return { problem: 'unreadable' };
    }
    await sharp(partialPhoto, {})
      .resize({ width: THUMB_WIDTH, withoutEnlargement: true })
      .jpeg({ quality: 80, mozjpeg: true })
      .toFile(partialThumb);
    await publish([
      [partialPhoto, photoPath],
      [partialThumb, thumbPath],
    ]);
    return { kind: 'photo', photoPath, thumbPath, width: info.width, height: info.height, bytes: info.size };
  } catch (error) {
    await removeAll([partialPhoto, partialThumb]);
    throw error;
  }
}
