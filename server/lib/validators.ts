import { zValidator } from '@hono/zod-validator';
import type { Context } from 'hono';
import { z } from 'zod';
import { fieldErrorsOf } from '@domain/validation';
import { ApiError } from './errors';

/**
 * Request validators whose results handlers read with `c.req.valid(...)`, and whose input types
 * the typed client (hc<AppType>) sees. Failures throw the API's JSON errors.
 */

/** Any 8-4-4-4-12 hex id, as Postgres's uuid type takes it (zod's `guid`; `uuid` would also demand RFC version bits). */
const uuid = z.guid();

export function isUuid(text: string): boolean {
  return uuid.safeParse(text).success;
}

/**
 * The one `:id` validator: it must be a UUID, anything else is a 404 with `notFound`. Handlers read
 * the id, lower-cased, with `c.req.valid('param').id`.
 */
export function uuidParam(notFound: string) {
  return zValidator('param', z.object({ id: uuid.transform((id) => id.toLowerCase()) }), (result) => {
    if (!result.success) throw new ApiError(404, 'not_found', notFound);
  });
}

/** `:id` and `:entryId` (a ledger entry of that registration): both UUIDs, anything else a 404 with `notFound`. */
export function uuidParams(notFound: string) {
  const id = uuid.transform((value) => value.toLowerCase());
  return zValidator('param', z.object({ id, entryId: id }), (result) => {
    if (!result.success) throw new ApiError(404, 'not_found', notFound);
  });
}

/** A JSON body checked with a shared schema: 415 for another content type, 422 with one message per field. */
export function jsonBody<S extends z.ZodType>(schema: S) {
  return zValidator('json', schema, (result, c) => {
    if (!isJson(c)) {
      throw new ApiError(415, 'unsupported_media_type', 'Send the request body as JSON (Content-Type: application/json).');
    }
    if (!result.success) throw new ApiError(422, 'validation_failed', 'Some fields need attention.', fieldErrorsOf(result.error));
  });
}

function isJson(c: Context): boolean {
  return /^application\/json\s*(;|$)/i.test(c.req.header('content-type') ?? '');
}
