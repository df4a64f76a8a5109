/// <reference lib="webworker" />
import { ALL_FORMATS, BlobSource, BufferTarget, Conversion, Input, Mp4OutputFormat, Output, Quality } from 'mediabunny';
import { ENTRY_PHOTO_MAX_SIDE, ENTRY_VIDEO_BITS_PER_SECOND, ENTRY_VIDEO_LONG_SIDE, ENTRY_VIDEO_SHORT_SIDE } from '@domain/entries';
import type { CopyFailure, CopyRequest, CopyReply } from './smaller-copy';

/**
 * Makes the copy judges need of one chosen file, off the page's thread (issue 48): a video as
 * H.264 fitting 1280×720 (aspect and rotation kept, at most 30 frames a second, its sound copied
 * where MP4 takes it), a photo as a JPEG of at most 2,560 px, upright, with no metadata. Nothing
 * of the file's tags (place, phone, dates) is written into the copy.
 */

const MAX_FRAME_RATE = 30;

class CopyFailed extends Error {
  constructor(readonly reason: CopyFailure) {
    super(reason);
  }
}

const post = (reply: CopyReply) => postMessage(reply);

/** Progress at most a few times a second: each message re-renders the card on the page's thread. */
function throttled(report: (share: number) => void): (share: number) => void {
  let last = 0;
  let lastShare = -1;
  return (share) => {
    const now = performance.now();
    if (now - last < 500 && share - lastShare < 0.05) return;
    last = now;
    lastShare = share;
    report(share);
  };
}

/** A frame size fitting 1280×720 either way up; even, as 4:2:0 H.264 wants. */
function fitted(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, ENTRY_VIDEO_LONG_SIDE / Math.max(width, height), ENTRY_VIDEO_SHORT_SIDE / Math.min(width, height));
  const even = (side: number) => Math.max(2, Math.round((side * scale) / 2) * 2);
  return { width: even(width), height: even(height) };
}

async function copyVideo(file: Blob): Promise<Blob> {
  const input = new Input({ source: new BlobSource(file), formats: ALL_FORMATS });
  const track = await input.getPrimaryVideoTrack().catch(() => null);
  if (!track || !(await track.canDecode())) throw new CopyFailed('cannot_read');
  const size = fitted(await track.getDisplayWidth(), await track.getDisplayHeight());
  const { averagePacketRate } = await track.computePacketStats(120);
  const seconds = await input.computeDuration();
  // What the copy will weigh, about: the picture's bitrate and the sound's (copied, ~128 kbit/s).
  post({ type: 'plan', bytes: Math.round((seconds * (ENTRY_VIDEO_BITS_PER_SECOND + 128_000)) / 8) });

  const output = new Output({ format: new Mp4OutputFormat({ fastStart: 'in-memory' }), target: new BufferTarget() });
  const conversion = await Conversion.init({
    input,
    output,
    tracks: 'primary',
    video: {
      ...size,
      fit: 'contain',
      codec: 'avc',
      quality: new Quality({ bitrate: ENTRY_VIDEO_BITS_PER_SECOND, bitrateMode: 'variable' }),
      frameRate: averagePacketRate > MAX_FRAME_RATE + 0.5 ? MAX_FRAME_RATE : undefined,
      keyFrameInterval: 2,
      forceTranscode: true,
    },
    // Copied as it is where MP4 takes it (a phone's AAC); encoded again only where it must be.
    audio: {},
    tags: {},
    showWarnings: false,
  });
  // A copy without its sound, or without its picture, is no copy of the performance.
  if (!conversion.isValid || conversion.discardedTracks.length > 0) throw new CopyFailed('cannot_read');
  conversion.onProgress = throttled((share) => post({ type: 'progress', share }));
  await conversion.execute();
  const buffer = output.target.buffer;
  if (!buffer) throw new CopyFailed('cannot_read');
  return new Blob([buffer], { type: 'video/mp4' });
}

async function copyPhoto(file: Blob): Promise<Blob> {
  // The EXIF orientation is applied as the photo is decoded; nothing of its metadata is drawn.
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' }).catch(() => {
    throw new CopyFailed('cannot_read');
  });
  try {
    const scale = Math.min(1, ENTRY_PHOTO_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) throw new CopyFailed('no_room');
    // Transparent parts of a PNG become white paper, as the server makes them.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, width, height);
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, width, height);
    post({ type: 'progress', share: 0.5 });
    return await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.85 });
  } finally {
    bitmap.close();
  }
}

/** Out of memory shows up as a RangeError (an allocation) or a codec's error with memory in it. */
function reasonOf(error: unknown): CopyFailure {
  if (error instanceof CopyFailed) return error.reason;
  if (error instanceof RangeError) return 'no_room';
  if (error instanceof Error && /memory|quota|allocat|space/i.test(`${error.name} ${error.message}`)) return 'no_room';
  return 'cannot_read';
}

addEventListener('message', (event: MessageEvent<CopyRequest>) => {
  const { kind, file } = event.data;
  (kind === 'video' ? copyVideo(file) : copyPhoto(file))
    .then(
      (copy) => post({ type: 'done', copy }),
      (error: unknown) => post({ type: 'failed', reason: reasonOf(error), detail: error instanceof Error ? `${error.name}: ${error.message}` : String(error) }),
    )
    // Ending itself costs the page nothing; the page's terminate() would wait for the codecs on its thread.
    .finally(() => close());
});
