import { normalizeReferenceCode } from '@domain/reference-code';
import type { RosterRow } from '../api/roster-db';

/** Lower case, no accents or extra spaces: what a name is searched by. */
export function searchKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Answers from the roster held in memory, offline: a reference code (typed in any form) matches
 * exactly; otherwise every word must start a word of the child's or guardian's name, or appear
 * in the code. Exact code matches first, then names in order.
 */
export function searchRoster(rows: readonly RosterRow[], query: string, limit = 20): RosterRow[] {
  const trimmed = query.trim();
  if (!trimmed) return [];
  const code = normalizeReferenceCode(trimmed);
  if (code) {
    const exact = rows.filter((row) => row.referenceCode === code);
    if (exact.length > 0) return exact.slice(0, limit);
  }
  const words = searchKey(trimmed).split(' ').filter(Boolean);
  const compactQuery = trimmed.toUpperCase().replace(/[\s-]/g, '');
  const found: RosterRow[] = [];
  for (const row of rows) {
    const haystack = ` ${row.searchName}`;
    const byName = words.every((word) => haystack.includes(` ${word}`));
    const byCode = compactQuery.length >= 3 && row.referenceCode.replace(/-/g, '').includes(compactQuery);
    if (byName || byCode) {
      found.push(row);
      if (found.length >= limit) break;
    }
  }
  return found;
}

/** searchRoster, timed with the User Timing API ('venue-search'), so the bench reads what the page took. */
export function timedSearch(rows: readonly RosterRow[], query: string): RosterRow[] {
  const started = performance.now();
  const found = searchRoster(rows, query);
  if (query.trim()) performance.measure('venue-search', { start: started, end: performance.now() });
  return found;
}
