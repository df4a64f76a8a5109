import type { FieldErrors } from '@domain/validation';

/**
 * Where a record stands. `needs-sign-in`: a kind only a signed-in account may send (venue mode's)
 * was answered 401/403; it waits, unsent, until someone signs in again (or asks to sync now).
 */
export type OutboxStatus = 'queued' | 'sending' | 'synced' | 'failed' | 'conflict' | 'needs-sign-in';

/** What every outbox record carries, whatever its kind. `id` is the client UUID (the idempotency key). */
export type RecordBase = {
  id: string;
  status: OutboxStatus;
  /** How many times a send was tried. */
  attempts: number;
  createdAt: number;
  updatedAt: number;
  syncedAt: number | null;
  /** The last reason a send did not succeed, in words a person can read. */
  lastError: string | null;
  /** The server's per-field messages after a 422. */
  fieldErrors: FieldErrors | null;
  /**
   * The server's stored copy after a 409, so both versions can be shown. Null when the server
   * would not show it: it does so only for the secret below, never for a deleted record.
   */
  serverCopy: unknown;
  /**
   * Random, made on this device and sent with every write of this record: the server shows its
   * stored copy only to a caller holding it (ADR 009). Missing on records saved by builds before
   * record secrets; the sync engine gives those one before their next send. Not an index, so the
   * Dexie schema needs no new version.
   */
  recordSecret?: string;
  /**
   * What a record is sent with when it is not anonymous and not venue mode's: a family's private
   * link token, as the bearer credential (ADR 013). Like the secret, it never leaves the device in
   * an export.
   */
  credential?: string;
};

/**
 * What every save function of an outbox kind answers (one per kind, in its feature's `api/`
 * folder): stored, or the schema's messages for the person to fix. `existing`: an equal record
 * was already on this device, so nothing new was stored (the newsletter's second sign-up).
 * Storage failures (IndexedDB refused) throw.
 */
export type SaveResult = { saved: true; id: string; existing: boolean } | { saved: false; errors: FieldErrors };
