import { timingSafeEqual } from 'node:crypto';
import { RECORD_SECRET_FIELD, RECORD_SECRET_MESSAGE, RECORD_SECRET_PATTERN } from '@domain/record-secret';
import type { FieldErrors } from '@domain/validation';
import { sha256Hex } from './content-hash';
import { invalid } from './errors';

/**
 * The record secret that came with a write (ADR 009), reduced to its SHA-256 at once: a secret of
 * 128+ random bits needs no slow hash, and the secret itself is never stored or logged.
 */
export type SecretCheck = { hash: string | null } | { fields: FieldErrors };

/** The hash of the secret in `record.recordSecret`; none sent is fine (records made before secrets). */
export function checkRecordSecret(record: unknown): SecretCheck {
  const value = record && typeof record === 'object' ? (record as Record<string, unknown>)[RECORD_SECRET_FIELD] : undefined;
  if (value === undefined || value === null || value === '') return { hash: null };
  if (typeof value !== 'string' || !RECORD_SECRET_PATTERN.test(value)) return { fields: { [RECORD_SECRET_FIELD]: RECORD_SECRET_MESSAGE } };
  return { hash: sha256Hex(value) };
}

/** As checkRecordSecret, answering 422 for a malformed secret. */
export function recordSecretHash(record: unknown): string | null {
  const check = checkRecordSecret(record);
  if ('fields' in check) throw invalid(check.fields);
  return check.hash;
}

/** True only when the row was stored with a secret and the caller sent that same secret. */
export function secretMatches(storedHash: string | null, sentHash: string | null): boolean {
  if (!storedHash || !sentHash || storedHash.length !== sentHash.length) return false;
  return timingSafeEqual(Buffer.from(storedHash), Buffer.from(sentHash));
}
