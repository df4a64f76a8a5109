import type { ApiErrorBody } from '@domain/api-error';

// Its own module: the form kit tells a refusal (422) from other failures without loading the API client.

/** A non-2xx answer from our API, carrying the server's `{ error: { code, message, fields } }`. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody | null,
  ) {
    super(body?.error.message ?? `The server answered ${status}.`);
    this.name = 'ApiRequestError';
  }

  get code() {
    return this.body?.error.code;
  }

  get fields() {
    return this.body?.error.fields ?? {};
  }
}
