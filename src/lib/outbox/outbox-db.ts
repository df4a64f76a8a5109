import Dexie, { type EntityTable } from 'dexie';
import type { OutboxRecord } from './kinds';
import { OUTBOX_DB_NAME } from './outbox-exists';
import { markOutboxOutdated } from './outdated';

/** The tables version 2 added for venue mode's roster, which now lives in the venue feature's own database. */
export const LEGACY_ROSTER_TABLES = ['roster', 'rosters'] as const;

export class OutboxDatabase extends Dexie {
  records!: EntityTable<OutboxRecord, 'id'>;

  constructor(name = OUTBOX_DB_NAME) {
    super(name);
    // A shipped version is never edited: add version(n + 1) with an upgrade instead.
    this.version(1).stores({
      records: 'id, status, kind, createdAt, [kind+status]',
    });
    // Version 2 (venue mode): a session's roster on the device and its download state. The roster
    // has since moved to the venue feature's own database (src/features/venue/api/roster-db.ts),
    // which takes any rows left here on its first use (`takeLegacyRosters`); the tables stay
    // declared, empty, until a later version drops them (`roster: null`). The venue outbox kinds
    // (walk-in, check-in, fee) live in `records` and need no new index.
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
