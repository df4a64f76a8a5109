import { createRecordSecret } from '@domain/record-secret';
import { outboxKind, type OutboxKind, type OutboxRecord } from './kinds';
import type { OutboxDatabase } from './outbox-db';
import type { Verdict } from './protocol';

/**
 * The Dexie side of syncing: claiming queued records, recording each verdict, putting records
 * back in the queue. The engine (sync-engine.ts) decides when; the transport (transport.ts)
 * sends; only this module touches the records while they travel.
 */

export const PRUNE_SYNCED_AFTER_MS = 7 * 24 * 60 * 60_000;

/** Records that waited for a sign-in go back in the queue (a sign-in came back, or "Sync now"). */
export function releaseSignedOut(db: OutboxDatabase, now: number): Promise<number> {
  return db.records.where('status').equals('needs-sign-in').modify({ status: 'queued', lastError: null, updatedAt: now });
}

export class SyncStore {
  constructor(
    private readonly db: OutboxDatabase,
    private readonly now: () => number,
  ) {}

  /** How many records wait to be sent. */
  queued(): Promise<number> {
    return this.db.records.where('status').equals('queued').count();
  }

  /** A tab closed mid-send leaves records in 'sending'; the server is idempotent, so resend them. */
  recoverStaleSending(): Promise<number> {
    return this.db.records.where('status').equals('sending').modify({ status: 'queued' });
  }

  pruneSynced(): Promise<number> {
    const cutoff = this.now() - PRUNE_SYNCED_AFTER_MS;
    return this.db.records
      .where('status')
      .equals('synced')
      .filter((record) => (record.syncedAt ?? 0) < cutoff)
      .delete();
  }

  releaseSignedOut(): Promise<number> {
    return releaseSignedOut(this.db, this.now());
  }

  /** Marks up to `limit` queued records of one kind as sending (oldest first) and returns them. */
  claim(kind: OutboxKind, limit: number): Promise<OutboxRecord[]> {
    return this.db.transaction('rw', this.db.records, async () => {
      const queued = await this.db.records.where('[kind+status]').equals([kind, 'queued']).sortBy('createdAt');
      const batch = queued.slice(0, limit);
      const now = this.now();
      for (const record of batch) {
        // A record saved by a build before record secrets gets its secret before it is sent again.
        record.recordSecret ??= createRecordSecret();
        await this.db.records.update(record.id, {
          status: 'sending',
          attempts: record.attempts + 1,
          updatedAt: now,
          recordSecret: record.recordSecret,
        });
      }
      return batch;
    });
  }

  /** Records each claimed record's verdict, in one transaction: one change notification instead of a hundred. */
  async settle(records: OutboxRecord[], verdicts: Verdict[]): Promise<void> {
    await this.db.transaction('rw', this.db.records, async () => {
      for (const [index, record] of records.entries()) await this.apply(record, verdicts[index]!);
    });
  }

  private async apply(record: OutboxRecord, verdict: Verdict): Promise<void> {
    const now = this.now();
    switch (verdict.kind) {
      case 'synced':
        await this.db.records.update(record.id, {
          ...outboxKind(record.kind).synced?.(record, verdict.answer),
          status: 'synced',
          syncedAt: now,
          updatedAt: now,
          lastError: null,
          fieldErrors: null,
          serverCopy: null,
        });
        return;
      case 'conflict':
        await this.db.records.update(record.id, { status: 'conflict', updatedAt: now, lastError: verdict.message, serverCopy: verdict.serverCopy });
        return;
      case 'failed':
        await this.db.records.update(record.id, { status: 'failed', updatedAt: now, lastError: verdict.message, fieldErrors: verdict.fields });
        return;
      case 'signed-out':
        await this.db.records.update(record.id, { status: 'needs-sign-in', updatedAt: now, lastError: verdict.message });
        return;
      case 'transient':
        await this.db.records.update(record.id, { status: 'queued', updatedAt: now, lastError: verdict.message });
        return;
    }
  }
}
