import type { RosterPage } from '@domain/venue';
import { ROSTER_KEEP_DAYS, addDays, startOfDay, type VenueSession } from '@domain/season';
import { api, readResponse } from '@/lib/api-client';
import { useLiveQuery } from '@/lib/live-query';
import { searchKey } from '../utils/roster-search';
import { rosterDb, type RosterDatabase, type RosterRow, type RosterState } from './roster-db';

/** When a session's roster leaves the device by itself: 3 days after the session's day. */
export function rosterExpiresAt(session: Pick<VenueSession, 'date'>): number {
  return startOfDay(addDays(session.date, ROSTER_KEEP_DAYS + 1)).getTime();
}

/** One page of a session's roster: everything the first time, then only what changed since `cursor`. */
function rosterPage(sessionId: string, cursor: string | undefined): Promise<RosterPage> {
  // The route reads its query without a validator, so the client types none: the arguments go in a variable.
  const request = { param: { sessionId: encodeURIComponent(sessionId) }, query: cursor ? { cursor } : {} };
  return readResponse(api.venue.sessions[':sessionId'].roster.$get(request));
}

type DownloadOptions = {
  db?: RosterDatabase;
  now?: number;
  /** After each page is saved: how many children this download has received so far. */
  onProgress?: (received: number) => void;
  fetchPage?: typeof rosterPage;
};

/**
 * Downloads the session's roster into IndexedDB: everything the first time, then only what
 * changed since the saved cursor. Each page is saved as it comes, marked complete only with the
 * last one, so a cut-off download resumes where it stopped. Returns the roster's state on the device.
 */
export async function downloadRoster(
  session: VenueSession,
  { db = rosterDb(), now = Date.now(), onProgress, fetchPage = rosterPage }: DownloadOptions = {},
): Promise<RosterState> {
  const saved = await db.rosters.get(session.id);
  let cursor = saved?.cursor;
  let received = 0;
  for (;;) {
    const page = await fetchPage(session.id, cursor);
    const rows: RosterRow[] = page.entries.map((entry) => ({
      ...entry,
      sessionId: session.id,
      searchName: searchKey(`${entry.childName} ${entry.guardianName ?? ''}`),
    }));
    await db.transaction('rw', db.roster, db.rosters, async () => {
      await db.roster.bulkPut(rows);
      if (page.removed.length > 0) await db.roster.bulkDelete(page.removed.map((id) => [session.id, id] as [string, string]));
      const count = await db.roster.where('sessionId').equals(session.id).count();
      await db.rosters.put({ sessionId: session.id, cursor: page.cursor, downloadedAt: now, expiresAt: rosterExpiresAt(session), count, complete: page.complete });
    });
    received += page.entries.length;
    onProgress?.(received);
    cursor = page.cursor;
    if (page.complete) break;
  }
  const state = await db.rosters.get(session.id);
  if (!state) throw new Error('The roster was not saved.');
  return state;
}

/** Removes rosters whose session ended more than 3 days ago (on each visit to /venue). */
export async function expireRosters(db = rosterDb(), now = Date.now()): Promise<number> {
  const expired = await db.rosters.where('expiresAt').belowOrEqual(now).primaryKeys();
  if (expired.length === 0) return 0;
  await db.transaction('rw', db.roster, db.rosters, async () => {
    await db.roster.where('sessionId').anyOf(expired).delete();
    await db.rosters.bulkDelete(expired);
  });
  return expired.length;
}

/** "Clear this device" (the roster's share): every roster leaves the phone. */
export async function clearRosters(db = rosterDb()): Promise<void> {
  await db.transaction('rw', db.roster, db.rosters, async () => {
    await db.roster.clear();
    await db.rosters.clear();
  });
}

const NO_ROWS: RosterRow[] = [];

/** The session's roster on this device, live: its download state and its children by name. */
export function useRoster(sessionId: string) {
  const state = useLiveQuery(`venue:roster-state:${sessionId}`, async () => (await rosterDb().rosters.get(sessionId)) ?? null, sessionId !== '');
  const rows = useLiveQuery(`venue:roster:${sessionId}`, () => rosterDb().roster.where('sessionId').equals(sessionId).sortBy('childName'), sessionId !== '');
  return { state: state.data ?? null, rows: rows.data ?? NO_ROWS };
}
