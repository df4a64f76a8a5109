import { contactMessageSchema, type ContactMessageInput } from '@domain/contact';
import { fieldErrorsOf } from '@domain/validation';
import { enqueueContactMessage } from '@/lib/outbox/outbox';
import type { SaveResult } from '@/lib/outbox/record';

/** The contact message's one save path: parses, then stores the parsed message. Storing wakes the sync engine. */
export async function saveContactMessage(values: Omit<ContactMessageInput, 'id'>): Promise<SaveResult> {
  const parsed = contactMessageSchema.safeParse({ id: crypto.randomUUID(), ...values });
  if (!parsed.success) return { saved: false, errors: fieldErrorsOf(parsed.error) };
  await enqueueContactMessage(parsed.data);
  return { saved: true, id: parsed.data.id, existing: false };
}
