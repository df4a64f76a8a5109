import { ApiRequestError, apiFetch } from '@/lib/api-client';
import { outboxDb, type CheckInRecord, type FeeRecord, type OutboxDatabase, type VenueRecord } from '@/lib/outbox/outbox-db';
import { syncEngine } from '@/lib/outbox/sync-runtime';

/** Every venue record this device made for a session, oldest first. */
export async function venueRecords(sessionId: string, db: OutboxDatabase = outboxDb()): Promise<VenueRecord[]> {
  const records = await db.records.where('kind').anyOf('check-in', 'fee', 'walk-in').sortBy('createdAt');
  return (records as VenueRecord[]).filter((record) => record.payload.sessionId === sessionId);
}

export type Reconciliation = { total: number; missing: VenueRecord[]; signedOut: boolean };

/** Asks the server which of this device's records for the session it holds. */
export async function reconcile(sessionId: string, db: OutboxDatabase = outboxDb()): Promise<Reconciliation> {
  const records = await venueRecords(sessionId, db);
  const pick = (kind: 'check-in' | 'fee') =>
    records
      .filter((r): r is CheckInRecord | FeeRecord => r.kind === kind)
      .map((r) => ({ id: r.id, sessionId: r.payload.sessionId, registrationId: r.payload.registrationId }));
  try {
    const { held } = await apiFetch<{ held: { registrations: string[]; checkIns: string[]; fees: string[] } }>('/api/venue/reconcile', {
      method: 'POST',
      body: JSON.stringify({
        registrations: records.filter((r) => r.kind === 'walk-in').map((r) => r.id),
        checkIns: pick('check-in'),
        fees: pick('fee'),
      }),
    });
    const onServer = new Set([...held.registrations, ...held.checkIns, ...held.fees].map((id) => id.toLowerCase()));
    return { total: records.length, missing: records.filter((r) => !onServer.has(r.id.toLowerCase())), signedOut: false };
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) return { total: records.length, missing: records, signedOut: true };
    throw error;
  }
}

/** Puts records the server does not hold back in the queue, whatever their state on the device. */
export async function resend(records: VenueRecord[], db: OutboxDatabase = outboxDb()): Promise<void> {
  await db.records.bulkUpdate(
    records.filter((r) => r.status !== 'sending').map((r) => ({ key: r.id, changes: { status: 'queued' as const, lastError: null, updatedAt: Date.now() } })),
  );
  await syncEngine().syncNow();
}

/** A JSON file of records, the last-resort copy (docs/product.md, "Offline queue and sync"). */
export function exportRecords(records: VenueRecord[], sessionId: string): void {
  const blob = new Blob([JSON.stringify({ exportedAt: new Date().toISOString(), sessionId, records }, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `venue-${sessionId}-${new Date().toISOString().slice(0, 10)}.json`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * "Clear this device": every roster and every synced record (all personal data) leave the
 * phone. Refused while anything is unsent. The device id stays: it is not personal.
 */
export async function clearDevice(db: OutboxDatabase = outboxDb()): Promise<void> {
  await db.transaction('rw', db.records, db.roster, db.rosters, async () => {
    const unsent = await db.records.filter((record) => record.status !== 'synced').count();
    if (unsent > 0) throw new Error(`${unsent} records are not on the server yet. Send them first.`);
    await db.records.clear();
    await db.roster.clear();
    await db.rosters.clear();
  });
}
