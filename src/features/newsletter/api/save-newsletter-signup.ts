import { newsletterSignupSchema } from '@domain/newsletter';
import { fieldErrorsOf } from '@domain/validation';
import { enqueue, recordsOfKinds, type NewsletterRecord, type SaveResult } from '@/lib/outbox';

/**
 * The newsletter sign-up's one save path, loaded only when someone subscribes (the form sits in
 * the footer of every page, so the outbox and zod stay out of the shell). A second sign-up for
 * the same email on this device is not stored again: `existing`, with the first one's id.
 */
export async function saveNewsletterSignup(email: string): Promise<SaveResult> {
  const parsed = newsletterSignupSchema.safeParse({ id: crypto.randomUUID(), email });
  if (!parsed.success) return { saved: false, errors: fieldErrorsOf(parsed.error) };
  const existing = await findNewsletterSignup(parsed.data.email);
  if (existing) return { saved: true, id: existing.id, existing: true };
  await enqueue('newsletter', parsed.data);
  return { saved: true, id: parsed.data.id, existing: false };
}

/** A newsletter sign-up for this email already made on this device, if any (any case). */
async function findNewsletterSignup(email: string): Promise<NewsletterRecord | undefined> {
  const wanted = email.trim().toLowerCase();
  const signups = await recordsOfKinds(['newsletter']);
  return signups.find((record) => record.payload.email.trim().toLowerCase() === wanted && record.status !== 'failed');
}
