import { newsletterSignupSchema } from '@domain/newsletter';
import { fieldErrorsOf } from '@domain/validation';
import { enqueueNewsletterSignup, findNewsletterSignup } from '@/lib/outbox/outbox';
import { outboxDb, type NewsletterRecord } from '@/lib/outbox/outbox-db';
import { syncEngine } from '@/lib/outbox/sync-runtime';

export type SubscribeResult =
  | { kind: 'invalid'; message: string }
  | { kind: 'saved'; id: string }
  | { kind: 'already'; id: string };

/**
 * Loaded only when someone subscribes (the form sits in the footer of every page, so the outbox
 * and zod stay out of the shell). A second sign-up for the same email is not stored again.
 */
export async function subscribe(email: string): Promise<SubscribeResult> {
  const parsed = newsletterSignupSchema.safeParse({ id: crypto.randomUUID(), email });
  if (!parsed.success) return { kind: 'invalid', message: fieldErrorsOf(parsed.error).email ?? 'Enter a valid email address.' };
  const existing = await findNewsletterSignup(parsed.data.email);
  if (existing) return { kind: 'already', id: existing.id };
  await enqueueNewsletterSignup(parsed.data);
  void syncEngine().sync();
  return { kind: 'saved', id: parsed.data.id };
}

/** Resolves when the server has answered for this sign-up, or after `ms` without an answer. */
export async function waitForAnswer(id: string, ms: number): Promise<NewsletterRecord | undefined> {
  const deadline = Date.now() + ms;
  for (;;) {
    const record = (await outboxDb().records.get(id)) as NewsletterRecord | undefined;
    if (!record || record.status !== 'queued' && record.status !== 'sending') return record;
    if (Date.now() > deadline) return record;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
