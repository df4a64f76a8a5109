import { byId, SCORE_SCALE, type Criterion, type RoundSettings } from './judging';

/**
 * A round's results from the judges' score sheets (issue 24, ADR 027). Pure and deterministic:
 * the same sheets always give the same places, so the admins' moderation view, the published
 * results and a hand-computed fixture agree to the last digit.
 *
 * 1. A sheet's weighted score: Σ weight × score / Σ weight, on the 1-10 scale.
 * 2. Per judge and contest: with at least `minEntriesToStandardise` sheets, each weighted score
 *    becomes a z-score over that judge's sheets and is put back on the contest's scale (the mean
 *    and spread of every sheet of the contest), so a harsh judge and a generous one count alike;
 *    with fewer, the raw weighted score is used.
 * 3. An entry's final score: the mean of its judges' values, rescaled from 1-10 to 0-100 and
 *    rounded to 2 decimals (what is published, and what is ranked).
 * 4. Places per pool (contest and age band), best first; a tie is broken by the season's
 *    tie-breaks in order; entries still equal share their place. Advancement by place.
 */

export type ScoreSheet = { entryId: string; judgeId: string; scores: Readonly<Record<string, number>> };
export type ResultEntry = { id: string; pool: string };

export type JudgeValue = {
  judgeId: string;
  /** The sheet's weighted score, 1-10. */
  weighted: number;
  /** The z-score over this judge's sheets, when standardised. */
  z: number | null;
  /** What counts, on 0-100. */
  value: number;
};

/** Where a scored entry or performer stands, and the judges' values behind it. */
export type Standing = {
  /** 0-100, 2 decimals; null before any judge scored it. */
  final: number | null;
  place: number | null;
  qualifies: boolean;
  judges: JudgeValue[];
  tieBreaks: Record<string, number>;
};

export type EntryResult = Standing & {
  entryId: string;
  pool: string;
  /** The highest judge value minus the lowest (0-100 points). */
  spread: number;
  /** The judges disagree by more than the round allows: one more judge is due. */
  flagged: boolean;
};

export type JudgeStats = {
  judgeId: string;
  sheets: number;
  /** Mean and standard deviation of their weighted scores (1-10). */
  mean: number;
  spread: number;
  standardised: boolean;
  /** Pearson correlation of their values with the mean of the other judges on the same entries; null under 3 shared entries. */
  agreement: number | null;
};

const round2 = (value: number) => Math.round(value * 100) / 100;
const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const populationSd = (values: readonly number[]) => {
  const m = mean(values);
  return Math.sqrt(mean(values.map((value) => (value - m) ** 2)));
};
const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const toHundred = (score: number) => Math.min(100, Math.max(0, ((score - SCORE_SCALE.min) / (SCORE_SCALE.max - SCORE_SCALE.min)) * 100));

export function weightedScore(criteria: readonly Criterion[], scores: Readonly<Record<string, number>>): number {
  let total = 0;
  let weights = 0;
  for (const criterion of criteria) {
    const score = scores[criterion.id];
    if (score === undefined) throw new Error(`the sheet has no score for ${criterion.id}`);
    total += criterion.weight * score;
    weights += criterion.weight;
  }
  return total / weights;
}

function pearson(xs: readonly number[], ys: readonly number[]): number | null {
  if (xs.length < 3) return null;
  const mx = mean(xs);
  const my = mean(ys);
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < xs.length; i++) {
    sxy += (xs[i]! - mx) * (ys[i]! - my);
    sxx += (xs[i]! - mx) ** 2;
    syy += (ys[i]! - my) ** 2;
  }
  return sxx === 0 || syy === 0 ? null : round2(sxy / Math.sqrt(sxx * syy));
}

