import Dexie from 'dexie';
import type { RosterEntry } from '@domain/venue';
import { takeLegacyRosters } from '@/lib/outbox';

/** One roster line on the device, for one session (venue mode, ADR 018). */
export type RosterRow = RosterEntry & { sessionId: string; searchName: string };

/**
 * A roster downloaded to this device: where the next delta starts, and when it goes by itself.
 * `complete` is false while a download is part way (or was cut off); a roster saved before it was
 * kept has none and counts as complete.
 */
export type RosterState = { sessionId: string; cursor: string; downloadedAt: number; expiresAt: number; count: number; complete?: boolean };

export const ROSTER_DB_NAME = 'ktc-venue';

/**
 * Venue mode's own storage: the rosters downloaded to this phone. Not the outbox: a roster is a
 * copy of the server's, read offline, never sent. A shipped version is never edited: add
 * version(n + 1) with an upgrade instead.
 */
export class RosterDatabase extends Dexie {
  roster!: Dexie.Table<RosterRow, [string, string]>;
  rosters!: Dexie.Table<RosterState, string>;

  constructor(name = ROSTER_DB_NAME) {
    super(name);
    this.version(1).stores({
      roster: '[sessionId+registrationId], sessionId, referenceCode',
      rosters: 'sessionId, expiresAt',
    });
    // As the outbox does (src/lib/outbox/outbox-db.ts): a newer build elsewhere upgrades; this tab lets it.
    this.on('versionchange', () => {
      this.close();
      return false;
    });
  }
}

let shared: RosterDatabase | null = null;

/**
 * This phone's roster database. On opening, before any other query, it takes over any roster an
 * older build kept in the outbox's database (its version 2), so a roster downloaded before an
 * update is not lost offline.
 */
export function rosterDb(): RosterDatabase {
  if (!shared) {
    const db = new RosterDatabase();
    db.on('ready', (vip) => moveLegacyRosters(vip as RosterDatabase), true);
    shared = db;
  }
  return shared;
}

export async function moveLegacyRosters(db: RosterDatabase, take = takeLegacyRosters): Promise<void> {
  const legacy = await outsideThisZone(take);
  if (legacy.roster.length === 0 && legacy.rosters.length === 0) return;
  await db.transaction('rw', db.roster, db.rosters, async () => {
    await db.roster.bulkPut(legacy.roster as RosterRow[]);
    await db.rosters.bulkPut(legacy.rosters as RosterState[]);
  });
}

/**
 * Runs `work` from a fresh task, outside Dexie's zone for this database's 'ready' hook. Inside it,
 * the outbox's transaction failed ("The connection was closed", and this database closed with it)
 * whenever the outbox database was already being opened by another caller, as venue mode's header
 * does at once to show what waits to be sent.
 */
function outsideThisZone<T>(work: () => Promise<T>): Promise<T> {
  return new Promise((resolve, reject) => setTimeout(() => void work().then(resolve, reject), 0));
}
