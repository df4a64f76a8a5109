import { describe, expect, it } from 'vitest';
import { ageRangeFor, ageUnitFor, formatAge, isBabyCategory } from './age-bands';
import type { CategorySlug } from './categories';

describe('age bands', () => {
  it.each<[CategorySlug[], { min: number; max: number; unit: 'years' | 'months' }]>([
    [[], { min: 1, max: 17, unit: 'years' }],
    [['dance'], { min: 1, max: 17, unit: 'years' }],
    [['dance', 'yoga'], { min: 1, max: 17, unit: 'years' }],
    [['crawling'], { min: 5, max: 9, unit: 'months' }],
    [['fastest-walking'], { min: 9, max: 15, unit: 'months' }],
    [['dance', 'crawling'], { min: 5, max: 9, unit: 'months' }],
    // Both baby contests: only the overlap, exactly 9 months.
    [['crawling', 'fastest-walking'], { min: 9, max: 9, unit: 'months' }],
  ])('%j takes ages %j', (categories, range) => {
    expect(ageRangeFor(categories)).toEqual(range);
    expect(ageUnitFor(categories)).toBe(range.unit);
  });

  it.each<[CategorySlug, boolean]>([
    ['crawling', true],
    ['fastest-walking', true],
    ['dance', false],
    ['drawing', false],
  ])('%s is a baby contest: %s', (slug, baby) => {
    expect(isBabyCategory(slug)).toBe(baby);
  });

  it.each([
    [1, 'years', '1 year'],
    [7, 'years', '7 years'],
    [1, 'months', '1 month'],
    [9, 'months', '9 months'],
  ] as const)('formatAge(%i, %s) is %j', (age, unit, text) => {
    expect(formatAge(age, unit)).toBe(text);
  });
});
