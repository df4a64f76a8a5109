import { isApiErrorBody } from '@domain/api-error';
import { DEVICE_SAVED_AT_FIELD } from '@domain/device-saved-at';
import { RECORD_SECRET_FIELD } from '@domain/record-secret';
import type { FieldErrors } from '@domain/validation';
import type { RecordBase } from './record';

/**
 * What an answer from the server means for a record, shared by every kind (kinds/*.ts) and the
 * transport (transport.ts, the one module that sends). No request is made here.
 */

/** How one answer from the server changes a record. `answer`: the 2xx body, for the kind's `synced`. */
export type Verdict =
  | { kind: 'synced'; answer: unknown }
  | { kind: 'conflict'; message: string; serverCopy: unknown }
  | { kind: 'failed'; message: string; fields: FieldErrors | null }
  /** Not this time: the record stays queued. `offline`: no answer at all (the network, not the server). */
  | { kind: 'transient'; message: string; retryAfterMs?: number; offline?: boolean }
  // A kind that needs a signed-in account was answered 401/403: the record waits for a sign-in.
  | { kind: 'signed-out'; message: string };

/** What the transport reads of an answer: a browser Response, or the typed client's. */
export type WireResponse = { status: number; ok: boolean; headers: Headers; json(): Promise<unknown> };

/** Network trouble, overload, rate limits (429) and server faults fix themselves; keep the record queued. */
export function isTransientStatus(status: number): boolean {
  return status >= 500 || status === 408 || status === 429 || status === 0;
}

export function transientMessage(status: number): string {
  if (status === 429) return 'Many records were sent from this network; the server asked to wait a little. They will be sent automatically.';
  // A batch refused while many phones send (ADR 035), or the database restarting: both pass.
  if (status === 503) return 'The server is busy for a moment (503); this will be sent again automatically.';
  return `The server is having trouble (${status}).`;
}

export const NO_CONNECTION = 'No connection to the server.';

/** The verdict on a record whose request got no answer at all. */
export const NO_CONNECTION_VERDICT: Verdict = { kind: 'transient', message: NO_CONNECTION, offline: true };

/** Shown on a venue record waiting because the staff sign-in ended. */
export const SIGNED_OUT_MESSAGE = 'Your staff sign-in has ended. Sign in again to send this; it stays saved on this device.';

/** The verdict on a record only a signed-in account may send, when the answer says nobody is (401, 403). */
export function signedOutVerdict(response: WireResponse): Verdict | null {
  return response.status === 401 || response.status === 403 ? { kind: 'signed-out', message: SIGNED_OUT_MESSAGE } : null;
}

/** A 429's or 503's Retry-After, in ms (0 without one). */
export function retryAfterMs(response: WireResponse): number {
  const seconds = Number(response.headers.get('Retry-After'));
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 0;
}

/** The transient verdict of a status the server will get over by itself. */
export function transientVerdict(response: WireResponse): Verdict {
  return { kind: 'transient', message: transientMessage(response.status), retryAfterMs: retryAfterMs(response) };
}

/** The record as it travels: its payload, the record's secret (ADR 009) and when this device first saved it. */
export function withSecret<P extends object>(record: RecordBase & { payload: P }): P & Record<string, unknown> {
  const sent: Record<string, unknown> = { ...record.payload, [DEVICE_SAVED_AT_FIELD]: new Date(record.createdAt).toISOString() };
  if (record.recordSecret) sent[RECORD_SECRET_FIELD] = record.recordSecret;
  return sent as P & Record<string, unknown>;
}

/** The verdict on one record from the answer of a single-record endpoint (the API's error shape: docs/api.md). */
export async function verdictOfResponse(response: WireResponse): Promise<Verdict> {
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

export const NO_ANSWER: Verdict = { kind: 'transient', message: 'The server did not answer for this record.' };
export const NOT_UNDERSTOOD: Verdict = { kind: 'transient', message: 'The server gave an answer this app does not understand.' };

/** One record's entry in a batch endpoint's `results` (every batch endpoint's shape, docs/api.md). */
type BatchResult = {
  index?: number;
  id?: string | null;
  status?: string;
  error?: { message?: string; fields?: FieldErrors; current?: unknown };
  /** The stored copy, on a registration's answer (only for the record's secret). */
  registration?: unknown;
};

/** What a kind's batch answers mean: which statuses are synced, and its words for a refusal and a conflict. */
export type BatchRules = {
  synced: readonly string[];
  /** The message for `invalid` when the server gave none. */
  invalid: string;
  /** Kinds that can meet another version of themselves (`conflict`): the message when the server gave none. */
  conflict?: string;
};

/**
 * The verdict on each record from a batch's 2xx answer, in order. Each record's entry is found by
 * its id, else by its position for entries without one. Read defensively: a server of another
 * build may leave out what this one always sends.
 */
export function batchVerdicts(records: { id: string }[], body: unknown, rules: BatchRules): Verdict[] {
  const results = ((body as { results?: BatchResult[] } | null)?.results ?? []).filter(Boolean);
  return records.map((record, index) => {
    const result =
      results.find((r) => typeof r.id === 'string' && r.id.toLowerCase() === record.id.toLowerCase()) ??
      results.find((r) => r.index === index && !r.id);
    if (!result?.status) return NO_ANSWER;
    if (rules.synced.includes(result.status)) return { kind: 'synced', answer: result };
    if (result.status === 'conflict' && rules.conflict) {
      return {
        kind: 'conflict',
        message: result.error?.message ?? rules.conflict,
        // Present only when this device holds the record's secret and the record is not deleted (ADR 009).
        serverCopy: result.error?.current ?? result.registration ?? null,
      };
    }
    if (result.status === 'invalid') return { kind: 'failed', message: result.error?.message ?? rules.invalid, fields: result.error?.fields ?? null };
    return NOT_UNDERSTOOD;
  });
}
