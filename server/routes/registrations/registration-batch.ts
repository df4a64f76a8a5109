import { DEVICE_SAVED_AT_FIELD, deviceSavedAt } from '@domain/device-saved-at';
import { IMPLAUSIBLE_DEVICE_TIME, isPlausibleDeviceTime } from '@domain/dates';
import type { NewRegistration, Registration } from '@domain/registration';
import type { FieldErrors } from '@domain/validation';
import type { z } from 'zod';
import { checkRecord, type Checked } from '../../lib/batch';
import { checkRecordSecret } from '../../lib/record-secret';
import type { RegistrationWrite, WriteOutcome } from '../../db/stores/registration-store';

export const CONFLICT_MESSAGE = 'A different registration was already saved with this id.';

/** The answer for a stored registration (a public one or a walk-in). */
export type RegistrationResult =
  | { index: number; id: string; status: 'created' | 'duplicate'; registration?: Registration }
  | {
      index: number;
      id: string;
      status: 'conflict';
      registration?: Registration;
      error: { code: 'conflict'; message: string; current?: Registration };
    };

/**
 * One registration record of a batch: its schema, the record secret it must carry (ADR 009) and
 * when the device saved it (for the overview's delay chart), ready for the store.
 */
export function checkRegistration(
  schema: z.ZodType<NewRegistration>,
  record: unknown,
  now: Date,
  via: 'public' | 'venue' = 'public',
): Checked<RegistrationWrite> {
  const checked = checkRecord(schema, record);
  const secret = checkRecordSecret(record);
  const fields = {
    ...('fields' in checked ? checked.fields : consentProblems(checked.data, now, via)),
    ...('fields' in secret ? secret.fields : {}),
  };
  if ('fields' in checked || !('hash' in secret) || Object.keys(fields).length > 0) return { fields };
  const savedAt = deviceSavedAt((record as Record<string, unknown>)[DEVICE_SAVED_AT_FIELD], now);
  return { data: { registration: checked.data, secretHash: secret.hash, deviceSavedAt: savedAt } };
}

/**
 * What the server will not take on a device's word: consent "taken by field staff" outside a
 * signed-in staff member's walk-in, and a consent time the server's clock makes implausible.
 */
export function consentProblems(registration: NewRegistration, now: Date, via: 'public' | 'venue'): FieldErrors {
  const consent = registration.consent;
  if (!consent) return {};
  return {
    ...(consent.channel === 'field-staff' && via !== 'venue' ? { consentChannel: FIELD_STAFF_ONLY } : {}),
    ...(consent.consentedAt && !isPlausibleDeviceTime(consent.consentedAt, now) ? { consentedAt: IMPLAUSIBLE_DEVICE_TIME } : {}),
  };
}

export const FIELD_STAFF_ONLY = 'Consent taken by field staff is recorded only through venue mode, by a signed-in staff member.';

/**
 * The answer for one stored record. Without the record's secret it says only what happened
 * (ADR 009): the stored copy goes only to the device that made the record, never for a deleted one.
 */
export function registrationResult(index: number, id: string, outcome: WriteOutcome): RegistrationResult {
  const shown = outcome.visible ? { registration: outcome.registration } : {};
  if (outcome.status !== 'conflict') return { index, id, status: outcome.status, ...shown };
  return {
    index,
    id,
    status: 'conflict',
    ...shown,
    error: { code: 'conflict', message: CONFLICT_MESSAGE, ...(shown.registration ? { current: shown.registration } : {}) },
  };
}
