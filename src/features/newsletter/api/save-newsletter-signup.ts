import { newsletterSignupSchema } from '@domain/newsletter';
import { fieldErrorsOf } from '@domain/validation';
import { enqueueNewsletterSignup, findNewsletterSignup } from '@/lib/outbox/outbox';
import type { SaveResult } from '@/lib/outbox/record';

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
  await enqueueNewsletterSignup(parsed.data);
  return { saved: true, id: parsed.data.id, existing: false };
}
