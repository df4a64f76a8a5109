import type { Context } from 'hono';
import pLimit from 'p-limit';
import { z } from 'zod';
import { fieldCodesOf, type FieldCodes } from '@domain/message-codes';
import { fieldErrorsOf, type FieldErrors } from '@domain/validation';
import { ApiError, invalid, readJson } from './errors';
import { unstorableTextFields } from './storable-text';

/**
 * The one way a batch endpoint reads its records and answers for each (ADR 014): the outbox
 * sends up to N records of one kind as `{ [field]: [...] }` and matches every answer by index.
 */

export const INVALID_MESSAGE = 'Some fields need attention.';

/**
 * How many phones' batches are checked and stored at once in this process; the others wait their
 * turn in the order their bodies were read (issue 47, ADR 035). Without turns every batch in
 * flight was checked and written at once: the event loop's turns grew to 100-150 ms, each phone's
 * statements queued behind everyone's in the database pool, and a phone whose connection came
 * last waited up to twice as long as the others. Four keep the database and the request thread
 * busy: bench part 2 stores 5-10 % fewer rows a second than with no limit on Postgres, as many on
 * PGlite (bench/README.md).
 */
export const BATCH_TURNS = 4;

/**
 * How many batches may wait for a turn in this process. Past it a phone is told to come back in a
 * few seconds (503 with Retry-After, which the outbox honours: src/lib/outbox/protocol.ts), so the
 * queue, and the bodies it holds, never grow without bound however many phones sync at once.
 * 200 is about ten seconds of work at PGlite's pace (bench part 2: some 18 batches of 100 records
 * a second), four times the 50 phones of bench part 2.
 */
export const BATCH_QUEUE_LIMIT = 200;
export const BATCH_BUSY_RETRY_SECONDS = 5;

const turns = pLimit(BATCH_TURNS);

/** Runs a batch's checks and writes in its turn (BATCH_TURNS): read its body before, answer after. */
export function inBatchTurn<T>(work: () => Promise<T>): Promise<T> {
  if (turns.pendingCount >= BATCH_QUEUE_LIMIT) {
    return Promise.reject(
      new ApiError(503, 'service_unavailable', 'Many phones are sending at once. Your records are kept on the phone and will be sent again in a few seconds.', undefined, undefined, {
        'Retry-After': String(BATCH_BUSY_RETRY_SECONDS),
      }),
    );
  }
  return turns(work);
}

/** A record that failed validation. `codes` lets the client say it in the visitor's language. */
export type InvalidResult = {
  index: number;
  id: string | null;
  status: 'invalid';
  error: { code: 'validation_failed'; message: string; fields: FieldErrors; codes: FieldCodes };
};

/** What one record's check gives: its parsed data, or the fields that need attention. */
export type Checked<T> = { data: T } | { fields: FieldErrors };

/**
 * Reads the body's list of records: a 422 for the whole request when it is not a list of 1 to
 * `limit` records (`noun`: "registrations"; `one`: "registration"). The records themselves are
 * checked one by one (`checkRecord`), so text the database cannot hold fails only its own record.
 */
export async function readBatch<F extends string>(c: Context, field: F, limit: number, noun = 'records', one = 'record'): Promise<unknown[]> {
  const schema = z.object({
    [field]: z
      .array(z.unknown(), { error: `Send the ${noun} as a list.` })
      .min(1, `Send at least one ${one}.`)
      .max(limit, `Send at most ${limit} ${noun} at a time.`),
  });
  const result = schema.safeParse(await readJson(c));
  if (!result.success) throw invalid(fieldErrorsOf(result.error));
  return (result.data as Record<F, unknown[]>)[field];
}

/**
 * Checks one record against its shared schema and the rule every stored string obeys (no NUL,
 * no lone surrogate: Postgres cannot hold them), so one bad record never fails its batch.
 */
export function checkRecord<S extends z.ZodType>(schema: S, record: unknown): Checked<z.output<S>> {
  const parsed = schema.safeParse(record);
  if (!parsed.success) return { fields: fieldErrorsOf(parsed.error) };
  const unstorable = unstorableTextFields(parsed.data as Record<string, unknown>);
  return unstorable ? { fields: unstorable } : { data: parsed.data };
}

/** The id of an invalid record, when it has a usable one, so the client can match the result. */
export function idOf(record: unknown): string | null {
  if (!record || typeof record !== 'object') return null;
  const id = (record as { id?: unknown }).id;
  return typeof id === 'string' && id.length <= 100 ? id : null;
}

export function invalidResult(index: number, record: unknown, fields: FieldErrors): InvalidResult {
  return { index, id: idOf(record), status: 'invalid', error: { code: 'validation_failed', message: INVALID_MESSAGE, fields, codes: fieldCodesOf(fields) } };
}

/**
 * Runs `check` on every record: the invalid ones get their answer at once, the valid ones come
 * back with their index for the store. `answer` then fills the rest, in the records' order.
 */
export function splitBatch<T, R>(records: readonly unknown[], check: (record: unknown) => Checked<T>) {
  const results: (R | InvalidResult)[] = new Array(records.length);
  const valid: { index: number; data: T }[] = [];
  records.forEach((record, index) => {
    const checked = check(record);
    if ('data' in checked) valid.push({ index, data: checked.data });
    else results[index] = invalidResult(index, record, checked.fields);
  });
  return {
    valid,
    /** Records the answer for the record at `index`. */
    answer(index: number, result: R): void {
      results[index] = result;
    },
    /** Every record's answer; each valid record must have been answered. */
    results(): (R | InvalidResult)[] {
      const missing = results.findIndex((r) => r === undefined);
      if (missing !== -1 || results.length !== records.length) throw new Error(`batch record ${missing} has no answer`);
      return results;
    },
  };
}
