import { describe, expect, it } from 'vitest';
import { LEVEL1_ROUND, rubricFor, type Criterion, type RoundSettings } from './judging';
import { computeResults, weightedScore, type ScoreSheet } from './judging-results';

const criterion = (id: string, weight: number): Criterion => ({ id, weight, name: { en: id, ta: id }, low: { en: '', ta: '' }, high: { en: '', ta: '' } });
const RAW: RoundSettings = { ...LEVEL1_ROUND, minEntriesToStandardise: 8, disagreementRange: 30, advancement: { rule: 'percent', percent: 50 } };

describe('a round’s results', () => {
  it('match a hand-computed fixture: weighted scores, 0-100, a tie broken by the highest-weighted criterion, the top half through', () => {
    const criteria = [criterion('t', 2), criterion('e', 1), criterion('p', 1)];
    const sheet = (entryId: string, judgeId: string, t: number, e: number, p: number): ScoreSheet => ({ entryId, judgeId, scores: { t, e, p } });
    const { entries, judges } = computeResults({
      criteria,
      entries: ['e1', 'e2', 'e3', 'e4', 'e5'].map((id) => ({ id, pool: '6-8' })),
      sheets: [
        sheet('e1', 'A', 8, 6, 6), // 7.0 -> 66.67
        sheet('e1', 'B', 9, 7, 7), // 8.0 -> 77.78
        sheet('e2', 'A', 5, 5, 5), // 5 -> 44.44
        sheet('e2', 'B', 4, 4, 4), // 4 -> 33.33
        sheet('e3', 'A', 7, 9, 9), // 8.0 -> 77.78
        sheet('e3', 'B', 8, 7, 5), // 7.0 -> 66.67
        sheet('e4', 'A', 2, 2, 2), // 2 -> 11.11
        sheet('e4', 'B', 10, 10, 10), // 10 -> 100
      ],
      settings: RAW,
    });
    const byId = Object.fromEntries(entries.map((entry) => [entry.entryId, entry]));
    expect(byId.e1).toMatchObject({ final: 72.22, place: 1, qualifies: true, spread: 11.11, flagged: false, tieBreaks: { 'highest-weighted-criterion': 8.5 } });
    expect(byId.e3).toMatchObject({ final: 72.22, place: 2, qualifies: true, tieBreaks: { 'highest-weighted-criterion': 7.5 } });
    expect(byId.e4).toMatchObject({ final: 55.56, place: 3, qualifies: false, spread: 88.89, flagged: true });
    expect(byId.e2).toMatchObject({ final: 38.89, place: 4, qualifies: false });
    // Nobody scored e5 yet: no score, no place.
    expect(byId.e5).toMatchObject({ final: null, place: null, qualifies: false, judges: [] });
    expect(byId.e1!.judges).toEqual([
      { judgeId: 'A', weighted: 7, z: null, value: 66.67 },
      { judgeId: 'B', weighted: 8, z: null, value: 77.78 },
    ]);
    expect(judges.map((judge) => [judge.judgeId, judge.sheets, judge.mean, judge.standardised])).toEqual([
      ['A', 4, 5.5, false],
      ['B', 4, 7.25, false],
    ]);
  });

  it('standardises a judge over at least 8 entries: a harsh and a generous judge of the same children count alike', () => {
    const generous = [5, 6, 7, 8, 9, 10, 6, 8];
    const sheets: ScoreSheet[] = generous.flatMap((score, i) => [
      { entryId: `e${i}`, judgeId: 'G', scores: { x: score } },
      { entryId: `e${i}`, judgeId: 'H', scores: { x: score - 3 } },
    ]);
    const { entries, judges } = computeResults({
      criteria: [criterion('x', 1)],
      entries: generous.map((_, i) => ({ id: `e${i}`, pool: '9-12' })),
      sheets,
      settings: { ...RAW, advancement: { rule: 'top', count: 1 } },
    });
    expect(entries.every((entry) => entry.spread === 0 && !entry.flagged)).toBe(true);
    // By hand: G's mean 7.375, sd 1.5762; the contest's 16 sheets mean 5.875, sd 2.1759;
    // z(10) = 1.6654 -> 5.875 + 1.6654 x 2.1759 = 9.4987 on 1-10 -> 94.43.
    expect(entries.find((entry) => entry.entryId === 'e5')).toMatchObject({ final: 94.43, place: 1, qualifies: true });
    expect(entries.find((entry) => entry.entryId === 'e5')!.judges.map((judge) => judge.z)).toEqual([1.67, 1.67]);
    // Equal scores share a place: the two 6s and the two 8s.
    const places = Object.fromEntries(entries.map((entry) => [entry.entryId, entry.place]));
    expect([places.e1, places.e6, places.e3, places.e7]).toEqual([6, 6, 3, 3]);
    expect(judges.map((judge) => [judge.judgeId, judge.standardised, judge.agreement])).toEqual([
      ['G', true, 1],
      ['H', true, 1],
    ]);
  });

  it('gives the same answer whatever order the sheets come in', () => {
    const criteria = rubricFor('dance');
    if (criteria.kind !== 'scores') throw new Error('dance is scored');
    const sheets: ScoreSheet[] = [];
    for (let entry = 0; entry < 30; entry++) {
      for (const judge of ['j1', 'j2', 'j3']) {
        sheets.push({ entryId: `e${entry}`, judgeId: judge, scores: Object.fromEntries(criteria.criteria.map((c, i) => [c.id, 1 + ((entry * 7 + i * 3 + judge.length) % 10)])) });
      }
    }
    const entries = Array.from({ length: 30 }, (_, i) => ({ id: `e${i}`, pool: i % 2 ? '6-8' : '9-12' }));
    const forwards = computeResults({ criteria: criteria.criteria, entries, sheets, settings: LEVEL1_ROUND });
    const backwards = computeResults({ criteria: criteria.criteria, entries: [...entries].reverse(), sheets: [...sheets].reverse(), settings: LEVEL1_ROUND });
    const key = (r: typeof forwards) => Object.fromEntries(r.entries.map((e) => [e.entryId, [e.final, e.place, e.qualifies]]));
    expect(key(backwards)).toEqual(key(forwards));
    // 20 % of each pool of 15, rounded up: 3 places (more when the third place is shared).
    for (const pool of ['6-8', '9-12']) expect(forwards.entries.filter((e) => e.pool === pool && e.qualifies).length).toBeGreaterThanOrEqual(3);
  });

  it('refuses a sheet that leaves out a criterion', () => {
    expect(() => weightedScore([criterion('a', 1), criterion('b', 1)], { a: 5 })).toThrow(/no score for b/);
  });
});
