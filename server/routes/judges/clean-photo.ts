import { JUDGE_PHOTO_MAX_SIDE, type JudgePhotoType } from '@domain/judge';
import { loadSharp } from '../../lib/load-sharp';

/** A 50-megapixel image decodes to ~200 MB; anything larger is refused before decoding. */
const MAX_INPUT_PIXELS = 50_000_000;

export class UnreadablePhotoError extends Error {
  constructor() {
    super('The photo could not be read as an image.');
    this.name = 'UnreadablePhotoError';
  }
}

/**
 * The photo as we store it: decoded and encoded again in its own format, turned upright, at most
 * 1024 px on its longest side (as the device already scales it), and with no metadata at all:
 * no EXIF (GPS position, camera owner, dates), XMP, IPTC, ICC profile or text chunks. Writing
 * fresh pixels is the only way to be sure nothing hidden in the file survives.
 */
export async function cleanPhoto(bytes: Uint8Array, type: JudgePhotoType): Promise<Uint8Array> {
  const animated = type === 'image/gif' || type === 'image/webp';
  const sharp = await loadSharp();
  try {
    const image = sharp(bytes, { animated, autoOrient: true, limitInputPixels: MAX_INPUT_PIXELS }).resize({
      width: JUDGE_PHOTO_MAX_SIDE,
      height: JUDGE_PHOTO_MAX_SIDE,
      fit: 'inside',
      withoutEnlargement: true,
    });
    const encoded =
      type === 'image/jpeg'
        ? image.jpeg({ quality: 85, mozjpeg: true })
        : type === 'image/png'
          ? image.png({ compressionLevel: 9 })
          : type === 'image/webp'
            ? image.webp({ quality: 85 })
            : image.gif();
    // sharp writes no metadata unless asked to (withMetadata/keepExif): nothing is carried over.
    return new Uint8Array(await encoded.toBuffer());
  } catch {
    throw new UnreadablePhotoError();
  }
}
