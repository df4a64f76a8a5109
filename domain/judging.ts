import { z } from './zod';
import { isBabyCategory } from './age-bands';
import { hasWebAddress, webAddressMessage } from './names';
import { CATEGORY_SLUGS, type CategorySlug } from './categories';
import type { JUDGE_EXPERTISE } from './judge-rules';

/**
 * How the season's online entries are judged (issue 24, ADR 027): each contest's rubric, which
 * judges fit which contest, the pools entries are judged in, and the round's settings. Pure
 * data, shared by the judges' pages, the admins' and the server.
 */

export type Criterion = {
  id: string;
  /** Relative weight; a rubric's weights need not add up to anything. */
  weight: number;
  name: { en: string; ta: string };
  /** What a low (1-3) and a high (8-10) score mean, shown beside the scale. */
  low: { en: string; ta: string };
  high: { en: string; ta: string };
};

/** Scores are whole numbers on this scale, for every criterion. */
export const SCORE_SCALE = { min: 1, max: 10 } as const;

export type Rubric = { kind: 'scores'; criteria: readonly Criterion[] } | { kind: 'measurement'; measure: 'time'; lowerIsBetter: true };

const c = (id: string, weight: number, name: [string, string], low: [string, string], high: [string, string]): Criterion => ({
  id,
  weight,
  name: { en: name[0], ta: name[1] },
  low: { en: low[0], ta: low[1] },
  high: { en: high[0], ta: high[1] },
});

const PRESENCE = c('presence', 1, ['Stage presence', 'மேடை ஆளுமை'], ['Hesitant, looks away', 'தயக்கம், பார்வையைத் தவிர்க்கிறது'], ['Confident, holds the audience', 'நம்பிக்கையுடன், பார்வையாளர்களைக் கவர்கிறது']);

