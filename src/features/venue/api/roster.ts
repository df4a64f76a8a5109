import { ROSTER_KEEP_DAYS, addDays, startOfDay, type VenueSession } from '@domain/season';
import type { RosterPage } from '@domain/venue';
import { apiFetch } from '@/lib/api-client';
import { outboxDb, type OutboxDatabase, type RosterRow, type RosterState } from '@/lib/outbox/outbox-db';
import { searchKey } from '../utils/roster-search';

/** When a session's roster leaves the device by itself: 3 days after the session's day. */
export function rosterExpiresAt(session: Pick<VenueSession, 'date'>): number {
  return startOfDay(addDays(session.date, ROSTER_KEEP_DAYS + 1)).getTime();
}

/**
 * Downloads the session's roster into IndexedDB: everything the first time, then only what
 * changed since the saved cursor. Returns the roster's state on the device.
 */
export async function downloadRoster(session: VenueSession, db: OutboxDatabase = outboxDb(), now = Date.now()): Promise<RosterState> {
  const saved = await db.rosters.get(session.id);
  let cursor = saved?.cursor;
  for (;;) {
    const page = await apiFetch<RosterPage>(
      `/api/venue/sessions/${encodeURIComponent(session.id)}/roster${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    const rows: RosterRow[] = page.entries.map((entry) => ({
      ...entry,
      sessionId: session.id,
      searchName: searchKey(`${entry.childName} ${entry.guardianName ?? ''}`),
    }));
    await db.transaction('rw', db.roster, db.rosters, async () => {
      await db.roster.bulkPut(rows);
      if (page.removed.length > 0) await db.roster.bulkDelete(page.removed.map((id) => [session.id, id] as [string, string]));
      const count = await db.roster.where('sessionId').equals(session.id).count();
      await db.rosters.put({ sessionId: session.id, cursor: page.cursor, downloadedAt: now, expiresAt: rosterExpiresAt(session), count });
    });
    cursor = page.cursor;
    if (page.complete) break;
  }
  const state = await db.rosters.get(session.id);
  if (!state) throw new Error('The roster was not saved.');
  return state;
}

export function loadRoster(sessionId: string, db: OutboxDatabase = outboxDb()): Promise<RosterRow[]> {
  return db.roster.where('sessionId').equals(sessionId).sortBy('childName');
}

/** Removes rosters whose session ended more than 3 days ago (on each visit to /venue). */
export async function expireRosters(db: OutboxDatabase = outboxDb(), now = Date.now()): Promise<number> {
  const expired = await db.rosters.where('expiresAt').belowOrEqual(now).primaryKeys();
  if (expired.length === 0) return 0;
  await db.transaction('rw', db.roster, db.rosters, async () => {
    await db.roster.where('sessionId').anyOf(expired).delete();
    await db.rosters.bulkDelete(expired);
  });
  return expired.length;
}
