import { z } from './zod';
import { awardFor, type Award } from './certificates';
import { isPlausibleTime } from './dates';
import { COMMENT_MAX, LEVEL1_ROUND, byId, rubricFor, type Criterion, type RoundSettings } from './judging';
import { computeResults, type Standing } from './judging-results';
import { FINALE_TITLES, PLACE_RULES } from './later-levels';
import { VENUE_SESSIONS, type LevelId, type VenueSession } from './season';
import { deviceIdSchema, deviceNameSchema } from './venue';

/**
 * Judging at the venue (issue 45, ADR 034): a panel of judges scores every performer of an
 * in-person session live, on tablets that may be offline; staff time the baby races in heats.
 * Pure rules and wire shapes, shared by the judges' tablets, venue mode, the admins' pages and
 * the server.
 */

/** A session's panel: at least and at most this many judges (the season module's numbers). */
export const PANEL_SIZE = { min: 3, max: 5 } as const;

/** The longest a performance may last, per level (the semi-finals' 5 minutes are the spec's). */
export const TIME_LIMIT_MINUTES: Record<LevelId, number> = { level1: 3, level2: 5, level3: 5 };

/**
 * What a performance over its time limit costs (the season module's setting, declared on the
 * result): nothing but a note, or these points off the final score (0-100).
 */
export type OverTimeRule = { rule: 'note-only' } | { rule: 'deduct'; points: number };
export const OVER_TIME_RULE: OverTimeRule = { rule: 'deduct', points: 5 };

/**
 * A live session's results follow the online round's rules (ADR 027) except standardisation:
 * every judge of the panel scores every performer, so a harsh judge weighs on everyone alike and
 * the raw weighted scores are compared (ADR 034). The large minimum keeps standardisation off.
 */
export function liveRoundSettings(levelId: LevelId): RoundSettings {
  return { ...LEVEL1_ROUND, minEntriesToStandardise: 1_000_000, disagreementRange: 100, advancement: levelId === 'level1' ? LEVEL1_ROUND.advancement : { rule: 'top', count: levelId === 'level2' ? PLACE_RULES.finalistsPerPool : FINALE_TITLES.length } };
}

/** A running number: all a judge or the hall screen knows a performer by. */
export const runningNumberSchema = z.coerce.number({ error: 'The running number is a number.' }).int('The running number is a whole number.').min(1).max(10_000);

export const liveSessionParam = z.object({
  sessionId: z
    .string()
    .max(100)
    .refine((id) => VENUE_SESSIONS.some((session) => session.id === id), 'There is no session with that id this season.'),
});
export const liveSheetParam = liveSessionParam.extend({ number: runningNumberSchema });

/** The shape of a live sheet on the wire; `liveSheetSchema` then holds it to the contest's rubric. */
export const liveSheetBodySchema = z.object({
  scores: z.record(z.string().max(40), z.number({ error: 'Scores are numbers.' })).default({}),
  note: z.string({ error: 'The note must be text.' }).max(COMMENT_MAX, `Keep the note under ${COMMENT_MAX} characters.`).default(''),
  /** "I know this performer": the judge steps back and the others' scores count. */
  recused: z.boolean().default(false),
  editedAt: z.iso.datetime({ offset: true, error: 'editedAt must be a date and time.' }).refine(isPlausibleTime, 'The time on the device is not valid.'),
});
export type LiveSheetInput = z.input<typeof liveSheetBodySchema>;

/** A live sheet held to its rubric: every criterion scored 1-10, unless the judge stepped back. */
export function liveSheetSchema(criteria: readonly Criterion[]) {
  return liveSheetBodySchema.superRefine((sheet, ctx) => {
    if (sheet.recused) return;
    const ids = new Set(criteria.map((criterion) => criterion.id));
    for (const criterion of criteria) {
      const score = sheet.scores[criterion.id];
      if (score === undefined) ctx.addIssue({ code: 'custom', path: ['scores', criterion.id], message: `Give ${criterion.name.en} a score.` });
      else if (!Number.isInteger(score) || score < 1 || score > 10) ctx.addIssue({ code: 'custom', path: ['scores', criterion.id], message: 'Scores are whole numbers from 1 to 10.' });
    }
    if (Object.keys(sheet.scores).some((id) => !ids.has(id))) ctx.addIssue({ code: 'custom', path: ['scores'], message: 'Score every criterion of this contest, and nothing else.' });
  });
}