const RUBRICS: Record<Exclude<CategorySlug, 'fastest-walking' | 'crawling'>, readonly Criterion[]> = {
  dance: [
    c('technique', 3, ['Technique', 'நுட்பம்'], ['Steps often off the beat', 'அடிகள் அடிக்கடி தாளம் தவறுகின்றன'], ['Clean steps, on the beat throughout', 'தெளிவான அடிகள், முழுவதும் தாளத்தில்']),
    c('expression', 2, ['Expression', 'பாவனை'], ['Little feeling shown', 'உணர்ச்சி குறைவு'], ['Face and body tell the song', 'முகமும் உடலும் பாடலைச் சொல்கின்றன']),
    c('choreography', 2, ['Choreography', 'நடன அமைப்பு'], ['Repeats one movement', 'ஒரே அசைவைத் திரும்பச் செய்கிறது'], ['Varied, fits the music', 'பலவகை, இசைக்குப் பொருந்துகிறது']),
    PRESENCE,
  ],
  singing: [
    c('pitch', 3, ['Pitch', 'சுருதி'], ['Often off key', 'அடிக்கடி சுருதி விலகுகிறது'], ['In tune throughout', 'முழுவதும் சுருதியில்']),
    c('rhythm', 2, ['Rhythm', 'தாளம்'], ['Loses the beat', 'தாளம் தவறுகிறது'], ['Steady, sure rhythm', 'நிலையான, உறுதியான தாளம்']),
    c('voice', 2, ['Voice and diction', 'குரலும் உச்சரிப்பும்'], ['Words unclear', 'சொற்கள் தெளிவில்லை'], ['Clear, warm voice', 'தெளிவான, இனிய குரல்']),
    PRESENCE,
  ],
  costume: [
    c('idea', 3, ['Idea', 'கருத்து'], ['No clear theme', 'தெளிவான கருப்பொருள் இல்லை'], ['A clear, original theme', 'தெளிவான, புதுமையான கருப்பொருள்']),
    c('making', 2, ['Making', 'உருவாக்கம்'], ['Unfinished, falling apart', 'முடிக்கப்படாதது, பிரிகிறது'], ['Carefully made, holds together', 'கவனமாக உருவாக்கப்பட்டது']),
    c('carrying', 2, ['Carrying it off', 'அணிந்து வெளிப்படுத்தல்'], ['Uncomfortable in it', 'அசௌகரியமாக உள்ளது'], ['Plays the part', 'பாத்திரமாகவே மாறுகிறது']),
    PRESENCE,
  ],
  storytelling: [
    c('story', 3, ['Story', 'கதை'], ['Hard to follow', 'பின்பற்றக் கடினம்'], ['A clear beginning, middle and end', 'தெளிவான தொடக்கம், நடு, முடிவு']),
    c('voice', 2, ['Voice', 'குரல்'], ['Flat, too quiet', 'சமமான, மிக மெதுவான குரல்'], ['Voices and pace bring it alive', 'குரலும் வேகமும் உயிரூட்டுகின்றன']),
    c('language', 2, ['Language', 'மொழி'], ['Many stumbles', 'பல தடுமாற்றங்கள்'], ['Fluent and well chosen words', 'சரளமான, நன்கு தேர்ந்த சொற்கள்']),
    PRESENCE,
  ],
  'spelling-bee': [
    c('accuracy', 4, ['Accuracy', 'துல்லியம்'], ['Many words wrong', 'பல சொற்கள் தவறு'], ['Every word right', 'ஒவ்வொரு சொல்லும் சரி']),
    c('pronunciation', 2, ['Pronunciation', 'உச்சரிப்பு'], ['Hard to understand', 'புரிந்துகொள்ளக் கடினம்'], ['Clear and correct', 'தெளிவானது, சரியானது']),
    c('fluency', 2, ['Fluency', 'சரளம்'], ['Long pauses', 'நீண்ட இடைவெளிகள்'], ['Smooth and sure', 'சீரானது, உறுதியானது']),
  ],
  yoga: [
    c('form', 3, ['Form', 'நிலை'], ['Postures often wrong', 'ஆசனங்கள் அடிக்கடி தவறு'], ['Correct, precise postures', 'சரியான, துல்லியமான ஆசனங்கள்']),
    c('balance', 2, ['Balance and control', 'சமநிலையும் கட்டுப்பாடும்'], ['Wobbles, falls out', 'தள்ளாடுகிறது, விழுகிறது'], ['Still and controlled', 'அசையாமல், கட்டுப்பாட்டுடன்']),
    c('flow', 2, ['Flow and breathing', 'ஓட்டமும் சுவாசமும்'], ['Jerky, breath held', 'திடீர் அசைவுகள், மூச்சு அடக்கம்'], ['Smooth, with the breath', 'சீராக, சுவாசத்துடன்']),
    PRESENCE,
  ],
  drawing: [
    c('idea', 3, ['Idea', 'கருத்து'], ['Copied or unclear', 'நகல் அல்லது தெளிவற்றது'], ['Original and clear', 'புதுமையானது, தெளிவானது']),
    c('skill', 3, ['Skill', 'திறன்'], ['Rough lines and shapes', 'கரடுமுரடான கோடுகள், வடிவங்கள்'], ['Sure lines, good proportions', 'உறுதியான கோடுகள், நல்ல விகிதங்கள்']),
    c('colour', 2, ['Colour', 'வண்ணம்'], ['Colours clash or are missing', 'வண்ணங்கள் மோதுகின்றன அல்லது இல்லை'], ['Colours chosen with care', 'கவனமாகத் தேர்ந்த வண்ணங்கள்']),
    c('finish', 1, ['Finish', 'முழுமை'], ['Unfinished', 'முடிக்கப்படவில்லை'], ['Complete and neat', 'முழுமையானது, நேர்த்தியானது']),
  ],
  coloring: [
    c('within', 3, ['Within the lines', 'கோடுகளுக்குள்'], ['Colour everywhere', 'எல்லா இடத்திலும் வண்ணம்'], ['Neat edges throughout', 'முழுவதும் நேர்த்தியான ஓரங்கள்']),
    c('choice', 3, ['Colour choice', 'வண்ணத் தேர்வு'], ['Random colours', 'தோராயமான வண்ணங்கள்'], ['Colours that work together', 'ஒன்றோடொன்று பொருந்தும் வண்ணங்கள்']),
    c('finish', 2, ['Finish', 'முழுமை'], ['Large parts left blank', 'பெரிய பகுதிகள் காலியாக'], ['Complete and even', 'முழுமையானது, சீரானது']),
  ],
  handwriting: [
    c('legibility', 3, ['Legibility', 'படிக்கும் தன்மை'], ['Hard to read', 'படிக்கக் கடினம்'], ['Every letter clear', 'ஒவ்வொரு எழுத்தும் தெளிவு']),
    c('form', 3, ['Letter form', 'எழுத்து வடிவம்'], ['Uneven letters', 'சீரற்ற எழுத்துகள்'], ['Even, well formed letters', 'சீரான, நன்கு அமைந்த எழுத்துகள்']),
    c('spacing', 2, ['Spacing and lines', 'இடைவெளியும் வரிகளும்'], ['Crowded, slanting lines', 'நெருக்கமான, சாய்ந்த வரிகள்'], ['Even spaces, straight lines', 'சீரான இடைவெளி, நேரான வரிகள்']),
  ],
  'art-craft': [
    c('idea', 3, ['Idea', 'கருத்து'], ['Copied or unclear', 'நகல் அல்லது தெளிவற்றது'], ['Original and clear', 'புதுமையானது, தெளிவானது']),
    c('making', 3, ['Making', 'உருவாக்கம்'], ['Falls apart', 'பிரிகிறது'], ['Carefully made', 'கவனமாக உருவாக்கப்பட்டது']),
    c('materials', 2, ['Use of materials', 'பொருள் பயன்பாடு'], ['One material, used plainly', 'ஒரே பொருள், எளிமையாக'], ['Materials used inventively', 'பொருள்கள் புதுமையாகப் பயன்படுத்தப்பட்டன']),
  ],
};

