import { createRecordSecret } from '@domain/record-secret';
import { outboxKind, type InputOfKind, type OutboxKind, type OutboxRecord, type RecordOfKind, type RegistrationRecord } from './kinds';
import { LEGACY_ROSTER_TABLES, isUnsynced, outboxDb, type OutboxDatabase } from './outbox-db';
import { releaseSignedOut } from './sync-store';
import { plural } from '@domain/plural';

/*
 * What features do with records (through `index.ts`, the outbox's one public surface): store a
 * record of a kind, retry, delete, edit and resend, read, and clear the device. Storing or
 * requeueing a record wakes the sync engine (`onEnqueue`): nobody calls sync() after a save.
 */

type Listener = () => void;
const enqueueListeners = new Set<Listener>();

/** The sync engine listens here, so every new or requeued record is sent as soon as it can be. */
export function onEnqueue(listener: Listener): () => void {
  enqueueListeners.add(listener);
  return () => enqueueListeners.delete(listener);
}

function wake(): void {
  for (const listener of enqueueListeners) listener();
}

function fresh(now: number) {
  return {
    status: 'queued' as const,
    attempts: 0,
    createdAt: now,
    updatedAt: now,
    syncedAt: null,
    lastError: null,
    fieldErrors: null,
    serverCopy: null,
    recordSecret: createRecordSecret(),
  };
}

/**
 * Stores a new record of a kind: what its save function parsed (`src/features/<x>/api/save-*.ts`),
 * made into the kind's fields by the kind itself (`create` in `kinds/<kind>.ts`). Resolves once it
 * is safely in IndexedDB.
 */
export async function enqueue<K extends OutboxKind>(kind: K, input: InputOfKind<K>, db = outboxDb()): Promise<RecordOfKind<K>> {
  const fields = outboxKind(kind).create(input);
  const record = { ...fresh(Date.now()), ...fields, id: fields.payload.id, kind } as RecordOfKind<K>;
  await db.records.add(record);
  void requestPersistentStorage();
  wake();
  return record;
}

export class RecordBusyError extends Error {
  constructor() {
    super('This record is being sent right now. Try again in a moment.');
    this.name = 'RecordBusyError';
  }
}

/** Changes a record unless it is being sent; a record in flight is never edited. */
async function changeUnlessSending(
  id: string,
  change: (record: OutboxRecord) => Partial<OutboxRecord> | 'delete',
  db: OutboxDatabase,
): Promise<void> {
  await db.transaction('rw', db.records, async () => {
    const record = await db.records.get(id);
    if (!record) return;
    if (record.status === 'sending') throw new RecordBusyError();
    const next = change(record);
    if (next === 'delete') await db.records.delete(id);
    else await db.records.update(id, { ...next, updatedAt: Date.now() } as Partial<OutboxRecord>);
  });
}

const REQUEUED = { status: 'queued', lastError: null, fieldErrors: null, serverCopy: null } as const;

/** Puts a failed, conflicting or waiting record back in the queue as it is. */
export async function retryRecord(id: string, db = outboxDb()): Promise<void> {
  await changeUnlessSending(id, () => REQUEUED, db);
  wake();
}

/**
 * Puts records back in the queue whatever their state on the device (venue mode's resend of what
 * the server does not hold, synced ones included); a record being sent right now is left alone.
 */
export async function resendRecords(ids: string[], db = outboxDb()): Promise<void> {
  const now = Date.now();
  await db.transaction('rw', db.records, async () => {
    await db.records
      .where('id')
      .anyOf(ids)
      .filter((record) => record.status !== 'sending')
      .modify({ ...REQUEUED, updatedAt: now });
  });
  wake();
}

export async function deleteRecord(id: string, db = outboxDb()): Promise<void> {
  await changeUnlessSending(id, () => 'delete', db);
}

