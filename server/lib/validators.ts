import { zValidator } from '@hono/zod-validator';
import type { Context } from 'hono';
import { z } from 'zod';
import { fieldErrorsOf } from '@domain/validation';
import { ApiError, invalid, refuseUnstorable } from './errors';

/**
 * Request validators whose results handlers read with `c.req.valid(...)`, and whose input types
 * the typed client (hc<AppType>) sees. Failures throw the API's JSON errors.
 */

/** Any 8-4-4-4-12 hex id, as Postgres's uuid type takes it (zod's `guid`; `uuid` would also demand RFC version bits). */
const uuid = z.guid();

export function isUuid(text: string): boolean {
  return uuid.safeParse(text).success;
}

/** A UUID in a path, lower-cased. */
const uuidText = uuid.transform((id) => id.toLowerCase());

/**
 * A small whole number in a path (a file's place in its entry): digits only, from 0 to `max`.
 * No sign, no spaces, no "1e0" or "0x1" (Number() would take them all).
 */
export function smallIntParam(max: number) {
  return z
    .string()
    .regex(/^[0-9]{1,4}$/)
    .transform(Number)
    .pipe(z.number().max(max));
}

/**
 * Path parameters checked with `shape`: a path that names nothing is a 404 with `notFound`, never a
 * query with the junk in it. Handlers read them with `c.req.valid('param')`.
 */
export function pathParams<T extends z.ZodRawShape>(shape: T, notFound: string) {
  return zValidator('param', z.object(shape), (result) => {
    if (!result.success) throw new ApiError(404, 'not_found', notFound);
  });
}

/**
 * The one `:id` validator: it must be a UUID, anything else is a 404 with `notFound`. Handlers read
 * the id, lower-cased, with `c.req.valid('param').id`.
 */
export function uuidParam(notFound: string) {
  return pathParams({ id: uuidText }, notFound);
}

/** `:id` (a UUID) and `:position` (a file's place, 0 to `maxPosition`): anything else a 404 with `notFound`. */
export function uuidAndPositionParams(notFound: string, maxPosition: number) {
  return pathParams({ id: uuidText, position: smallIntParam(maxPosition) }, notFound);
}

/** `:id` and `:entryId` (a ledger entry of that registration): both UUIDs, anything else a 404 with `notFound`. */
export function uuidParams(notFound: string) {
  return pathParams({ id: uuidText, entryId: uuidText }, notFound);
}

/** A query string checked with a shared schema (which types the client's `query`): 422 with one message per field. */
export function queryParams<S extends z.ZodType>(schema: S) {
  return zValidator('query', schema, (result) => {
    if (!result.success) throw invalid(fieldErrorsOf(result.error));
    refuseUnstorable(result.data);
  });
}

/** A JSON body checked with a shared schema: 415 for another content type, 422 with one message per field. */
export function jsonBody<S extends z.ZodType>(schema: S) {
  return zValidator('json', schema, (result, c) => {
    if (!isJson(c)) {
      throw new ApiError(415, 'unsupported_media_type', 'Send the request body as JSON (Content-Type: application/json).');
    }
    if (!result.success) throw invalid(fieldErrorsOf(result.error));
    refuseUnstorable(result.data);
  });
}

function isJson(c: Context): boolean {
  return /^application\/json\s*(;|$)/i.test(c.req.header('content-type') ?? '');
}