/** One contest's results: every entry's final score, place and whether it goes through; each judge's figures. */
export function computeResults(input: {
  criteria: readonly Criterion[];
  entries: readonly ResultEntry[];
  sheets: readonly ScoreSheet[];
  settings: RoundSettings;
  /** Points taken off an entry's final score before places (a live performance over its time limit, ADR 034). */
  deductions?: ReadonlyMap<string, number>;
}): { entries: EntryResult[]; judges: JudgeStats[] } {
  const { criteria, settings } = input;
  const known = new Set(input.entries.map((entry) => entry.id));
  const sheets = input.sheets.filter((sheet) => known.has(sheet.entryId)).map((sheet) => ({ ...sheet, weighted: weightedScore(criteria, sheet.scores) }));

  // 2. The contest's scale, and each judge's own.
  const all = sheets.map((sheet) => sheet.weighted);
  const contestMean = all.length > 0 ? mean(all) : 0;
  const contestSd = all.length > 0 ? populationSd(all) : 0;
  // Grouped once (by judge, by entry): a round has tens of thousands of sheets.
  const byJudge = new Map<string, typeof sheets>();
  const byEntry = new Map<string, typeof sheets>();
  for (const sheet of sheets) {
    const mine = byJudge.get(sheet.judgeId);
    if (mine) mine.push(sheet);
    else byJudge.set(sheet.judgeId, [sheet]);
    const theirs = byEntry.get(sheet.entryId);
    if (theirs) theirs.push(sheet);
    else byEntry.set(sheet.entryId, [sheet]);
  }
  const judgeScale = new Map<string, { mean: number; sd: number; standardised: boolean }>();
  for (const [judgeId, own] of byJudge) {
    const values = own.map((sheet) => sheet.weighted);
    judgeScale.set(judgeId, { mean: mean(values), sd: populationSd(values), standardised: own.length >= settings.minEntriesToStandardise });
  }
  const valueOf = (sheet: (typeof sheets)[number]): JudgeValue => {
    const scale = judgeScale.get(sheet.judgeId)!;
    if (!scale.standardised) return { judgeId: sheet.judgeId, weighted: sheet.weighted, z: null, value: toHundred(sheet.weighted) };
    const z = scale.sd === 0 ? 0 : (sheet.weighted - scale.mean) / scale.sd;
    return { judgeId: sheet.judgeId, weighted: sheet.weighted, z, value: toHundred(contestMean + z * contestSd) };
  };

  // 3. Each entry's final score and tie-break keys.
  const topCriterion = [...criteria].sort((a, b) => b.weight - a.weight)[0];
  const results: EntryResult[] = input.entries.map((entry) => {
    const own = [...(byEntry.get(entry.id) ?? [])].sort((a, b) => byId(a.judgeId, b.judgeId));
    const judges = own.map(valueOf);
    const values = judges.map((judge) => judge.value);
    const tieBreaks: Record<string, number> = {};
    for (const rule of settings.tieBreaks) {
      if (own.length === 0) continue;
      if (rule === 'highest-weighted-criterion' && topCriterion) tieBreaks[rule] = round2(mean(own.map((sheet) => sheet.scores[topCriterion.id] ?? 0)));
      if (rule === 'median-judge') tieBreaks[rule] = round2(median(values));
    }
    const spread = values.length > 1 ? round2(Math.max(...values) - Math.min(...values)) : 0;
    return {
      entryId: entry.id,
      pool: entry.pool,
      final: values.length > 0 ? round2(Math.max(0, mean(values) - (input.deductions?.get(entry.id) ?? 0))) : null,
      place: null,
      qualifies: false,
      judges: judges.map((judge) => ({ ...judge, value: round2(judge.value), z: judge.z === null ? null : round2(judge.z), weighted: round2(judge.weighted) })),
      spread,
      flagged: spread > settings.disagreementRange,
      tieBreaks,
    };
  });

  // 4. Places and advancement, per pool.
  const better = (a: EntryResult, b: EntryResult): number => {
    if (a.final !== b.final) return (b.final ?? -1) - (a.final ?? -1);
    for (const rule of settings.tieBreaks) {
      const difference = (b.tieBreaks[rule] ?? -1) - (a.tieBreaks[rule] ?? -1);
      if (difference !== 0) return difference;
    }
    return 0;
  };
  const pools = new Map<string, EntryResult[]>();
  for (const result of results) {
    if (result.final === null) continue;
    const pool = pools.get(result.pool);
    if (pool) pool.push(result);
    else pools.set(result.pool, [result]);
  }
  for (const pool of pools.values()) {
    pool.sort((a, b) => better(a, b) || byId(a.entryId, b.entryId));
    const places = settings.advancement.rule === 'top' ? settings.advancement.count : Math.max(1, Math.ceil((pool.length * settings.advancement.percent) / 100));
    pool.forEach((result, index) => {
      const previous = pool[index - 1];
      result.place = previous && better(previous, result) === 0 ? previous.place : index + 1;
      result.qualifies = result.place! <= places;
    });
  }

  // The judges' figures for moderation.
  // Each judge's values beside the mean of the rest of the panel on the same entries, in one pass.
  const pairs = new Map<string, { mine: number[]; others: number[] }>();
  for (const result of results) {
    if (result.judges.length < 2) continue;
    const total = result.judges.reduce((sum, judge) => sum + judge.value, 0);
    for (const judge of result.judges) {
      const pair = pairs.get(judge.judgeId) ?? { mine: [], others: [] };
      pair.mine.push(judge.value);
      pair.others.push((total - judge.value) / (result.judges.length - 1));
      pairs.set(judge.judgeId, pair);
    }
  }
  const judges: JudgeStats[] = [...byJudge.entries()]
    .sort(([a], [b]) => byId(a, b))
    .map(([judgeId, own]) => {
      const scale = judgeScale.get(judgeId)!;
      const pair = pairs.get(judgeId) ?? { mine: [], others: [] };
      return { judgeId, sheets: own.length, mean: round2(scale.mean), spread: round2(scale.sd), standardised: scale.standardised, agreement: pearson(pair.mine, pair.others) };
    });

  return { entries: results, judges };
}
