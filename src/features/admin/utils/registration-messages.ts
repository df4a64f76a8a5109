import type { AdminRegistration } from '../api/get-registrations';

/** The original site's words for the registrations table (docs/product.md, "Words people look for"). */
export const FETCH_ERROR = 'Failed to fetch registrations. Please try again later.';
export const UPDATE_ERROR = 'Failed to update registration. Please try again.';
export const DELETE_ERROR = 'Failed to delete registration. Please try again.';
export const GONE_ERROR = `${UPDATE_ERROR} It may have been deleted by someone else: reload the list.`;
export const RESTORE_ERROR = 'Failed to restore registration. Please try again from the audit log.';
export const CONFLICT_ERROR =
  'Someone else changed this registration after you opened it. Load their version to see what changed, then edit again.';

/** The one message line above the table: a failure, or a stale edit with the other admin's copy. */
export type Banner = { kind: 'error'; message: string } | { kind: 'conflict'; id: string; current: AdminRegistration };
