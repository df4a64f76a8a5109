import Dexie, { type EntityTable } from 'dexie';
import type { RosterEntry } from '@domain/venue';
import type { OutboxRecord } from './kinds';
import { OUTBOX_DB_NAME } from './outbox-exists';
import { markOutboxOutdated } from './outdated';

export type { OutboxKind, OutboxRecord, ContactRecord, JudgeRecord, NewsletterRecord, RegistrationRecord } from './kinds';
export type { CheckInRecord, FeeRecord, FirstRecord, VenueRecord, WalkInRecord } from './kinds';
export type { OutboxStatus } from './record';

/** One roster line on the device, for one session (venue mode, ADR 018). */
export type RosterRow = RosterEntry & { sessionId: string; searchName: string };

/** A roster downloaded to this device: where the next delta starts, and when it goes by itself. */
export type RosterState = { sessionId: string; cursor: string; downloadedAt: number; expiresAt: number; count: number };

export class OutboxDatabase extends Dexie {
  records!: EntityTable<OutboxRecord, 'id'>;
  roster!: Dexie.Table<RosterRow, [string, string]>;
  rosters!: EntityTable<RosterState, 'sessionId'>;

  constructor(name = OUTBOX_DB_NAME) {
    super(name);
    // A shipped version is never edited: add version(n + 1) with an upgrade instead.
    this.version(1).stores({
      records: 'id, status, kind, createdAt, [kind+status]',
    });
    // Version 2 (venue mode, issue 15; after version 1, the highest shipped): a session's roster on
    // the device and its download state. The venue outbox kinds (walk-in, check-in, fee) live in
    // `records` and need no new index. Tables only added, so no upgrade function.
    this.version(2).stores({
      records: 'id, status, kind, createdAt, [kind+status]',
      roster: '[sessionId+registrationId], sessionId, referenceCode',
      rosters: 'sessionId, expiresAt',
    });
    // A newer build in another tab wants a newer schema: an open connection here would block its
    // upgrade until this tab closed. Close it (Dexie then refuses further use, so this tab cannot
    // reopen the old version) and let the update prompt ask for a reload (ADR 004).
    this.on('versionchange', (event: IDBVersionChangeEvent) => {
      this.close();
      if (event.newVersion !== null) markOutboxOutdated(); // null: deleted, not upgraded
      return false;
    });
  }
}

let shared: OutboxDatabase | null = null;

/** The one outbox of this browser profile. */
export function outboxDb(): OutboxDatabase {
  shared ??= new OutboxDatabase();
  return shared;
}

/** A record counts as waiting until the server has it. */
export function isUnsynced(record: Pick<OutboxRecord, 'status'>): boolean {
  return record.status !== 'synced';
}
