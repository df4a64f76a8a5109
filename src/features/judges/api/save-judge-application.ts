import { judgeApplicationFormSchema } from '@domain/judge';
import { fieldErrorsOf } from '@domain/validation';
import { enqueue, type SaveResult } from '@/lib/outbox';

/**
 * The teaching-panel application's one save path (zod and Dexie, loaded once the page is idle):
 * parses, then stores the parsed application with its photo. Storing wakes the sync engine.
 */
export async function saveJudgeApplication(
  values: { id: string; name: string; email: string; expertise: string; experience: string; bio: string },
  photo: { blob: Blob; name: string } | null,
): Promise<SaveResult> {
  const parsed = judgeApplicationFormSchema.safeParse(values);
  if (!parsed.success) return { saved: false, errors: fieldErrorsOf(parsed.error) };
  await enqueue('judge', { payload: parsed.data, photo });
  return { saved: true, id: parsed.data.id, existing: false };
}
