import type { FieldErrors } from '@domain/validation';
import { VENUE_BATCH_LIMIT } from '@domain/venue';
import { JSON_HEADERS, type Verdict } from '../protocol';
import type { RecordBase } from '../record';

/**
 * What venue mode's kinds (walk-in, check-in, fee; ADR 018) share: who made the record, the
 * child it is about, and their batch endpoints. Each kind still describes itself in its own file.
 */

/** Who made a venue record (docs/product.md, "Venue mode"): the signed-in staff member, on this installation. */
export type VenueRecordBase = RecordBase & {
  staffUsername: string;
  /** For the reconciliation screen and /saved, without opening the roster. */
  childName: string;
  referenceCode: string;
};

/** Another device's record reached the server first; the server kept that one. */
export type FirstRecord = { at: string; by: string; deviceId: string };

export const VENUE_BATCH = { limit: VENUE_BATCH_LIMIT };

/** A JSON POST of a batch of venue records under `field` (the venue batch endpoints' shape, docs/api.md). */
export function venueBatchPost(url: string, field: string, bodies: unknown[]): [string, RequestInit] {
  return [url, { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify({ [field]: bodies }) }];
}

type AnyResult = { index?: number; id?: string | null; status?: string };

/** Each record's entry in a batch answer's `results`: by id, else by position for entries without one. */
export function resultsInOrder<T extends AnyResult>(records: { id: string }[], body: unknown): (T | undefined)[] {
  const results = ((body as { results?: T[] } | null)?.results ?? []).filter(Boolean);
  return records.map(
    (record, index) =>
      results.find((r) => typeof r.id === 'string' && r.id.toLowerCase() === record.id.toLowerCase()) ??
      results.find((r) => r.index === index && !r.id),
  );
}

export const NO_ANSWER: Verdict = { kind: 'transient', message: 'The server did not answer for this record.' };
export const NOT_UNDERSTOOD: Verdict = { kind: 'transient', message: 'The server gave an answer this app does not understand.' };

export function invalidVerdict(error: { message?: string; fields?: FieldErrors } | undefined, fallback: string): Verdict {
  return { kind: 'failed', message: error?.message ?? fallback, fields: error?.fields ?? null };
}
