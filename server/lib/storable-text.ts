import type { FieldErrors } from '@domain/validation';
import { ApiError } from './errors';

const NUL = '\u0000';
const MESSAGE = 'Remove the hidden control character (NUL) from this field.';

/**
 * Postgres text cannot hold a NUL character, and the shared schemas let one through; without
 * this check such a field would reach the database and fail there (a 500) instead of a 422.
 */
export function assertStorableText(record: Record<string, unknown>): void {
  const fields = unstorableTextFields(record);
  if (fields) throw new ApiError(422, 'validation_failed', 'Some fields need attention.', fields);
}

/** The fields holding a NUL character, or null when every field can be stored. */
export function unstorableTextFields(record: Record<string, unknown>): FieldErrors | null {
  let fields: FieldErrors | null = null;
  for (const [key, value] of Object.entries(record)) {
    if (holdsNul(value)) (fields ??= {})[key] = MESSAGE;
  }
  return fields;
}

function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes(NUL);
  if (Array.isArray(value)) return value.some(holdsNul);
  return false;
}
