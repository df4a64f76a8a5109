import { isApiErrorBody } from '@domain/api-error';
import { DEVICE_SAVED_AT_FIELD } from '@domain/device-saved-at';
import { RECORD_SECRET_FIELD } from '@domain/record-secret';
import type { FieldErrors } from '@domain/validation';
import type { RecordBase } from './record';

/**
 * The wire half of the outbox, shared by every kind (kinds/*.ts): how an answer from the server
 * becomes a verdict on a record. The scheduling half (when to send, the lock, backoff, claiming)
 * is sync-engine.ts. ARCHITECTURE.md, "The outbox", shows how the two meet.
 */

/** How one answer from the server changes a record. `answer`: the 2xx body, for the kind's `synced`. */
export type Verdict =
  | { kind: 'synced'; answer: unknown }
  | { kind: 'conflict'; message: string; serverCopy: unknown }
  | { kind: 'failed'; message: string; fields: FieldErrors | null }
  | { kind: 'transient'; message: string; retryAfterMs?: number }
  // A kind that needs a signed-in account was answered 401/403: keep it queued until sign-in.
  | { kind: 'signed-out'; message: string };

export const JSON_HEADERS = { 'Content-Type': 'application/json', 'X-Requested-With': 'fetch' };

/** Network trouble, overload, rate limits (429) and server faults fix themselves; keep the record queued. */
export function isTransientStatus(status: number): boolean {
  return status >= 500 || status === 408 || status === 429 || status === 0;
}

export function transientMessage(status: number): string {
  return status === 429
    ? 'Many records were sent from this network; the server asked to wait a little. They will be sent automatically.'
    : `The server is having trouble (${status}).`;
}

export const NO_CONNECTION = 'No connection to the server.';

/** Shown on a venue record kept in the queue because the staff sign-in ended. */
export const SIGNED_OUT_MESSAGE = 'Your staff sign-in has ended. Sign in again to send this; it stays saved on this device.';

/** The verdict on a record only a signed-in account may send, when the answer says nobody is (401, 403). */
export function signedOutVerdict(response: Response): Verdict | null {
  return response.status === 401 || response.status === 403 ? { kind: 'signed-out', message: SIGNED_OUT_MESSAGE } : null;
}

/** A 429's or 503's Retry-After, in ms (0 without one). */
export function retryAfterMs(response: Response): number {
  const seconds = Number(response.headers.get('Retry-After'));
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 0;
}

/** The transient verdict of a status the server will get over by itself. */
export function transientVerdict(response: Response): Verdict {
  return { kind: 'transient', message: transientMessage(response.status), retryAfterMs: retryAfterMs(response) };
}

/** The record as it travels: its payload, the record's secret (ADR 009) and when this device first saved it. */
export function withSecret(record: RecordBase & { payload: object }): Record<string, unknown> {
  const sent: Record<string, unknown> = { ...record.payload, [DEVICE_SAVED_AT_FIELD]: new Date(record.createdAt).toISOString() };
  if (record.recordSecret) sent[RECORD_SECRET_FIELD] = record.recordSecret;
  return sent;
}

/** A JSON POST of one record with its secret. */
export function jsonPost(url: string, record: RecordBase & { payload: object }): [string, RequestInit] {
  return [url, { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify(withSecret(record)) }];
}

/** The verdict on one record from the answer of a single-record endpoint (the API's error shape: docs/api.md). */
export async function verdictOfResponse(response: Response): Promise<Verdict> {
  if (isTransientStatus(response.status)) return transientVerdict(response);
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) return { kind: 'synced', answer: body };
  const error = isApiErrorBody(body) ? body.error : null;
  const message = error?.message ?? `The server refused this record (${response.status}).`;
  if (response.status === 409) return { kind: 'conflict', message, serverCopy: error?.current ?? null };
  if (response.status === 413 || response.status === 415) {
    return { kind: 'failed', message, fields: error?.fields ?? { photo: message } };
  }
  return { kind: 'failed', message, fields: error?.fields ?? null };
}
