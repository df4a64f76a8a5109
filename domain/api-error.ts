import type { FieldCodes } from './message-codes';
import type { FieldErrors } from './validation';

/** Every API failure has this body: `{ error: { code, message, fields? } }`. */
export type ApiErrorBody = {
  error: {
    code: ApiErrorCode;
    message: string;
    fields?: FieldErrors;
    /** The field messages as codes with parameters (domain/message-codes.ts), for a client in another language. */
    codes?: FieldCodes;
    /** On a 409 for a record, the server's stored copy. */
    current?: unknown;
  };
};

export type ApiErrorCode =
  | 'bad_request'
  | 'validation_failed'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  /** A family's link that has expired or was replaced by a newer one (410). */
  | 'gone'
  /** A family's registration the organisers removed (410): its data can still be downloaded or erased. */
  | 'removed'
  /** A family's registration after the season's correction cut-off (403). */
  | 'corrections_closed'
  /** An entry after its contest's window closed (403). */
  | 'entries_closed'
  /** An entry upload begun while the registration's unfinished ones already fill its room (413). */
  | 'unfinished_uploads'
  /** A score after its judging round closed, or a round moved the wrong way (409). */
  | 'round_closed'
  /** The password was right; the account's second factor is still to be proven (403, ADR 033). */
  | 'second_factor_required'
  /** The password was right; the account must set up a second factor first (403). */
  | 'second_factor_setup_required'
  /** A sensitive action whose session last proved the second factor over 10 minutes ago (403). */
  | 'second_factor_stale'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'too_many_requests'
  | 'service_unavailable'
  | 'internal_error';

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (!value || typeof value !== 'object' || !('error' in value)) return false;
  const error = (value as { error: unknown }).error;
  return !!error && typeof error === 'object' && 'code' in error && 'message' in error;
}
