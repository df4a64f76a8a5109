import Dexie, { type EntityTable } from 'dexie';
import type { OutboxRecord } from './kinds';
import { OUTBOX_DB_NAME } from './outbox-exists';
import { markOutboxOutdated } from './outdated';

export type { OutboxKind, OutboxRecord, ContactRecord, JudgeRecord, NewsletterRecord, RegistrationRecord } from './kinds';
export type { OutboxStatus } from './record';

export class OutboxDatabase extends Dexie {
  records!: EntityTable<OutboxRecord, 'id'>;

  constructor(name = OUTBOX_DB_NAME) {
    super(name);
    // A shipped version is never edited: add version(2) with an upgrade instead.
    this.version(1).stores({
      records: 'id, status, kind, createdAt, [kind+status]',
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
