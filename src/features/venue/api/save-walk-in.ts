import { registrationFormSchema, registrationInputOf, type RegistrationInput } from '@domain/registration';
import type { VenueSession } from '@domain/season';
import { fieldErrorsOf } from '@domain/validation';
import { walkInMarkSchema } from '@domain/venue';
import { enqueue, type SaveResult } from '@/lib/outbox';
import type { StaffSession } from './staff-session';
import { venueMark } from './venue-record-base';

/**
 * A walk-in's one save path: the registration form's values (a child's carries the parent's
 * consent, taken by the staff member: channel `field-staff`), parsed with the form's shared
 * schema, stored marked with the session and this device. Storing wakes the sync engine.
 */
export async function saveWalkIn(values: RegistrationInput, session: VenueSession, staff: StaffSession): Promise<SaveResult> {
  const parsed = registrationFormSchema.safeParse(values);
  if (!parsed.success) return { saved: false, errors: fieldErrorsOf(parsed.error) };
  const mark = walkInMarkSchema.parse(venueMark(session));
  const payload = { ...registrationInputOf(parsed.data), ...mark };
  await enqueue('walk-in', {
    payload,
    labels: { staffUsername: staff.username, childName: payload.name ?? payload.instituteName ?? '', referenceCode: payload.referenceCode },
  });
  return { saved: true, id: payload.id, existing: false };
}