/** A contest's rubric; the baby contests are measured in venue mode (time over the course, lower is better). */
export function rubricFor(category: CategorySlug): Rubric {
  if (isBabyCategory(category)) return { kind: 'measurement', measure: 'time', lowerIsBetter: true };
  return { kind: 'scores', criteria: RUBRICS[category as keyof typeof RUBRICS] };
}

export type Expertise = (typeof JUDGE_EXPERTISE)[number];

/** Which contests a judge of each expertise may score; "Others" is matched by an admin only. */
export const CONTESTS_OF_EXPERTISE: Record<Expertise, readonly CategorySlug[]> = {
  'Classical Dancer': ['dance'],
  'Western Dancer': ['dance'],
  'Classical Singer': ['singing'],
  'Western Singer': ['singing'],
  'Phonics Trainer': ['spelling-bee', 'storytelling'],
  'English Language Trainer': ['spelling-bee', 'storytelling', 'handwriting'],
  'Yoga Trainer': ['yoga'],
  'Art and Craft Trainer': ['art-craft', 'costume', 'coloring'],
  'Drawing Artist': ['drawing', 'coloring'],
  'Storyboard Artist': ['drawing', 'storytelling'],
  Others: [],
};

/** Children are judged against others of their age: the pools of each contest. */
export const JUDGING_AGE_BANDS = [
  { id: '1-5', min: 1, max: 5 },
  { id: '6-8', min: 6, max: 8 },
  { id: '9-12', min: 9, max: 12 },
  { id: '13-17', min: 13, max: 17 },
] as const;
export type JudgingAgeBand = (typeof JUDGING_AGE_BANDS)[number]['id'];

export function judgingAgeBand(ageYears: number): JudgingAgeBand | null {
  return JUDGING_AGE_BANDS.find((band) => ageYears >= band.min && ageYears <= band.max)?.id ?? null;
}

/** What breaks a tie of final scores, in order (then the entries share their place). */
export type TieBreak = 'highest-weighted-criterion' | 'median-judge';

/** Who goes through from one level to the next, per contest and age band. */
export type Advancement = { rule: 'top'; count: number } | { rule: 'percent'; percent: number };

export type RoundSettings = {
  /** Judges per entry. */
  judgesPerEntry: number;
  /** A judge's scores are standardised only over at least this many of their entries in a contest. */
  minEntriesToStandardise: number;
  /** Judges whose final 0-100 values differ by more than this flag the entry for one more judge. */
  disagreementRange: number;
  tieBreaks: readonly TieBreak[];
  advancement: Advancement;
};

/** Level 1's round (the season module's numbers, ADR 027). */
export const LEVEL1_ROUND: RoundSettings = {
  judgesPerEntry: 3,
  minEntriesToStandardise: 8,
  disagreementRange: 30,
  tieBreaks: ['highest-weighted-criterion', 'median-judge'],
  advancement: { rule: 'percent', percent: 20 },
};

/** A round's life (ADR 027): judges score; the admins close it, compute the results, then publish them together. */
export const ROUND_STATES = ['scoring', 'closed', 'results', 'published'] as const;
export type RoundState = (typeof ROUND_STATES)[number];

