import { SCORE_SCALE, type Criterion } from './judging';
import type { Language } from './languages';

/**
 * What a family is told besides the number (issue 49): the child's strongest criteria in words,
 * next to the judges' notes. Pure, shared by the result email and the family's page.
 */

/** How many criteria "Strongest:" names at most. */
export const STRONGEST_AT_MOST = 2;

/**
 * The child's strongest criteria in one contest, from the panel's sheets for the entry.
 *
 * A criterion's strength is the mean of its scores across the panel, relative to the scale's
 * maximum (mean ÷ 10): every criterion shares the 1-10 scale, so this is also a comparison of
 * means, and a rubric with another maximum would still compare fairly. Criteria are ranked by
 * strength, highest first; a tie goes to the heavier criterion, then to the rubric's order. The
 * strongest are the first `STRONGEST_AT_MOST` of that ranking whose strength is above the
 * weakest criterion's: when every criterion has the same mean nothing stands out, and none is
 * named. A sheet without a score for a criterion is left out of that criterion's mean; no sheet,
 * no strongest.
 */
export function strongestCriteria(criteria: readonly Criterion[], sheets: readonly Readonly<Record<string, number>>[]): string[] {
  const strengths = criteria.flatMap((criterion, order) => {
    const scores = sheets.map((sheet) => sheet[criterion.id]).filter((score): score is number => typeof score === 'number');
    if (scores.length === 0) return [];
    const mean = scores.reduce((sum, score) => sum + score, 0) / scores.length;
    return [{ id: criterion.id, weight: criterion.weight, order, strength: mean / SCORE_SCALE.max }];
  });
  if (strengths.length === 0) return [];
  const weakest = Math.min(...strengths.map((item) => item.strength));
  return strengths
    .sort((a, b) => b.strength - a.strength || b.weight - a.weight || a.order - b.order)
    .filter((item) => item.strength > weakest)
    .slice(0, STRONGEST_AT_MOST)
    .map((item) => item.id);
}

/**
 * The strongest criteria's names as a phrase in a language: "expression and rhythm",
 * "பாவனை மற்றும் தாளம்". Ids the rubric does not have are skipped.
 */
export function strongestPhrase(criteria: readonly Criterion[], ids: readonly string[], language: Language): string {
  const names = ids.flatMap((id) => {
    const criterion = criteria.find((item) => item.id === id);
    if (!criterion) return [];
    return [language === 'ta' ? criterion.name.ta : criterion.name.en.toLowerCase()];
  });
  return new Intl.ListFormat(language === 'ta' ? 'ta-IN' : 'en-IN', { type: 'conjunction' }).format(names);
}
