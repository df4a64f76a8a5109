import type { ApiClient } from '@/lib/api-client';
import type { BatchRules, WireResponse } from '../protocol';
import type { RecordBase } from '../record';

/**
 * Any record: the base fields, its kind and what it carries. Payloads are typed as the schema's
 * input: a record saved by an older build may lack a field a newer schema defaults. New records
 * hold parsed data (the kind's save function parses before it stores). The payload's `id` is the
 * record's id (the idempotency key).
 */
export type KindRecord = RecordBase & { kind: string; payload: { id: string } };

/** What a kind's own fields are: everything but the base fields every record shares. */
export type KindFields<R extends KindRecord> = Omit<R, keyof RecordBase | 'kind'>;

/**
 * Everything the outbox knows about one kind of record, in one place: what a person calls it, how
 * a new record is made from what its save function stores, the request that sends it (through the
 * typed API client), how the answer becomes a verdict, and what a synced record keeps. The sync
 * engine and the transport know none of this. A new kind is a new file in this folder plus its
 * line in `kinds/index.ts` (ARCHITECTURE.md, "The outbox").
 */
export type OutboxKindSpec<R extends KindRecord, I> = {
  kind: R['kind'];
  /** What the saved-records page calls one record: "Registration". */
  label: string;
  /** One and many, for "2 registrations waiting to sync". */
  nouns: readonly [one: string, many: string];
  /** The line a person recognises a record by. */
  title: (record: R) => string;
  /**
   * The record's own fields, from what the kind's save function hands to `enqueue(kind, input)`
   * (already parsed). The outbox adds the base fields (status, times, the record's secret).
   */
  create: (input: I) => KindFields<R>;
  /**
   * The request that sends one record (its secret included); the answer goes through
   * `verdictOfResponse`. Left out by kinds with only a batch endpoint (venue mode's): a record
   * that must go alone travels as a batch of one.
   */
  request?: (record: R, api: ApiClient) => Promise<WireResponse>;
  /** Kinds that travel many to a request. A refused batch (4xx) falls back to `request` one by one. */
  batch?: {
    limit: number;
    request: (records: R[], api: ApiClient) => Promise<WireResponse>;
    /** How to read each record's result in the batch's 2xx answer (`batchVerdicts`, protocol.ts). */
    rules: BatchRules;
  };
  /**
   * Only a signed-in account may send these (venue mode, ADR 018): a 401 or 403 means the sign-in
   * has ended, so the records wait as `needs-sign-in` while other kinds still send.
   */
  needsSignIn?: boolean;
  /** What a record keeps from the server's 2xx answer once synced (beyond its status). */
  synced?: (record: R, answer: unknown) => Partial<R>;
};

/** Declares a kind; its record type and its input are read back from it by `kinds/index.ts`. */
export function defineKind<R extends KindRecord, I>(spec: OutboxKindSpec<R, I>): OutboxKindSpec<R, I> {
  return spec;
}

export type RecordOf<S> = S extends OutboxKindSpec<infer R, infer _I> ? R : never;
export type InputOf<S> = S extends OutboxKindSpec<infer _R, infer I> ? I : never;