/** Which way a round may move: a closed round may open again for late scores; published is final. */
export const ROUND_MOVES: Record<RoundState, readonly RoundState[]> = {
  scoring: ['closed'],
  closed: ['scoring', 'results'],
  results: ['closed', 'published'],
  published: [],
};

/**
 * What an admin sends to move a round. Publishing while some entries need a look (see
 * `unsettledReasons`) needs `reason`, written by the admin and kept in the audit log (issue 49).
 */
export const PUBLISH_REASON_MIN = 10;
export const publishReasonSchema = z
  .string({ error: 'The reason must be text.' })
  .trim()
  .min(PUBLISH_REASON_MIN, `Write why you publish anyway, in at least ${PUBLISH_REASON_MIN} characters.`)
  .max(1000, 'Keep the reason under 1000 characters.');
/** The admin's reason for publishing while entries need a look (the publish dialog checks it with this too). */
export const publishAnywaySchema = z.object({ reason: publishReasonSchema });
export const roundMoveSchema = z.object({
  from: z.enum(ROUND_STATES),
  to: z.enum(ROUND_STATES, { error: 'Move the round to scoring, closed, results or published.' }),
  reason: publishReasonSchema.optional(),
});
export type RoundMove = z.input<typeof roundMoveSchema>;

/** Why an entry's result should not go out unseen: fewer sheets than the round needs, or judges far apart. */
export type UnsettledReason = 'short' | 'flagged';

/** The reasons an entry needs a look before publishing; none when it may go out as it is. */
export function unsettledReasons(entry: { sheets: number; flagged: boolean }, settings: Pick<RoundSettings, 'judgesPerEntry'>): UnsettledReason[] {
  const reasons: UnsettledReason[] = [];
  if (entry.sheets < settings.judgesPerEntry) reasons.push('short');
  if (entry.flagged) reasons.push('flagged');
  return reasons;
}

/**
 * Why an entry asks for an admin's look in the moderation view (issue 49): its judges far apart,
 * too few of them (while judges score: assigned; from the close on: score sheets, as publishing
 * checks), or notes to the family to read before they go out.
 */
export const ATTENTION_REASONS = ['apart', 'short', 'notes'] as const;
export type AttentionReason = (typeof ATTENTION_REASONS)[number];

export function attentionOf(
  entry: { sheets: number; judgesAssigned: number; flagged: boolean; notes: number },
  settings: Pick<RoundSettings, 'judgesPerEntry'>,
  state: RoundState,
): AttentionReason[] {
  const reasons: AttentionReason[] = [];
  if (entry.flagged) reasons.push('apart');
  const short = state === 'scoring' ? entry.judgesAssigned < settings.judgesPerEntry : unsettledReasons(entry, settings).includes('short');
  if (short) reasons.push('short');
  if (entry.notes > 0) reasons.push('notes');
  return reasons;
}

/** The moderation view's narrowing: every entry, those that need a look (far apart or short: what publishing asks about), or one reason. */
export const MODERATION_SHOWS = ['all', 'look', ...ATTENTION_REASONS] as const;
export type ModerationShow = (typeof MODERATION_SHOWS)[number];

export function shownIn(show: ModerationShow, reasons: readonly AttentionReason[]): boolean {
  if (show === 'all') return true;
  if (show === 'look') return reasons.includes('apart') || reasons.includes('short');
  return reasons.includes(show);
}

/** The moderation view a page at a time, by blind number, as the registrations table pages: `cursor` is the previous page's `nextCursor`. */
export const MODERATION_PAGE_SIZE = 50;
const MODERATION_LIMIT = 'limit is a whole number from 1 to 200.';
export const moderationQuerySchema = z.object({
  contest: z.enum(CATEGORY_SLUGS, { error: 'Choose one of the contests.' }).optional().or(z.literal('').transform(() => undefined)),
  show: z.enum(MODERATION_SHOWS, { error: 'Choose which entries to show.' }).optional().default('all'),
  cursor: z
    .string()
    .regex(/^\d{1,9}$/, { error: 'The page cursor is not valid. Start again from the first page.' })
    .transform(Number)
    .optional(),
  limit: z.coerce.number({ error: MODERATION_LIMIT }).int({ error: MODERATION_LIMIT }).min(1, { error: MODERATION_LIMIT }).max(200, { error: MODERATION_LIMIT }).optional().default(MODERATION_PAGE_SIZE),
});

