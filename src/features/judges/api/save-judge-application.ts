import { judgeApplicationFormSchema } from '@domain/judge';
import { fieldErrorsOf, type FieldErrors } from '@domain/validation';
import { enqueueJudgeApplication } from '@/lib/outbox/outbox';
import { syncEngine } from '@/lib/outbox/sync-runtime';

/**
 * The heavy half of the teaching-panel form (zod, Dexie, the sync engine), loaded once the page
 * is idle so the form renders on a light first load.
 */
export async function saveJudgeApplication(
  values: { id: string; name: string; email: string; expertise: string; experience: string; bio: string },
  photo: { blob: Blob; name: string } | null,
): Promise<{ saved: true } | { saved: false; errors: FieldErrors }> {
  const parsed = judgeApplicationFormSchema.safeParse(values);
  if (!parsed.success) return { saved: false, errors: fieldErrorsOf(parsed.error) };
  await enqueueJudgeApplication(parsed.data, photo);
  void syncEngine().sync();
  return { saved: true };
}
