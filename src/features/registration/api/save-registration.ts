import { registrationFormSchema, registrationInputOf, type RegistrationInput } from '@domain/registration';
import { fieldErrorsOf } from '@domain/validation';
import { enqueue, replaceRecord, type SaveResult } from '@/lib/outbox';

/**
 * The registration's one save path (the heavy half of the form: zod and Dexie, loaded once the
 * page is idle). Parses with the shared form schema (the server's rules plus a child's consent), and stores the parsed
 * registration; `edit` replaces a refused one in place. Storing wakes the sync engine.
 */
export async function saveRegistration(values: RegistrationInput, mode: 'new' | 'edit'): Promise<SaveResult> {
  const parsed = registrationFormSchema.safeParse(values);
  if (!parsed.success) return { saved: false, errors: fieldErrorsOf(parsed.error) };
  const payload = registrationInputOf(parsed.data);
  if (mode === 'edit') await replaceRecord('registration', payload);
  else await enqueue('registration', payload);
  return { saved: true, id: payload.id, existing: false };
}
