import type { FieldErrors } from '@domain/validation';

const MESSAGE = 'Remove the hidden or broken characters from this field.';
/** Half of a UTF-16 surrogate pair with no other half: text no real keyboard produces. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Postgres text cannot hold a NUL character, and PGlite fails on a lone surrogate; the shared
 * schemas let both through. Every request the API validates is checked for them too (see
 * `validate` in ./errors), so such a field gets a 422 instead of failing in the database (a 500).
 *
 * The fields holding unstorable text, however deep in them (a list of records, a nested object),
 * or null when every field can be stored.
 */
export function unstorableTextFields(record: Record<string, unknown>): FieldErrors | null {
  let fields: FieldErrors | null = null;
  for (const [key, value] of Object.entries(record)) {
    if (isUnstorable(value)) (fields ??= {})[key] = MESSAGE;
  }
  return fields;
}

/** Whether Postgres (and PGlite) can hold this text: no NUL, no lone surrogate. */
export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}

function isUnstorable(value: unknown): boolean {
  if (typeof value === 'string') return !isStorableText(value);
  if (Array.isArray(value)) return value.some(isUnstorable);
  if (value && typeof value === 'object') return Object.values(value).some(isUnstorable);
  return false;
}