const deviceTime = z.iso
  .datetime({ offset: true, error: 'The time on the device is not valid.' })
  .refine(isPlausibleTime, 'The time on the device is not valid.');

const venueMark = {
  sessionId: liveSessionParam.shape.sessionId,
  deviceId: deviceIdSchema,
  deviceName: deviceNameSchema.optional(),
  deviceNamedAt: deviceTime.optional(),
};

/** Where a performer stands in the running order, as staff set it in venue mode. */
export const PERFORMANCE_STATUSES = ['in-order', 'performed-later', 'did-not-perform'] as const;
export type PerformanceStatus = (typeof PERFORMANCE_STATUSES)[number];

/**
 * Staff's mark on a performer (venue mode, offline like a check-in): moved in the order, did not
 * perform, performs later, over the time limit. The newest mark (the device's `markedAt`) wins.
 */
export const performanceMarkSchema = z.object({
  id: z.uuid({ error: 'The record id must be a UUID.' }),
  ...venueMark,
  registrationId: z.uuid({ error: 'The registration id must be a UUID.' }),
  status: z.enum(PERFORMANCE_STATUSES, { error: 'Choose in order, later or did not perform.' }),
  /** Where in the order (a position; null: check-in order). */
  position: z.number().min(0).max(100_000).nullable().default(null),
  overTime: z.boolean().default(false),
  markedAt: deviceTime,
});
export type PerformanceMarkInput = z.input<typeof performanceMarkSchema>;

/** Why a heat does not count: it is kept, never deleted, and run again as the next attempt. */
export const VOID_REASONS = ['false-start', 're-run'] as const;

export const HEAT_RUNNERS_MAX = 12;
/** A baby's time over the course, in hundredths of a second (the season's resolution: equal hundredths share a place). */
export const RACE_TIME_RESOLUTION_MS = 10;

/**
 * A heat as staff record it: which checked-in babies ran, each one's time (or finish position,
 * for a final heat), or that it was void. The first record of a heat (session, number, attempt)
 * to reach the server is kept; another device's is answered with who was first.
 */
