import 'fake-indexeddb/auto';
import { createReferenceCode } from '@domain/reference-code';
import type { RegistrationInput } from '@domain/registration';
import { afterEach, describe, expect, it } from 'vitest';
import {
  clearRecords,
  deleteRecord,
  enqueue,
  onEnqueue,
  recordsOfKinds,
  resendAsNew,
  resendRecords,
  resumeAfterSignIn,
  replaceRecord,
  takeLegacyRosters,
} from './outbox';
import { OutboxDatabase } from './outbox-db';
import { recordFromBeforeConsent } from '../../../tests/setup/registration-fixtures';

let count = 0;
const opened: OutboxDatabase[] = [];
function freshDb() {
  const db = new OutboxDatabase(`outbox-ops-${++count}`);
  opened.push(db);
  return db;
}
afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete();
});

const registration = (overrides: Partial<RegistrationInput> = {}) => recordFromBeforeConsent({ name: 'Asha', ...overrides });

describe('outbox', () => {
  it('stores a new record as queued and tells the sync engine', async () => {
    const db = freshDb();
    let told = 0;
    const stop = onEnqueue(() => (told += 1));
    const record = await enqueue('registration', registration(), db);
    stop();
    expect(told).toBe(1);
    expect(await db.records.get(record.id)).toMatchObject({ status: 'queued', attempts: 0, referenceCode: record.payload.referenceCode });
  });

  it('gives every record its own random secret, kept through edit-and-resend and new for "send mine as new"', async () => {
    const db = freshDb();
    const first = await enqueue('registration', registration(), db);
    const second = await enqueue('registration', registration(), db);
    expect(first.recordSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(second.recordSecret).not.toBe(first.recordSecret);
    expect((await db.records.get(first.id))?.recordSecret).toBe(first.recordSecret);

    await db.records.update(first.id, { status: 'failed' });
    await replaceRecord('registration', { ...first.payload, city: 'Madurai' }, db);
    expect((await db.records.get(first.id))?.recordSecret).toBe(first.recordSecret);

    await db.records.update(first.id, { status: 'conflict' });
    const renewed = await resendAsNew(first.id, { id: crypto.randomUUID(), referenceCode: createReferenceCode() }, db);
    expect(renewed?.recordSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(renewed?.recordSecret).not.toBe(first.recordSecret);
  });

  it('refuses a second record with the same id (a double submit cannot duplicate)', async () => {
    const db = freshDb();
    const payload = registration();
    await enqueue('registration', payload, db);
    await expect(enqueue('registration', payload, db)).rejects.toThrow();
    expect(await db.records.count()).toBe(1);
  });

  it('edit-and-resend replaces a failed registration in place and queues it again', async () => {
    const db = freshDb();
    const record = await enqueue('registration', registration({ city: 'X' }), db);
    await db.records.update(record.id, { status: 'failed', fieldErrors: { city: 'Enter a real city.' }, lastError: 'Fix it.' });
    await replaceRecord('registration', { ...record.payload, city: 'Chennai' }, db);
    const stored = await db.records.get(record.id);
    expect(stored).toMatchObject({ status: 'queued', fieldErrors: null, lastError: null });
    expect(stored?.kind === 'registration' && stored.payload.city).toBe('Chennai');
  });

  it('never changes or deletes a record while it is being sent', async () => {
    const db = freshDb();
    const record = await enqueue('registration', registration(), db);
    await db.records.update(record.id, { status: 'sending' });
    await expect(replaceRecord('registration', { ...record.payload, city: 'Madurai' }, db)).rejects.toThrow(/being sent/);
    await expect(deleteRecord(record.id, db)).rejects.toThrow(/being sent/);
    expect(await db.records.get(record.id)).toMatchObject({ status: 'sending' });
  });

  it('after a conflict, sends the device copy as a new registration with a new id and code', async () => {
    const db = freshDb();
    const record = await enqueue('registration', registration(), db);
    await db.records.update(record.id, { status: 'conflict', serverCopy: { name: 'Other' } });
    const identity = { id: crypto.randomUUID(), referenceCode: createReferenceCode() };
    await resendAsNew(record.id, identity, db);
    expect(await db.records.get(record.id)).toBeUndefined();
    const created = await db.records.get(identity.id);
    expect(created).toMatchObject({ status: 'queued', referenceCode: identity.referenceCode });
    expect(created?.kind === 'registration' && created.payload).toMatchObject({ ...identity, name: 'Asha' });
  });

  it('reads the records of some kinds, oldest first', async () => {
    const db = freshDb();
    const signup = await enqueue('newsletter', { id: crypto.randomUUID(), email: 'fan@example.org' }, db);
    await enqueue('registration', registration(), db);
    expect((await recordsOfKinds(['newsletter'], db)).map((record) => record.id)).toEqual([signup.id]);
    expect(await recordsOfKinds(['newsletter', 'registration'], db)).toHaveLength(2);
  });

  it('records waiting for a sign-in go back in the queue once someone signs in, and the engine is told', async () => {
    const db = freshDb();
    const record = await enqueue('registration', registration(), db);
    await db.records.update(record.id, { status: 'needs-sign-in', lastError: 'Sign in again.' });
    let told = 0;
    const stop = onEnqueue(() => (told += 1));
    expect(await resumeAfterSignIn(db)).toBe(1);
    expect(await resumeAfterSignIn(db)).toBe(0);
    stop();
    expect(told).toBe(1);
    expect(await db.records.get(record.id)).toMatchObject({ status: 'queued', lastError: null });
  });

  it('resends records whatever their state, except one being sent', async () => {
    const db = freshDb();
    const synced = await enqueue('registration', registration(), db);
    const sending = await enqueue('registration', registration(), db);
    await db.records.update(synced.id, { status: 'synced', syncedAt: 1 });
    await db.records.update(sending.id, { status: 'sending' });
    await resendRecords([synced.id, sending.id], db);
    expect((await db.records.get(synced.id))?.status).toBe('queued');
    expect((await db.records.get(sending.id))?.status).toBe('sending');
  });

  it('clears the device only once every record is on the server', async () => {
    const db = freshDb();
    const record = await enqueue('registration', registration(), db);
    await expect(clearRecords(db)).rejects.toThrow('1 record is not on the server yet. Send it first.');
    await db.records.update(record.id, { status: 'synced', syncedAt: 1 });
    await clearRecords(db);
    expect(await db.records.count()).toBe(0);
  });

  it("hands over once a roster an older build kept in version 2's tables", async () => {
    const db = freshDb();
    await db.table('roster').put({ sessionId: 's', registrationId: 'r', referenceCode: 'KTC-AAAA-BBBB' });
    await db.table('rosters').put({ sessionId: 's', cursor: 'c', downloadedAt: 1, expiresAt: 2, count: 1 });
    const taken = await takeLegacyRosters(db);
    expect(taken.roster).toHaveLength(1);
    expect(taken.rosters).toHaveLength(1);
    expect(await takeLegacyRosters(db)).toEqual({ roster: [], rosters: [] });
  });
});
