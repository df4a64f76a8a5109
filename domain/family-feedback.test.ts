import { describe, expect, it } from 'vitest';
import { rubricFor, type Criterion } from './judging';
import { strongestCriteria, strongestPhrase } from './family-feedback';

const criterion = (id: string, weight: number): Criterion => ({ id, weight, name: { en: id, ta: id }, low: { en: '', ta: '' }, high: { en: '', ta: '' } });
const RUBRIC = [criterion('technique', 3), criterion('expression', 2), criterion('choreography', 2), criterion('presence', 1)];

describe('the strongest criteria', () => {
  it('are the two with the highest mean across the panel', () => {
    const sheets = [
      { technique: 6, expression: 9, choreography: 5, presence: 8 },
      { technique: 7, expression: 8, choreography: 6, presence: 9 },
      { technique: 5, expression: 10, choreography: 4, presence: 7 },
    ];
    // Means 6, 9, 5, 8.
    expect(strongestCriteria(RUBRIC, sheets)).toEqual(['expression', 'presence']);
  });

  it('break a tie by the heavier criterion, then by the rubric’s order', () => {
    expect(strongestCriteria(RUBRIC, [{ technique: 8, expression: 8, choreography: 8, presence: 3 }])).toEqual(['technique', 'expression']);
    expect(strongestCriteria(RUBRIC, [{ technique: 3, expression: 8, choreography: 8, presence: 8 }])).toEqual(['expression', 'choreography']);
  });

  it('name only what stands above the weakest: one criterion, or none when all are equal', () => {
    expect(strongestCriteria(RUBRIC, [{ technique: 5, expression: 9, choreography: 5, presence: 5 }])).toEqual(['expression']);
    expect(strongestCriteria(RUBRIC, [{ technique: 7, expression: 7, choreography: 7, presence: 7 }])).toEqual([]);
    expect(strongestCriteria(RUBRIC, [])).toEqual([]);
  });

  it('compare each criterion’s mean, not single sheets: one generous judge does not decide', () => {
    const sheets = [
      { technique: 10, expression: 6, choreography: 6, presence: 6 },
      { technique: 4, expression: 7, choreography: 7, presence: 6 },
    ];
    // Means 7, 6.5, 6.5, 6: technique, then expression over choreography by the rubric's order (same weight).
    expect(strongestCriteria(RUBRIC, sheets)).toEqual(['technique', 'expression']);
  });

  it('read as words in the family’s language', () => {
    const singing = rubricFor('singing');
    if (singing.kind !== 'scores') throw new Error('singing is scored');
    expect(strongestPhrase(singing.criteria, ['presence', 'rhythm'], 'en')).toBe('stage presence and rhythm');
    expect(strongestPhrase(singing.criteria, ['presence', 'rhythm'], 'ta')).toBe('மேடை ஆளுமை மற்றும் தாளம்');
    expect(strongestPhrase(singing.criteria, ['pitch', 'gone'], 'en')).toBe('pitch');
  });
});
