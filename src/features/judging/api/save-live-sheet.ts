import { liveSheetSchema } from '@domain/live-judging';
import type { Criterion } from '@domain/judging';
import { fieldErrorsOf } from '@domain/validation';
import { enqueue, type SaveResult } from '@/lib/outbox';

/**
 * A live sheet's one save path (issue 45): checked against the contest's rubric with the server's
 * own schema, then kept in the outbox, which sends it when the tablet has a connection. A step
 * back ("I know this performer") is a sheet too, so it waits offline like a score.
 */
export async function saveLiveSheet(
  at: { sessionId: string; number: number; contest: string; criteria: readonly Criterion[] },
  sheet: { scores: Record<string, number | undefined>; note: string; recused: boolean },
): Promise<SaveResult> {
  const scores = sheet.recused ? {} : sheet.scores;
  const parsed = liveSheetSchema(at.criteria).safeParse({ ...sheet, scores, editedAt: new Date().toISOString() });
  if (!parsed.success) return { saved: false, errors: fieldErrorsOf(parsed.error) };
  const id = crypto.randomUUID();
  await enqueue('score', {
    payload: { id, sessionId: at.sessionId, number: at.number, scores: parsed.data.scores, note: parsed.data.note, recused: parsed.data.recused, editedAt: parsed.data.editedAt },
    entryNumber: at.number,
    contest: at.contest,
  });
  return { saved: true, id, existing: false };
}