export const heatInputSchema = z
  .object({
    id: z.uuid({ error: 'The record id must be a UUID.' }),
    ...venueMark,
    heat: z.number({ error: 'Say which heat.' }).int().min(1, 'Heats are numbered from 1.').max(500),
    attempt: z.number().int().min(1).max(10).default(1),
    final: z.boolean().default(false),
    voidReason: z.enum(VOID_REASONS).nullable().default(null),
    runners: z
      .array(
        z.object({
          registrationId: z.uuid({ error: 'The registration id must be a UUID.' }),
          /** Milliseconds; null: did not finish. */
          timeMs: z.number().int().min(100, 'A time is at least 0.1 seconds.').max(3_600_000).nullable().default(null),
          /** 1 = first over the line, in a final heat timed by eye. */
          finish: z.number().int().min(1).max(HEAT_RUNNERS_MAX).nullable().default(null),
        }),
      )
      .min(1, 'Choose the babies who ran in this heat.')
      .max(HEAT_RUNNERS_MAX, `A heat has at most ${HEAT_RUNNERS_MAX} babies.`),
    recordedAt: deviceTime,
  })
  .superRefine((heat, ctx) => {
    const ids = heat.runners.map((runner) => runner.registrationId.toLowerCase());
    if (new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', path: ['runners'], message: 'A baby is listed twice in this heat.' });
    if (heat.voidReason) return;
    const timed = heat.runners.some((runner) => runner.timeMs !== null);
    const placed = heat.runners.some((runner) => runner.finish !== null);
    if (!timed && !placed) ctx.addIssue({ code: 'custom', path: ['runners'], message: 'Enter each baby’s time, or the finish order.' });
    if (placed && !heat.final) ctx.addIssue({ code: 'custom', path: ['final'], message: 'A finish order without times counts only in the final heat.' });
  });
export type HeatInput = z.input<typeof heatInputSchema>;

/** An admin's change to a session's panel. */
export const panelChangeSchema = z.object({ judgeId: z.uuid({ error: 'Choose a judge.' }) });
export const headOfVenueSchema = z.object({ username: z.string().trim().min(1).max(60).nullable() });

/** Two sessions the same person cannot both attend: the same day, overlapping hours. */
export function sessionsClash(a: Pick<VenueSession, 'date' | 'startTime' | 'durationMinutes'>, b: Pick<VenueSession, 'date' | 'startTime' | 'durationMinutes'>): boolean {
  if (a.date !== b.date) return false;
  const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
  const [aStart, bStart] = [minutes(a.startTime), minutes(b.startTime)];
  return aStart < bStart + b.durationMinutes && bStart < aStart + a.durationMinutes;
}

/** A live session's criteria (panel sessions only). */
export function criteriaOf(session: VenueSession): readonly Criterion[] {
  const category = session.categories[0];
  const rubric = category ? rubricFor(category) : null;
  return rubric?.kind === 'scores' ? rubric.criteria : [];
}

export type Performer = { number: number; registrationId: string; status: PerformanceStatus; overTime: boolean };
export type LiveSheet = { number: number; judgeId: string; scores: Readonly<Record<string, number>>; recused: boolean };

/** A performer's standing; its `final` is after any deduction. */
export type PerformerResult = Standing & {
  number: number;
  registrationId: string;
  award: Award;
  /** How many judges of the panel stepped back from this performer (declared on the result). */
  recused: number;
  /** Points taken off for going over the time limit. */
  deduction: number;
};

export type SessionProgress = {
  /** Performers still expected to perform (not "did not perform"). */
  performers: number;
  /** Performers with a sheet (or a step back) from every judge of the panel. */
  fullyScored: number;
  /** Per judge of the panel: how many of the performers have no sheet of theirs yet. */
  waiting: Record<string, number>;
  complete: boolean;
};

/**
 * A live session's results (ADR 034): each performer's final is the mean of the panel's raw
 * weighted scores on 0-100 (a judge who stepped back is left out), minus any over-time
 * deduction; places, tie-breaks and advancement as in ADR 027; "did not perform" takes no place.
 */
export function computeSessionResults(input: {
  session: VenueSession;
  panel: readonly string[];
  performers: readonly Performer[];
  sheets: readonly LiveSheet[];
  overTime?: OverTimeRule;
}): { performers: PerformerResult[]; progress: SessionProgress } {
  const rule = input.overTime ?? OVER_TIME_RULE;
  const performing = input.performers.filter((performer) => performer.status !== 'did-not-perform');
  const panel = new Set(input.panel);
  const sheets = input.sheets.filter((sheet) => panel.has(sheet.judgeId));
  const key = (number: number) => String(number);
  const deductions = new Map<string, number>();
  if (rule.rule === 'deduct') for (const performer of performing) if (performer.overTime) deductions.set(key(performer.number), rule.points);
  const { entries } = computeResults({
    criteria: criteriaOf(input.session),
    entries: performing.map((performer) => ({ id: key(performer.number), pool: input.session.id })),
    sheets: sheets.filter((sheet) => !sheet.recused).map((sheet) => ({ entryId: key(sheet.number), judgeId: sheet.judgeId, scores: sheet.scores })),
    settings: liveRoundSettings(input.session.levelId),
    deductions,
  });
  const byNumber = new Map(entries.map((entry) => [entry.entryId, entry]));
  const recusals = new Map<number, number>();
  const seen = new Map<number, Set<string>>();
  for (const sheet of sheets) {
    if (sheet.recused) recusals.set(sheet.number, (recusals.get(sheet.number) ?? 0) + 1);
    seen.set(sheet.number, (seen.get(sheet.number) ?? new Set()).add(sheet.judgeId));
  }
  const waiting: Record<string, number> = Object.fromEntries([...panel].sort(byId).map((judgeId) => [judgeId, 0]));
  let fullyScored = 0;
  for (const performer of performing) {
    const mine = seen.get(performer.number) ?? new Set<string>();
    if ([...panel].every((judgeId) => mine.has(judgeId))) fullyScored++;
    for (const judgeId of panel) if (!mine.has(judgeId)) waiting[judgeId] = (waiting[judgeId] ?? 0) + 1;
  }
  const performers = input.performers.map((performer): PerformerResult => {
    const entry = performer.status === 'did-not-perform' ? undefined : byNumber.get(key(performer.number));
    const place = entry?.place ?? null;
    const qualifies = entry?.qualifies ?? false;
    return {
      number: performer.number,
      registrationId: performer.registrationId,
      final: entry?.final ?? null,
      place,
      award: awardFor({ place, qualifies }),
      qualifies,
      judges: entry?.judges ?? [],
      recused: recusals.get(performer.number) ?? 0,
      deduction: entry && entry.final !== null ? (deductions.get(key(performer.number)) ?? 0) : 0,
      tieBreaks: entry?.tieBreaks ?? {},
    };
  });
  return {
    performers,
    progress: { performers: performing.length, fullyScored, waiting, complete: performing.length > 0 && panel.size > 0 && fullyScored === performing.length },
  };
}

export type HeatRecord = {
  heat: number;
  attempt: number;
  final: boolean;
  voidReason: string | null;
  runners: readonly { registrationId: string; timeMs: number | null; finish: number | null }[];
};

export type RunnerResult = { registrationId: string; heat: number; timeMs: number | null; finish: number | null; place: number | null; award: Award };

/**
 * A race session's places (ADR 034): from the final heat's finish order when there is one,
 * otherwise from every counted heat's times, fastest first, at the season's resolution (equal
 * hundredths share a place: 1, 2, 2, 4). Void heats and babies who did not finish take no place.
 */
export function computeRaceResults(input: { session: VenueSession; heats: readonly HeatRecord[] }): RunnerResult[] {
  const counted = input.heats.filter((heat) => heat.voidReason === null);
  const runners = counted.flatMap((heat) => heat.runners.map((runner) => ({ ...runner, heat: heat.heat, final: heat.final })));
  const finalHeat = counted.find((heat) => heat.final && heat.runners.some((runner) => runner.finish !== null));
  const rank = (runner: (typeof runners)[number]): number | null => {
    if (finalHeat) return runner.final && runner.finish !== null ? runner.finish : null;
    return runner.timeMs === null ? null : Math.round(runner.timeMs / RACE_TIME_RESOLUTION_MS);
  };
  const ranked = runners
    .map((runner) => ({ runner, key: rank(runner) }))
    .filter((item): item is { runner: (typeof runners)[number]; key: number } => item.key !== null)
    .sort((a, b) => a.key - b.key || byId(a.runner.registrationId, b.runner.registrationId));
  const places = new Map<string, number>();
  ranked.forEach((item, index) => {
    const previous = ranked[index - 1];
    places.set(item.runner.registrationId, previous && previous.key === item.key ? places.get(previous.runner.registrationId)! : index + 1);
  });
  const advancement = liveRoundSettings(input.session.levelId).advancement;
  const cut = advancement.rule === 'top' ? advancement.count : Math.max(1, Math.ceil((ranked.length * advancement.percent) / 100));
  return runners.map((runner) => {
    const place = places.get(runner.registrationId) ?? null;
    return {
      registrationId: runner.registrationId,
      heat: runner.heat,
      timeMs: runner.timeMs,
      finish: runner.finish,
      place,
      award: awardFor({ place, qualifies: place !== null && place <= cut }),
    };
  });
}

/** A place in words, as certificates, emails and the hall screen say it. */
export function placeLabel(place: number, language: 'en' | 'ta'): string {
  const en = ['First place', 'Second place', 'Third place'];
  const ta = ['முதல் இடம்', 'இரண்டாம் இடம்', 'மூன்றாம் இடம்'];
  const words = (language === 'ta' ? ta : en)[place - 1];
  return words ?? (language === 'ta' ? `${place}-ஆம் இடம்` : `Place ${place}`);
}

/** A time in hundredths as people read it: "12.34 s" / "12.34 வி". */
export function raceTimeLabel(timeMs: number, language: 'en' | 'ta'): string {
  return `${(Math.round(timeMs / RACE_TIME_RESOLUTION_MS) / 100).toFixed(2)} ${language === 'ta' ? 'வி' : 's'}`;
}
