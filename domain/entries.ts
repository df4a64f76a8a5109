import { z } from './zod';
import { isBabyCategory } from './age-bands';
import { CATEGORY_SLUGS, type CategorySlug } from './categories';
import type { LevelId } from './season';

/**
 * What a child sends for an online entry (issue 23), per contest and level: a recording of the
 * performance, photos of the work, or nothing (the in-person baby contests). Pure data and
 * checks, shared by the family's page (to refuse early, in their language) and the server (to
 * refuse before storing a byte); what arrived is checked by its content on the server.
 */

export type EntryKind = 'video' | 'photos';

export type EntryRule =
  | { kind: 'video'; maxSeconds: number; maxBytes: number; closesAt: string }
  | { kind: 'photos'; minPhotos: number; maxPhotos: number; maxBytesEach: number; closesAt: string };

const MB = 1024 * 1024;

/** Performances are filmed; works on paper are photographed. */
const KIND_OF: Record<Exclude<CategorySlug, 'fastest-walking' | 'crawling'>, EntryKind> = {
  dance: 'video',
  singing: 'video',
  costume: 'video',
  storytelling: 'video',
  'spelling-bee': 'video',
  yoga: 'video',
  drawing: 'photos',
  coloring: 'photos',
  handwriting: 'photos',
  'art-craft': 'photos',
};

/**
 * Per level: how long a video may run, how large a file may be, and when the window closes.
 * Level 1's entries close when its judging starts (the morning of 18 April 2027 in Chennai), so a
 * family that registers on the last day (15 April) still has two days to send. The semi-finals
 * take longer performances; the finale is judged in person only.
 */
const LEVEL_RULES: Partial<Record<LevelId, { maxSeconds: number; closesAt: string }>> = {
  level1: { maxSeconds: 3 * 60, closesAt: '2027-04-18T00:00:00+05:30' },
  level2: { maxSeconds: 5 * 60, closesAt: '2027-08-29T00:00:00+05:30' },
};

/** A phone's 5-minute 1080p video is 300-600 MB; more than this is refused before it is sent. */
export const VIDEO_MAX_BYTES = 1024 * MB;
export const PHOTO_MAX_BYTES = 20 * MB;
export const MAX_PHOTOS = 3;
/**
 * What one registration may have begun sending and not finished, by the sizes its uploads
 * declared: the page sends one file at a time, so two of the largest videos is room to spare.
 */
export const MAX_UNFINISHED_BYTES = 2 * VIDEO_MAX_BYTES;

/**
 * The size judges watch and look at (issue 48): a video fits 1280×720 either way up, a photo
 * 2,560 px on its long side. The phone makes copies of this size before sending (the original can
 * always be sent instead); the server makes the same from whatever arrives.
 */
export const ENTRY_VIDEO_SHORT_SIDE = 720;
export const ENTRY_VIDEO_LONG_SIDE = 1280;
export const ENTRY_PHOTO_MAX_SIDE = 2560;
/** The picture of the phone's copy: about 2.5 Mbit/s, a tenth of what phones record 1080p at. */
export const ENTRY_VIDEO_BITS_PER_SECOND = 2_500_000;

/** What an entry for `category` at `levelId` must be; null when that contest takes no upload there. */
export function entryRuleFor(category: CategorySlug, levelId: LevelId): EntryRule | null {
  const level = LEVEL_RULES[levelId];
  if (!level || isBabyCategory(category)) return null;
  const kind = KIND_OF[category as keyof typeof KIND_OF];
  return kind === 'video'
    ? { kind, maxSeconds: level.maxSeconds, maxBytes: VIDEO_MAX_BYTES, closesAt: level.closesAt }
    : { kind, minPhotos: 1, maxPhotos: MAX_PHOTOS, maxBytesEach: PHOTO_MAX_BYTES, closesAt: level.closesAt };
}

/** Why a file (or a set of photos) is refused before it is sent; each has a message in both languages. */
export type EntryProblem = 'closed' | 'no_file' | 'too_many_files' | 'too_large' | 'empty_file';

/**
 * The checks that need only what the device knows: the window, the sizes and the count. The
 * duration, the streams and whether it is a video at all are the server's to find out.
 */
export function entryProblems(rule: EntryRule, files: readonly { bytes: number }[], now: Date): EntryProblem[] {
  const problems: EntryProblem[] = [];
  if (now.getTime() >= new Date(rule.closesAt).getTime()) problems.push('closed');
  if (files.some((file) => file.bytes <= 0)) problems.push('empty_file');
  if (rule.kind === 'video') {
    if (files.length !== 1) problems.push(files.length === 0 ? 'no_file' : 'too_many_files');
    if (files.some((file) => file.bytes > rule.maxBytes)) problems.push('too_large');
    return problems;
  }
  if (files.length < rule.minPhotos) problems.push('no_file');
  if (files.length > rule.maxPhotos) problems.push('too_many_files');
  if (files.some((file) => file.bytes > rule.maxBytesEach)) problems.push('too_large');
  return problems;
}

/**
 * A resumable upload goes in parts of this size: a dropped connection costs at most one part,
 * and a part takes about a minute on a slow uplink (ADR 026).
 */
export const UPLOAD_CHUNK_BYTES = 5 * MB;

/** How often one child may send again for one contest and level: replacing is normal, a loop is not. */
export const MAX_SENDS_PER_CONTEST = 10;

/** What the family's page asks for before sending the bytes: the entry and the size of each file. */
export const newEntrySchema = z.object({
  /** The device's id for the entry: sending it again (after a reload, say) creates nothing new. */
  id: z.uuid({ error: 'The entry id must be a UUID.' }),
  category: z.enum(CATEGORY_SLUGS, { error: 'Choose one of the contests.' }),
  levelId: z.enum(['level1', 'level2', 'level3'], { error: 'The level is not one of the season’s.' }),
  files: z
    .array(z.object({ bytes: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER) }))
    .min(1, 'Choose a file to send.')
    .max(MAX_PHOTOS, `Send at most ${MAX_PHOTOS} photos.`),
});
export type NewEntryInput = z.input<typeof newEntrySchema>;

/**
 * Why the server did not accept what arrived (found by its content, never by its name).
 * `heic_photo`: an iPhone's HEIC photo, which the server cannot open yet (ADR 026).
 */
export type EntryRejection = 'not_a_video' | 'not_a_photo' | 'unreadable' | 'too_long' | 'heic_photo';

/** An entry's state as its family and the admins see it. */
export type EntryStatus = 'uploading' | 'checking' | 'ready' | 'rejected' | 'replaced';
