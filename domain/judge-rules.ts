/**
 * Judge-application constants and the photo check, free of zod so a page can render its form
 * before the validation code loads. `judge.ts` builds the schema on them.
 */
export const JUDGE_EXPERTISE = [
  'Classical Dancer',
  'Western Dancer',
  'Classical Singer',
  'Western Singer',
  'Phonics Trainer',
  'English Language Trainer',
  'Yoga Trainer',
  'Art and Craft Trainer',
  'Drawing Artist',
  'Storyboard Artist',
  'Others',
] as const;

export const JUDGE_BIO_MAX = 1000;
export const JUDGE_EXPERIENCE = { min: 0, max: 60 } as const;

export const JUDGE_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export type JudgePhotoType = (typeof JUDGE_PHOTO_TYPES)[number];
export const JUDGE_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
/** The device scales a photo so its longest side is at most this many pixels before storing it. */
export const JUDGE_PHOTO_MAX_SIDE = 1024;

/** Recognises an image by its first bytes, never by the type the sender declares. */
export function sniffImageType(bytes: Uint8Array): JudgePhotoType | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (starts(0x47, 0x49, 0x46, 0x38) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) {
    return 'image/gif';
  }
  if (
    starts(0x52, 0x49, 0x46, 0x46) &&
    bytes[8] === 0x57 &&
    bytes[9] === 0x45 &&
    bytes[10] === 0x42 &&
    bytes[11] === 0x50
  ) {
    return 'image/webp';
  }
  return null;
}
