import { registrationFormSchema, type RegistrationInput } from '@domain/registration';
import { fieldErrorsOf, type FieldErrors } from '@domain/validation';
import { enqueueRegistration, updateRegistration } from '@/lib/outbox/outbox';
import { syncEngine } from '@/lib/outbox/sync-runtime';

/**
 * The heavy half of the registration form (zod schemas, Dexie, the sync engine). The form loads
 * it once the page is idle, so the form itself renders on a light first load.
 */

/**
 * Every problem with the input at once, or null when it can be stored: the server's schema plus
 * the form's own rule that a child's registration carries the parent's consent.
 */
export function checkRegistration(input: RegistrationInput): FieldErrors | null {
  const parsed = registrationFormSchema.safeParse(input);
  return parsed.success ? null : fieldErrorsOf(parsed.error);
}

/** Stores the registration in the outbox (or replaces a refused one) and starts a sync. */
export async function saveRegistration(input: RegistrationInput, mode: 'new' | 'edit'): Promise<void> {
  if (mode === 'edit') await updateRegistration(input);
  else await enqueueRegistration(input);
  void syncEngine().sync();
}
