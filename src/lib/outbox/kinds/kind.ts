import type { Verdict } from '../protocol';
import type { RecordBase } from '../record';

/**
 * Any record: the base fields, its kind and what it carries. Payloads are typed as the schema's
 * input: a record saved by an older build may lack a field a newer schema defaults. New records
 * hold parsed data (the kind's save function parses before it stores).
 */
export type KindRecord = RecordBase & { kind: string; payload: object };

/**
 * Everything the outbox knows about one kind of record, in one place: what a person calls it, the
 * request that sends it, how the answer becomes a verdict, and what a synced record keeps. The
 * sync engine knows none of this; it claims records and hands them to their kind. A new kind is a
 * new file in this folder plus its line in `kinds/index.ts` (ARCHITECTURE.md, "The outbox").
 */
export type OutboxKindSpec<R extends KindRecord> = {
  kind: R['kind'];
  /** What the saved-records page calls one record: "Registration". */
  label: string;
  /** One and many, for "2 registrations waiting to sync". */
  nouns: readonly [one: string, many: string];
  /** The line a person recognises a record by. */
  title: (record: R) => string;
  /**
   * The request that sends one record (its secret included); the answer goes through
   * `verdictOfResponse`. Left out by kinds with only a batch endpoint (venue mode's): a record
   * that must go alone travels as a batch of one.
   */
  request?: (record: R) => [url: string, init: RequestInit];
  /** Kinds that travel many to a request. A refused batch (4xx) falls back to `request` one by one. */
  batch?: {
    limit: number;
    request: (records: R[]) => [url: string, init: RequestInit];
    /** The verdict on each record, in order, from the batch's 2xx answer. */
    verdicts: (records: R[], body: unknown) => Verdict[];
  };
  /**
   * Only a signed-in account may send these (venue mode, ADR 018): a 401 or 403 means the sign-in
   * has ended, so the records stay queued ("sign in again") while other kinds still send.
   */
  needsSignIn?: boolean;
  /** What a record keeps from the server's 2xx answer once synced (beyond its status). */
  synced?: (record: R, answer: unknown) => Partial<R>;
};

/** Declares a kind; the record type is read back from it by `kinds/index.ts`. */
export function defineKind<R extends KindRecord>(spec: OutboxKindSpec<R>): OutboxKindSpec<R> {
  return spec;
}

export type RecordOf<S> = S extends OutboxKindSpec<infer R> ? R : never;