/** Edit-and-resend: the corrected record replaces the stored one of the same id and goes back in the queue. */
export async function replaceRecord<K extends OutboxKind>(kind: K, input: InputOfKind<K>, db = outboxDb()): Promise<void> {
  const spec = outboxKind(kind);
  const fields = spec.create(input);
  await changeUnlessSending(
    fields.payload.id,
    (record) => {
      if (record.kind !== kind) throw new Error(`That record is not a ${spec.nouns[0]}.`);
      return { ...fields, ...REQUEUED } as Partial<OutboxRecord>;
    },
    db,
  );
  wake();
}

/**
 * After a conflict the person may send their registration as a new one: it gets a new id,
 * reference code and secret, so it cannot collide with the copy the server already has.
 */
export async function resendAsNew(
  id: string,
  newIdentity: { id: string; referenceCode: string },
  db = outboxDb(),
): Promise<RegistrationRecord | undefined> {
  let created: RegistrationRecord | undefined;
  await db.transaction('rw', db.records, async () => {
    const record = await db.records.get(id);
    if (!record || record.kind !== 'registration') return;
    if (record.status === 'sending') throw new RecordBusyError();
    const payload = { ...record.payload, ...newIdentity };
    created = { ...fresh(Date.now()), ...outboxKind('registration').create(payload), id: newIdentity.id, kind: 'registration' } as RegistrationRecord;
    await db.records.delete(id);
    await db.records.add(created);
  });
  wake();
  return created;
}

/** A sign-in came back: records that waited for it (`needs-sign-in`) go back in the queue. */
export async function resumeAfterSignIn(db = outboxDb()): Promise<number> {
  const released = await releaseSignedOut(db, Date.now());
  if (released > 0) wake();
  return released;
}

export function listRecords(db = outboxDb()): Promise<OutboxRecord[]> {
  return db.records.orderBy('createdAt').toArray();
}

/** Every record of the given kinds, oldest first. */
export async function recordsOfKinds<K extends OutboxKind>(kinds: readonly K[], db = outboxDb()): Promise<RecordOfKind<K>[]> {
  return (await db.records.where('kind').anyOf(kinds).sortBy('createdAt')) as RecordOfKind<K>[];
}

export function getRecord(id: string, db = outboxDb()): Promise<OutboxRecord | undefined> {
  return db.records.get(id);
}

export class UnsentRecordsError extends Error {
  constructor(readonly unsent: number) {
    super(plural(unsent, { one: '# record is not on the server yet. Send it first.', other: '# records are not on the server yet. Send them first.' }));
    this.name = 'UnsentRecordsError';
  }
}

/**
 * "Clear this device" (the outbox's share): every record leaves the device, all personal data
 * with it. Refused while anything is not on the server.
 */
export async function clearRecords(db = outboxDb()): Promise<void> {
  await db.transaction('rw', db.records, async () => {
    const unsent = await db.records.filter(isUnsynced).count();
    if (unsent > 0) throw new UnsentRecordsError(unsent);
    await db.records.clear();
  });
}

/**
 * The rows version 2 of this database held for venue mode's roster (outbox-db.ts), handed once to
 * the venue feature's own database and removed from here. Empty on every later call.
 */
export async function takeLegacyRosters(db = outboxDb()): Promise<{ roster: unknown[]; rosters: unknown[] }> {
  const [roster, rosters] = LEGACY_ROSTER_TABLES.map((name) => db.table(name));
  return db.transaction('rw', roster!, rosters!, async () => {
    const taken = { roster: await roster!.toArray(), rosters: await rosters!.toArray() };
    if (taken.roster.length > 0) await roster!.clear();
    if (taken.rosters.length > 0) await rosters!.clear();
    return taken;
  });
}

let persistenceRequested = false;

/** Asks the browser not to evict the outbox under storage pressure (once per page load). */
export async function requestPersistentStorage(): Promise<boolean> {
  if (persistenceRequested) return false;
  persistenceRequested = true;
  const storage = globalThis.navigator?.storage;
  if (!storage?.persist) return false;
  try {
    if (await storage.persisted()) return true;
    return await storage.persist();
  } catch {
    return false;
  }
}