/** A judge's sheet for one entry: a whole number per criterion of its contest's rubric. */
export function scoreSheetSchema(criteria: readonly Criterion[]) {
  const scores = Object.fromEntries(
    criteria.map((criterion) => [
      criterion.id,
      z
        .number({ error: `Give ${criterion.name.en} a score.` })
        .int(`Scores are whole numbers.`)
        .min(SCORE_SCALE.min, `Scores go from ${SCORE_SCALE.min} to ${SCORE_SCALE.max}.`)
        .max(SCORE_SCALE.max, `Scores go from ${SCORE_SCALE.min} to ${SCORE_SCALE.max}.`),
    ]),
  );
  return z.object({
    scores: z.strictObject(scores, { error: 'Score every criterion of this contest, and nothing else.' }),
    comment: z.string().trim().max(COMMENT_MAX, `Keep the comment under ${COMMENT_MAX} characters.`).default(''),
    familyNote: familyNoteSchema.default(''),
    /** When the judge saved it, on their device: the last edit wins, even when an older one arrives later. */
    editedAt: z.iso.datetime({ offset: true, error: 'editedAt must be a date and time.' }),
  });
}

export const COMMENT_MAX = 1000;

/** A judge's note to the family (issue 49): a few kind words, shown with the result once published. */
export const FAMILY_NOTE_MAX = 400;

/** Control and format characters other than a line break (ZWJ and ZWNJ stay: Tamil needs them). */
const HIDDEN_IN_NOTE = /(?![\n\u200c\u200d])[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

/**
 * The note's rules, the same for the judge's sheet and an admin's edit: plain text of at most
 * FAMILY_NOTE_MAX characters, line breaks allowed, no hidden characters and no web address (it is
 * sent in our email, and must never carry a link of anyone's). Empty means no note.
 */
export const familyNoteSchema = z
  .string({ error: 'Enter the note to the family as text.' })
  .transform((text) => text.replace(/\r\n?/g, '\n').trim())
  .pipe(
    z
      .string()
      .max(FAMILY_NOTE_MAX, `Keep the note to the family under ${FAMILY_NOTE_MAX} characters.`)
      .refine((text) => !HIDDEN_IN_NOTE.test(text), 'Remove the hidden control or formatting characters from the note to the family; retype it if you pasted it.')
      .refine((text) => !hasWebAddress(text), webAddressMessage('the note to the family')),
  );

/**
 * An admin's moderation of one note before publishing: the words the family will read (null: the
 * judge's own), and whether it is hidden from the family altogether.
 */
export const familyNoteModerationSchema = z.object({
  text: familyNoteSchema.refine((text) => text.length > 0, 'Enter the note to the family, or hide it instead.').nullable(),
  hidden: z.boolean({ error: 'Say whether the note is hidden.' }),
});

/** The shape of any sheet on the wire; `scoreSheetSchema` then holds it to its contest's rubric. */
export const scoreSheetBodySchema = z.object({
  scores: z.record(z.string().max(40), z.number({ error: 'Scores are numbers.' }), { error: 'Send the scores.' }),
  comment: z.string({ error: 'The comment must be text.' }).max(COMMENT_MAX, `Keep the comment under ${COMMENT_MAX} characters.`).default(''),
  familyNote: z.string({ error: 'Enter the note to the family as text.' }).max(FAMILY_NOTE_MAX, `Keep the note to the family under ${FAMILY_NOTE_MAX} characters.`).default(''),
  editedAt: z.iso.datetime({ offset: true, error: 'editedAt must be a date and time.' }),
});
export type ScoreSheetInput = { scores: Record<string, number>; comment: string; familyNote: string; editedAt: string };

/** The institutes a judge declares a conflict with (PUT /api/judge/profile). */
export const judgeConflictsSchema = z.object({
  conflicts: z
    .array(z.string().trim().min(2, 'Write the institute’s name.').max(120, 'Keep each name under 120 characters.'))
    .max(20, 'List at most 20 institutes.'),
});

/** Setting a password from an invitation (POST /api/auth/invite). */
export const acceptInviteSchema = z.object({
  token: z.string().min(20).max(100),
  password: z.string().max(1000),
});

/** Ids in a fixed order (code units, not the locale's collation: cheaper, and the same everywhere). */
export const byId = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
