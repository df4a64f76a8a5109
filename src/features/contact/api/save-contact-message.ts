import { contactMessageSchema, type ContactMessageInput } from '@domain/contact';
import { fieldErrorsOf } from '@domain/validation';
import { enqueue, type SaveResult } from '@/lib/outbox';

/** The contact message's one save path: parses, then stores the parsed message. Storing wakes the sync engine. */
export async function saveContactMessage(values: Omit<ContactMessageInput, 'id'>): Promise<SaveResult> {
  const parsed = contactMessageSchema.safeParse({ id: crypto.randomUUID(), ...values });
  if (!parsed.success) return { saved: false, errors: fieldErrorsOf(parsed.error) };
  await enqueue('contact', parsed.data);
  return { saved: true, id: parsed.data.id, existing: false };
}
