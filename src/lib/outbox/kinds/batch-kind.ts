import type { FieldErrors } from '@domain/validation';
import type { OutboxRecord } from '../outbox-db';

/**
 * An outbox kind that travels in batches to its own endpoint and describes itself in one file:
 * its request, how one result becomes a verdict, and how people see it (label, title). The sync
 * engine sends every kind in BATCH_KINDS the same way (src/lib/outbox/sync-engine.ts).
 */
export type KindVerdict =
  | { kind: 'synced'; changes?: Record<string, unknown> }
  | { kind: 'conflict'; message: string; serverCopy: unknown }
  | { kind: 'failed'; message: string; fields: FieldErrors | null }
  | { kind: 'transient'; message: string };

export type BatchKind<R extends OutboxRecord = OutboxRecord> = {
  kind: R['kind'];
  /** What the record is, for /saved and the reconciliation screen. */
  label: string;
  url: string;
  batchLimit: number;
  /** The request body for a batch of records. */
  body(records: R[]): unknown;
  /** The verdict for one record from its entry in the answer's `results` (matched by id). */
  verdict(result: BatchResultOf | undefined): KindVerdict;
  /** The line a person recognises the record by. */
  title(record: R): string;
};

export type BatchResultOf = {
  index?: number;
  id?: string | null;
  status?: string;
  error?: { message?: string; fields?: FieldErrors; current?: unknown };
  [key: string]: unknown;
};

export function invalidVerdict(result: BatchResultOf, fallback: string): KindVerdict {
  return { kind: 'failed', message: result.error?.message ?? fallback, fields: result.error?.fields ?? null };
}

export const NO_ANSWER: KindVerdict = { kind: 'transient', message: 'The server did not answer for this record.' };
