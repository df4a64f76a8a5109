import type { ContactMessageInput } from '@domain/contact';
import { createRecordSecret } from '@domain/record-secret';
import type { JudgeApplicationInput } from '@domain/judge';
import type { NewsletterSignupInput } from '@domain/newsletter';
import type { RegistrationInput } from '@domain/registration';
import {
  outboxDb,
  type ContactRecord,
  type JudgeRecord,
  type NewsletterRecord,
  type OutboxDatabase,
  type OutboxRecord,
  type RegistrationRecord,
  type CheckInRecord,
  type FeeRecord,
  type VenueRecord,
  type WalkInRecord,
} from './outbox-db';

type Listener = () => void;
const enqueueListeners = new Set<Listener>();

/** The sync engine listens here, so every new record is sent as soon as it can be. */
export function onEnqueue(listener: Listener): () => void {
  enqueueListeners.add(listener);
  return () => enqueueListeners.delete(listener);
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

async function store<T extends OutboxRecord>(record: T, db: OutboxDatabase): Promise<T> {
  await db.records.add(record);
  void requestPersistentStorage();
  for (const listener of enqueueListeners) listener();
  return record;
}

/*
 * The enqueue functions store data already parsed by the kind's schema; features call them only
 * from their one save function (`src/features/<x>/api/save-*.ts`), which parses first. Storing
 * a record wakes the sync engine (`onEnqueue`): nobody calls sync() after a save.
 */

/** Stores a validated registration. Resolves once it is safely in IndexedDB. */
export function enqueueRegistration(payload: RegistrationInput, db = outboxDb()): Promise<RegistrationRecord> {
  return store({ ...fresh(Date.now()), id: payload.id, kind: 'registration', payload, referenceCode: payload.referenceCode }, db);
}

export function enqueueJudgeApplication(
  payload: JudgeApplicationInput,
  photo: { blob: Blob; name: string } | null,
  db = outboxDb(),
): Promise<JudgeRecord> {
  return store(
    { ...fresh(Date.now()), id: payload.id, kind: 'judge', payload, photo: photo?.blob ?? null, photoName: photo?.name ?? null },
    db,
  );
}

/** Who made a venue record and which child it is about (shown on /saved and at the end of the day). */
type VenueLabels = Pick<VenueRecord, 'staffUsername' | 'childName' | 'referenceCode'>;

/** Stores a walk-in (venue mode): a registration marked with its session and device. */
export function enqueueWalkIn(payload: WalkInRecord['payload'], labels: VenueLabels, db = outboxDb()): Promise<WalkInRecord> {
  return store({ ...fresh(Date.now()), ...labels, id: payload.id, kind: 'walk-in', payload }, db);
}

export function enqueueCheckIn(payload: CheckInRecord['payload'], labels: VenueLabels, db = outboxDb()): Promise<CheckInRecord> {
  return store({ ...fresh(Date.now()), ...labels, id: payload.id, kind: 'check-in', payload, firstCheckIn: null, ageWarning: null }, db);
}

export function enqueueFee(payload: FeeRecord['payload'], labels: VenueLabels, db = outboxDb()): Promise<FeeRecord> {
  return store({ ...fresh(Date.now()), ...labels, id: payload.id, kind: 'fee', payload, firstFee: null }, db);
}

export function enqueueContactMessage(payload: ContactMessageInput, db = outboxDb()): Promise<ContactRecord> {
  return store({ ...fresh(Date.now()), id: payload.id, kind: 'contact', payload }, db);
}

export function enqueueNewsletterSignup(payload: NewsletterSignupInput, db = outboxDb()): Promise<NewsletterRecord> {
  return store({ ...fresh(Date.now()), id: payload.id, kind: 'newsletter', payload, serverStatus: null }, db);
}

/** A newsletter sign-up for this email already made on this device, if any (any case). */
export async function findNewsletterSignup(email: string, db = outboxDb()): Promise<NewsletterRecord | undefined> {
  const wanted = email.trim().toLowerCase();
  const signups = (await db.records.where('kind').equals('newsletter').toArray()) as NewsletterRecord[];
  return signups.find((record) => record.payload.email.trim().toLowerCase() === wanted && record.status !== 'failed');
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

/** Puts a failed or conflicting record back in the queue as it is. */
export async function retryRecord(id: string, db = outboxDb()): Promise<void> {
  await changeUnlessSending(id, () => ({ status: 'queued', lastError: null, fieldErrors: null, serverCopy: null }), db);
  for (const listener of enqueueListeners) listener();
}

export async function deleteRecord(id: string, db = outboxDb()): Promise<void> {
  await changeUnlessSending(id, () => 'delete', db);
}

/** Edit-and-resend: the corrected registration replaces the stored one and goes back in the queue. */
export async function updateRegistration(payload: RegistrationInput, db = outboxDb()): Promise<void> {
  await changeUnlessSending(
    payload.id,
    (record) => {
      if (record.kind !== 'registration') throw new Error('That record is not a registration.');
      return {
        payload,
        referenceCode: payload.referenceCode,
        status: 'queued',
        lastError: null,
        fieldErrors: null,
        serverCopy: null,
      };
    },
    db,
  );
  for (const listener of enqueueListeners) listener();
}

/**
 * After a conflict the person may send their version as a new registration: it gets a new id,
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
    created = {
      ...fresh(Date.now()),
      id: newIdentity.id,
      kind: 'registration',
      payload: { ...record.payload, ...newIdentity },
      referenceCode: newIdentity.referenceCode,
    };
    await db.records.delete(id);
    await db.records.add(created);
  });
  for (const listener of enqueueListeners) listener();
  return created;
}

export function listRecords(db = outboxDb()): Promise<OutboxRecord[]> {
  return db.records.orderBy('createdAt').toArray();
}

export function getRecord(id: string, db = outboxDb()): Promise<OutboxRecord | undefined> {
  return db.records.get(id);
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
