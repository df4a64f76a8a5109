import { z } from './zod';
import type { CategorySlug } from './categories';
import { type JUDGE_EXPERTISE } from './judge-rules';

/** The organisers' review of a judge application (admin: Judges page). */
export const JUDGE_STATUSES = ['new', 'shortlisted', 'approved', 'rejected'] as const;
export type JudgeStatus = (typeof JUDGE_STATUSES)[number];

export const JUDGE_STATUS_LABELS: Record<JudgeStatus, string> = {
  new: 'New',
  shortlisted: 'Shortlisted',
  approved: 'Approved',
  rejected: 'Rejected',
};

export const JUDGE_NOTE_MAX = 2000;

/** PATCH /api/judges/:id: a new status, a new internal note, or both. */
export const judgeReviewSchema = z
  .object({
    status: z.enum(JUDGE_STATUSES, { error: 'Choose new, shortlisted, approved or rejected.' }).optional(),
    note: z.string({ error: 'The note must be text.' }).max(JUDGE_NOTE_MAX, `Keep the note under ${JUDGE_NOTE_MAX} characters.`).optional(),
  })
  .refine((review) => review.status !== undefined || review.note !== undefined, { message: 'Change the status or the note.', path: ['status'] });

export type JudgeReview = z.output<typeof judgeReviewSchema>;

type Expertise = (typeof JUDGE_EXPERTISE)[number];

/**
 * Which expertise can judge which contest, so the panel view shows the contests that have no
 * approved judge yet. The baby contests (crawling, fastest walking) need no specialist: any
 * approved judge listed under "Others" covers them. Edit here when the organisers decide otherwise.
 */
export const EXPERTISE_FOR_CATEGORY: Record<CategorySlug, readonly Expertise[]> = {
  dance: ['Classical Dancer', 'Western Dancer'],
  singing: ['Classical Singer', 'Western Singer'],
  drawing: ['Drawing Artist', 'Art and Craft Trainer'],
  costume: ['Art and Craft Trainer', 'Others'],
  storytelling: ['Storyboard Artist', 'English Language Trainer'],
  'spelling-bee': ['Phonics Trainer', 'English Language Trainer'],
  coloring: ['Drawing Artist', 'Art and Craft Trainer'],
  handwriting: ['English Language Trainer', 'Phonics Trainer'],
  'fastest-walking': ['Others', 'Yoga Trainer'],
  crawling: ['Others', 'Yoga Trainer'],
  'art-craft': ['Art and Craft Trainer'],
  yoga: ['Yoga Trainer'],
};
