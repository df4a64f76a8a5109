import type { CategorySlug } from '@domain/categories';
import { rubricFor, scoreSheetSchema } from '@domain/judging';
import { fieldErrorsOf } from '@domain/validation';
import type { Lang } from '@/lib/i18n/languages';
import { enqueue, type SaveResult } from '@/lib/outbox';
import { categoryName } from '../utils/labels';

/**
 * A score sheet's one save path: checked against its contest's rubric with the server's own schema,
 * then kept in the outbox (which sends it when it can: at once online, later offline).
 */
export async function saveScore(
  entry: { entryId: string; number: number; category: CategorySlug },
  sheet: { scores: Record<string, number | undefined>; comment: string; familyNote: string },
  lang: Lang,
): Promise<SaveResult> {
  const rubric = rubricFor(entry.category);
  if (rubric.kind !== 'scores') return { saved: false, errors: { scores: 'This contest is measured at the venue, not scored.' } };
  const parsed = scoreSheetSchema(rubric.criteria).safeParse({ ...sheet, editedAt: new Date().toISOString() });
  if (!parsed.success) return { saved: false, errors: fieldErrorsOf(parsed.error) };
  const id = crypto.randomUUID();
  await enqueue('score', {
    payload: { id, entryId: entry.entryId, scores: parsed.data.scores, comment: parsed.data.comment, familyNote: parsed.data.familyNote, editedAt: parsed.data.editedAt },
    entryNumber: entry.number,
    contest: categoryName(entry.category, lang),
  });
  return { saved: true, id, existing: false };
}
