import type { CategorySlug } from './categories';

/** In-person baby contests take age in months, within a band (docs/product.md, "Registration"). */
export const BABY_AGE_BANDS = {
  crawling: { minMonths: 5, maxMonths: 9 },
  'fastest-walking': { minMonths: 9, maxMonths: 15 },
} as const satisfies Partial<Record<CategorySlug, { minMonths: number; maxMonths: number }>>;

export type BabyCategorySlug = keyof typeof BABY_AGE_BANDS;

export const CHILD_AGE_YEARS = { min: 1, max: 17 } as const;

export type AgeUnit = 'years' | 'months';

export function isBabyCategory(slug: CategorySlug): slug is BabyCategorySlug {
  return slug in BABY_AGE_BANDS;
}

/** Age is asked in months as soon as any baby category is chosen, in years otherwise. */
export function ageUnitFor(categories: readonly CategorySlug[]): AgeUnit {
  return categories.some(isBabyCategory) ? 'months' : 'years';
}

/** The allowed range for the chosen categories: the intersection of every chosen baby band. */
export function ageRangeFor(categories: readonly CategorySlug[]): { min: number; max: number; unit: AgeUnit } {
  const babies = categories.filter(isBabyCategory);
  if (babies.length === 0) return { min: CHILD_AGE_YEARS.min, max: CHILD_AGE_YEARS.max, unit: 'years' };
  const min = Math.max(...babies.map((slug) => BABY_AGE_BANDS[slug].minMonths));
  const max = Math.min(...babies.map((slug) => BABY_AGE_BANDS[slug].maxMonths));
  return { min, max, unit: 'months' };
}

export function formatAge(age: number, unit: AgeUnit): string {
  if (unit === 'years') return `${age} ${age === 1 ? 'year' : 'years'}`;
  return `${age} ${age === 1 ? 'month' : 'months'}`;
}
