import { fieldCodesOf } from '@domain/message-codes';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import type { ApiErrorBody, ApiErrorCode } from '@domain/api-error';
import { fieldErrorsOf, type FieldErrors } from '@domain/validation';
import { unstorableTextFields } from './storable-text';

/** A failure the client should hear about, with the JSON error shape of docs/api.md. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ApiErrorCode,
    message: string,
    readonly fields?: FieldErrors,
    readonly current?: unknown,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function errorBody(code: ApiErrorCode, message: string, extra: Omit<ApiErrorBody['error'], 'code' | 'message'> = {}): ApiErrorBody {
  return { error: { code, message, ...extra } };
}

export function errorResponse(c: Context, error: ApiError): Response {
  const extra: Omit<ApiErrorBody['error'], 'code' | 'message'> = {};
  if (error.fields) {
    extra.fields = error.fields;
    // The same messages as codes with parameters, so a client can show them in its language.
    extra.codes = fieldCodesOf(error.fields);
  }
  if (error.current !== undefined) extra.current = error.current;
  return c.json(errorBody(error.code, error.message, extra), error.status, error.headers);
}

/** Reads a JSON body, answering 415 for another content type and 400 for malformed JSON. */
export async function readJson(c: Context): Promise<unknown> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    throw new ApiError(415, 'unsupported_media_type', 'Send the request body as JSON (Content-Type: application/json).');
  }
  const text = await c.req.text();
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(400, 'bad_request', 'The request body is not valid JSON.');
  }
}

/**
 * Parses with a shared domain schema; a failure is a 422 with one message per field. Text the
 * database cannot hold (see ./storable-text) fails here too, wherever it is in the request.
 */
export function validate<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data);
  if (!result.success) throw invalid(fieldErrorsOf(result.error));
  refuseUnstorable(result.data);
  return result.data;
}

/** The 422 for fields that need attention. */
export function invalid(fields: FieldErrors): ApiError {
  return new ApiError(422, 'validation_failed', 'Some fields need attention.', fields);
}

/** A 422 naming each field that holds text the database cannot store. */
export function refuseUnstorable(data: unknown): void {
  const fields = data && typeof data === 'object' ? unstorableTextFields(data as Record<string, unknown>) : null;
  if (fields) throw invalid(fields);
}

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
]);

/** True when the database is unreachable or restarting: the client should retry later (503). */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
