import { JUDGE_PHOTO_MAX_SIDE } from '@domain/judge-rules';

export type ScaledPhoto = { blob: Blob; name: string; width: number; height: number };

export class NotAnImageError extends Error {
  constructor() {
    super('That file is not a picture this browser can open. Choose a JPEG, PNG, WebP or GIF photo.');
    this.name = 'NotAnImageError';
  }
}

/**
 * Draws a chosen photo afresh on a canvas, scaled so its longest side is at most 1024 px, and
 * keeps that JPEG. Always, even for a photo already small enough: only fresh pixels leave behind
 * what the file carried besides them (EXIF with the GPS position and the owner's name, XMP).
 * A GIF keeps its first frame.
 */
export async function scalePhoto(file: File, maxSide = JUDGE_PHOTO_MAX_SIDE): Promise<ScaledPhoto> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new NotAnImageError();
  }
  const { width, height } = bitmap;
  const scale = Math.min(1, maxSide / Math.max(width, height));
  const w = Math.max(1, Math.round(width * scale));
  const h = Math.max(1, Math.round(height * scale));
  const canvas = document.createElement('canvas');
  canvas.width = w;
  canvas.height = h;
  const context = canvas.getContext('2d');
  if (!context) throw new NotAnImageError();
  // JPEG has no transparency: paint white under a transparent PNG instead of black.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, w, h);
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, w, h);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
  if (!blob) throw new NotAnImageError();
  const base = (file.name || 'photo').replace(/\.[^.]+$/, '');
  return { blob, name: `${base}.jpg`, width: w, height: h };
}
