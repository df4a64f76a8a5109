import type { CategorySlug } from './categories';
import { byId, CONTESTS_OF_EXPERTISE, type Expertise } from './judging';

/**
 * Who judges which entry (issue 24, ADR 027): per pool (a contest and an age band), every entry
 * gets `perEntry` different judges whose expertise fits the contest and who declared no conflict
 * with the entry's institute, the least busy first, so the judges of a pool differ by at most
 * one entry when no conflict stands in the way. Deterministic: the same input, the same answer.
 */

export type AssignableJudge = { id: string; expertise: Expertise; /** Institutes the judge teaches at or is connected with (normalised names). */ conflicts: readonly string[] };
export type AssignableEntry = { id: string; /** The child's institute, normalised; null for none. */ institute: string | null };
export type Assignment = { entryId: string; judgeIds: string[]; /** Fewer fitting judges than asked for: an admin must add one. */ short: boolean };

export const normaliseInstitute = (name: string) => name.toLowerCase().normalize('NFKC').replace(/[^\p{L}\p{N}]+/gu, ' ').trim();

export function fits(judge: AssignableJudge, category: CategorySlug): boolean {
  return CONTESTS_OF_EXPERTISE[judge.expertise].includes(category);
}

function mayJudge(judge: AssignableJudge, entry: AssignableEntry): boolean {
  return entry.institute === null || !judge.conflicts.includes(entry.institute);
}

/** The least busy judges who may judge `entry` and are not already on it, ties by id. */
function pick(judges: readonly AssignableJudge[], entry: AssignableEntry, load: Map<string, number>, exclude: ReadonlySet<string>, count: number): string[] {
  return judges
    .filter((judge) => !exclude.has(judge.id) && mayJudge(judge, entry))
    .sort((a, b) => (load.get(a.id) ?? 0) - (load.get(b.id) ?? 0) || byId(a.id, b.id))
    .slice(0, count)
    .map((judge) => judge.id);
}

/** Assigns one pool's entries. The result never depends on the list's order. */
export function assignPool(
  category: CategorySlug,
  entries: readonly AssignableEntry[],
  judges: readonly AssignableJudge[],
  perEntry: number,
  /** What each judge already has in this pool (entries added to a round later). */
  already: ReadonlyMap<string, number> = new Map(),
): Assignment[] {
  const fitting = judges.filter((judge) => fits(judge, category));
  const load = new Map(already);
  // The most constrained entries first (fewest judges without a conflict), so a conflict does not
  // leave the last entries only the busiest judges; then in id order.
  const choices = (entry: AssignableEntry) => fitting.filter((judge) => mayJudge(judge, entry)).length;
  return [...entries]
    .map((entry) => ({ entry, choices: choices(entry) }))
    .sort((a, b) => a.choices - b.choices || byId(a.entry.id, b.entry.id))
    .map(({ entry }) => {
      const judgeIds = pick(fitting, entry, load, new Set(), perEntry);
      for (const id of judgeIds) load.set(id, (load.get(id) ?? 0) + 1);
      return { entryId: entry.id, judgeIds, short: judgeIds.length < perEntry };
    });
}

/**
 * One more judge for an entry: after a recusal ("I know this child"), or when its judges
 * disagree widely. Never one already on it or who stepped back from it; the least busy first.
 * Null when nobody fits.
 */
export function oneMoreJudge(
  category: CategorySlug,
  entry: AssignableEntry,
  judges: readonly AssignableJudge[],
  load: ReadonlyMap<string, number>,
  notThese: ReadonlySet<string>,
): string | null {
  return pick(judges.filter((judge) => fits(judge, category)), entry, new Map(load), notThese, 1)[0] ?? null;
}
