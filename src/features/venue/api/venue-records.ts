import { saveFile } from '@/lib/save-file';
import { api, ApiRequestError, readResponse } from '@/lib/api-client';
import { clearRecords, recordsAsJson, resendRecords, syncEngine, type VenueRecord } from '@/lib/outbox';
import { clearRosters } from './roster';

export const VENUE_KINDS = ['walk-in', 'check-in', 'fee', 'mark', 'heat'] as const;

/** The venue records this device made for a session, from a list of records (oldest first). */
export function forSession(records: readonly { kind: string }[], sessionId: string): VenueRecord[] {
  return records.filter(
    (record): record is VenueRecord => (VENUE_KINDS as readonly string[]).includes(record.kind) && (record as VenueRecord).payload.sessionId === sessionId,
  );
}

export type Reconciliation = { total: number; missing: VenueRecord[]; signedOut: boolean };

/** Asks the server which of this device's records for the session it holds. */
export async function reconcile(records: VenueRecord[]): Promise<Reconciliation> {
  const pick = (kind: 'check-in' | 'fee') =>
    records.flatMap((r) => (r.kind === kind ? [{ id: r.id, sessionId: r.payload.sessionId, registrationId: r.payload.registrationId }] : []));
  // The route reads its JSON without a validator, so the client types no `json` input: the body goes in a variable.
  const request = {
    json: {
      registrations: records.filter((r) => r.kind === 'walk-in').map((r) => r.id),
      checkIns: pick('check-in'),
      fees: pick('fee'),
      heats: records.flatMap((r) => (r.kind === 'heat' ? [{ id: r.id, sessionId: r.payload.sessionId, heat: r.payload.heat, attempt: r.payload.attempt ?? 1 }] : [])),
    },
  };
  try {
    const { held } = await readResponse(api.venue.reconcile.$post(request));
    const onServer = new Set([...held.registrations, ...held.checkIns, ...held.fees, ...held.heats].map((id) => id.toLowerCase()));
    // A running-order mark is a change, not a record to keep: once sent, a newer one may have replaced it.
    const checked = records.filter((r) => r.kind !== 'mark');
    return { total: checked.length, missing: checked.filter((r) => !onServer.has(r.id.toLowerCase())), signedOut: false };
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) return { total: records.length, missing: records, signedOut: true };
    throw error;
  }
}

/** Puts records the server does not hold back in the queue, whatever their state on the device, and sends them. */
export async function resend(records: VenueRecord[]): Promise<void> {
  await resendRecords(records.map((record) => record.id));
  await syncEngine().syncNow();
}

/**
 * The session's records as the outbox exports them (`recordsAsJson`): never with a record's
 * secret (ADR 009), so the file cannot read the server's copy of a child's registration.
 */
export function venueExport(records: VenueRecord[], sessionId: string, exportedAt = new Date()): Promise<string> {
  return recordsAsJson(records, { sessionId }, exportedAt);
}

/** A JSON file of records, the last-resort copy (docs/product.md, "Offline queue and sync"). */
export async function exportRecords(records: VenueRecord[], sessionId: string): Promise<void> {
  const blob = new Blob([await venueExport(records, sessionId)], { type: 'application/json' });
  saveFile(blob, `venue-${sessionId}-${new Date().toISOString().slice(0, 10)}.json`);
}

/**
 * "Clear this device": every synced record and every roster (all personal data) leave the
 * phone. Refused while anything is unsent. The device id stays: it is not personal.
 */
export async function clearDevice(): Promise<void> {
  await clearRecords();
  await clearRosters();
}
