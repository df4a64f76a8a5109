import 'fake-indexeddb/auto';
import type { RegistrationInput } from '@domain/registration';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OutboxRecord } from './kinds';
import { enqueue, resumeAfterSignIn, retryRecord } from './outbox';
import { OutboxDatabase } from './outbox-db';
import { BACKOFF_MAX_MS, HEARTBEAT_MS, PRUNE_SYNCED_AFTER_MS, SyncEngine, backoffDelay, type SyncEnvironment } from './sync-engine';
import { recordFromBeforeConsent } from '../../../tests/setup/registration-fixtures';
import { contactMessage } from '../../../tests/setup/contact-fixtures';

let dbCount = 0;
const opened: OutboxDatabase[] = [];
function freshDb(): OutboxDatabase {
  const db = new OutboxDatabase(`test-outbox-${++dbCount}`);
  opened.push(db);
  return db;
}
afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete();
});

const registration = recordFromBeforeConsent;

type Call = { url: string; init: RequestInit | undefined };
type Handler = (url: string, init: RequestInit | undefined) => Response | Promise<Response>;

/** A fake server: /api/health answers ok unless told otherwise; every call is recorded. */
function fakeFetch(handler: Handler, options: { healthy?: () => boolean } = {}) {
  const calls: Call[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url === '/api/health') {
      if (options.healthy && !options.healthy()) throw new TypeError('Failed to fetch');
      return json(200, { ok: true, db: 'pglite' });
    }
    calls.push({ url, init });
    return handler(url, init);
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A batch endpoint that stores each record once, like the real server. */
function batchServer(store = new Map<string, RegistrationInput>()): Handler {
  return (url, init) => {
    const { registrations } = JSON.parse(String(init?.body)) as { registrations: RegistrationInput[] };
    const results = registrations.map((r, index) => {
      const status = store.has(r.id) ? 'duplicate' : 'created';
      store.set(r.id, r);
      return { index, id: r.id, status, registration: { ...r, createdAt: '', updatedAt: '', version: 1 } };
    });
    expect(url).toBe('/api/registrations/batch');
    return json(200, { results });
  };
}

function manualTimers() {
  const timers: { callback: () => void; ms: number }[] = [];
  return {
    timers,
    setTimer: (callback: () => void, ms: number) => {
      const timer = { callback, ms };
      timers.push(timer);
      return timer;
    },
    clearTimer: (handle: unknown) => {
      const index = timers.indexOf(handle as (typeof timers)[number]);
      if (index >= 0) timers.splice(index, 1);
    },
  };
}

function engineFor(db: OutboxDatabase, fetch: typeof globalThis.fetch, extra: Partial<SyncEnvironment> = {}) {
  const timers = manualTimers();
  const engine = new SyncEngine({ db, fetch, locks: null, random: () => 1, ...timers, ...extra });
  return { engine, timers: timers.timers };
}

async function byId(db: OutboxDatabase, id: string): Promise<OutboxRecord> {
  const record = await db.records.get(id);
  if (!record) throw new Error(`record ${id} is missing`);
  return record;
}

describe('sync engine', () => {
  it('sends 250 queued registrations in batches of at most 100 and marks each synced', async () => {
    const db = freshDb();
    const store = new Map<string, RegistrationInput>();
    const { fetch, calls } = fakeFetch(batchServer(store));
    for (let i = 0; i < 250; i += 1) await enqueue('registration', registration({ name: `Child ${i}` }), db);

    const outcome = await engineFor(db, fetch).engine.sync();

    expect(outcome).toBe('done');
    const sizes = calls.map((c) => (JSON.parse(String(c.init?.body)) as { registrations: unknown[] }).registrations.length);
    expect(sizes).toEqual([100, 100, 50]);
    expect(store.size).toBe(250);
    expect(await db.records.where('status').equals('synced').count()).toBe(250);
  });

  it('keeps records queued when the server cannot be reached, and sends them once it can', async () => {
    const db = freshDb();
    let healthy = false;
    const { fetch, calls } = fakeFetch(batchServer(), { healthy: () => healthy });
    const record = await enqueue('registration', registration(), db);
    const { engine } = engineFor(db, fetch);

    expect(await engine.sync()).toBe('offline');
    expect((await byId(db, record.id)).status).toBe('queued');
    expect(calls).toHaveLength(0);

    healthy = true;
    expect(await engine.sync()).toBe('done');
    expect((await byId(db, record.id)).status).toBe('synced');
  });

  it('keeps the batch queued on a 5xx or a network error, with the reason, and retries with backoff', async () => {
    const db = freshDb();
    let answer: 'error' | 'throw' | 'ok' = 'error';
    const server = batchServer();
    const { fetch } = fakeFetch((url, init) => {
      if (answer === 'error') return json(503, { error: { code: 'service_unavailable', message: 'down' } });
      if (answer === 'throw') throw new TypeError('Failed to fetch');
      return server(url, init);
    });
    const record = await enqueue('registration', registration(), db);
    const { engine, timers } = engineFor(db, fetch);

    expect(await engine.sync()).toBe('retry-later');
    let stored = await byId(db, record.id);
    expect(stored.status).toBe('queued');
    expect(stored.attempts).toBe(1);
    expect(stored.lastError).toContain('503');
    expect(timers).toHaveLength(1);
    expect(engine.getState().nextRetryAt).not.toBeNull();

    answer = 'throw';
    timers[0]?.callback();
    await engine.sync();
    stored = await byId(db, record.id);
    expect(stored.status).toBe('queued');
    expect(stored.attempts).toBe(2);
    expect(timers.at(-1)?.ms).toBeGreaterThan(timers[0]?.ms ?? Infinity);

    answer = 'ok';
    expect(await engine.sync()).toBe('done');
    expect((await byId(db, record.id)).status).toBe('synced');
    expect(engine.getState().nextRetryAt).toBeNull();
  });

  it('treats a 429 rate limit as "try later": every record stays queued, none fails, and the retry waits for Retry-After', async () => {
    const db = freshDb();
    let limited = true;
    const server = batchServer();
    const tooMany = (retryAfter: string) =>
      new Response(JSON.stringify({ error: { code: 'too_many_requests', message: 'Too many registrations were sent from your network.' } }), {
        status: 429,
        headers: { 'Content-Type': 'application/json', 'Retry-After': retryAfter },
      });
    const { fetch } = fakeFetch((url, init) => {
      if (!limited) return url === '/api/registrations/batch' ? server(url, init) : json(201, { status: 'created' });
      return tooMany(url === '/api/contact' ? '40' : '90');
    });
    const records = [];
    for (let i = 0; i < 150; i += 1) records.push(await enqueue('registration', registration({ name: `Child ${i}` }), db));
    const { engine, timers } = engineFor(db, fetch);

    expect(await engine.sync()).toBe('retry-later');
    const statuses = await Promise.all(records.map(async (r) => (await byId(db, r.id)).status));
    expect(new Set(statuses)).toEqual(new Set(['queued']));
    expect((await byId(db, records[0]?.id ?? '')).lastError).toMatch(/sent automatically/);
    // backoff alone would wait 2 s; the server asked for 90.
    expect(timers.at(-1)?.ms).toBe(90_000);

    limited = false;
    expect(await engine.sync()).toBe('done');
    const after = await Promise.all(records.map(async (r) => (await byId(db, r.id)).status));
    expect(new Set(after)).toEqual(new Set(['synced']));
  });

  it('keeps a single record (contact) queued on a 429 too', async () => {
    const db = freshDb();
    const { fetch } = fakeFetch(() => json(429, { error: { code: 'too_many_requests', message: 'Too many contact messages.' } }));
    const record = await enqueue('contact', contactMessage(), db);
    expect(await engineFor(db, fetch).engine.sync()).toBe('retry-later');
    expect((await byId(db, record.id)).status).toBe('queued');
  });

  it('backs off exponentially and never waits more than 5 minutes', () => {
    const delays = Array.from({ length: 30 }, (_, i) => backoffDelay(i + 1, () => 1));
    expect(delays.slice(0, 4)).toEqual([2000, 4000, 8000, 16000]);
    expect(Math.max(...delays)).toBe(BACKOFF_MAX_MS);
    for (let i = 1; i < delays.length; i += 1) expect(delays[i]).toBeGreaterThanOrEqual(delays[i - 1] ?? 0);
    expect(backoffDelay(50, () => 0)).toBeLessThanOrEqual(BACKOFF_MAX_MS);
  });

  it('marks a record failed with the server field messages on "invalid", and conflict with the server copy', async () => {
    const db = freshDb();
    const good = await enqueue('registration', registration(), db);
    const bad = await enqueue('registration', registration({ city: 'X' }), db);
    const clash = await enqueue('registration', registration(), db);
    const serverCopy = { ...clash.payload, name: 'Someone else' };
    const { fetch } = fakeFetch(() =>
      json(200, {
        results: [
          { index: 0, id: good.id, status: 'created', registration: { ...good.payload, referenceCode: 'KTC-AAAA-BBBB' } },
          { index: 1, id: bad.id, status: 'invalid', error: { code: 'validation_failed', message: 'Check the fields.', fields: { city: 'Enter a real city.' } } },
          { index: 2, id: clash.id, status: 'conflict', registration: serverCopy },
        ],
      }),
    );

    expect(await engineFor(db, fetch).engine.sync()).toBe('done');

    const synced = await byId(db, good.id);
    expect(synced.status).toBe('synced');
    // The stored copy comes back only to the device holding the secret: the device shows its code.
    expect(synced.kind === 'registration' && synced.referenceCode).toBe('KTC-AAAA-BBBB');
    const failed = await byId(db, bad.id);
    expect(failed.status).toBe('failed');
    expect(failed.fieldErrors).toEqual({ city: 'Enter a real city.' });
    const conflict = await byId(db, clash.id);
    expect(conflict.status).toBe('conflict');
    expect(conflict.serverCopy).toEqual(serverCopy);
  });

  it('answers 409 and 422 from single endpoints the same way, and 415 as a photo error', async () => {
    const db = freshDb();
    const message = await enqueue('contact', contactMessage(), db);
    const signup = await enqueue('newsletter', { id: crypto.randomUUID(), email: 'A@Example.org' }, db);
    const judge = await enqueue(
      'judge',
      {
        payload: { id: crypto.randomUUID(), name: 'J', expertise: 'Yoga Trainer', experience: 3, bio: 'Teacher' },
        photo: { blob: new Blob(['not an image'], { type: 'image/png' }), name: 'me.png' },
      },
      db,
    );
    const { fetch, calls } = fakeFetch((url) => {
      if (url === '/api/contact') return json(409, { error: { code: 'conflict', message: 'Different content.', current: { name: 'B' } } });
      if (url === '/api/newsletter') return json(200, { status: 'subscribed' });
      return json(415, { error: { code: 'unsupported_media_type', message: 'The photo must be a JPEG, PNG, WebP or GIF image.' } });
    });

    expect(await engineFor(db, fetch).engine.sync()).toBe('done');

    expect((await byId(db, message.id)).status).toBe('conflict');
    expect((await byId(db, message.id)).serverCopy).toEqual({ name: 'B' });
    const subscribed = await byId(db, signup.id);
    expect(subscribed.status).toBe('synced');
    expect(subscribed.kind === 'newsletter' && subscribed.serverStatus).toBe('subscribed');
    const rejected = await byId(db, judge.id);
    expect(rejected.status).toBe('failed');
    expect(rejected.fieldErrors).toEqual({ photo: 'The photo must be a JPEG, PNG, WebP or GIF image.' });
    const judgeCall = calls.find((c) => c.url === '/api/judges');
    const form = judgeCall?.init?.body as FormData;
    expect(form.get('id')).toBe(judge.id);
    expect(form.get('experience')).toBe('3');
    expect((form.get('photo') as File).name).toBe('me.png');
  });

  it("sends each record's own secret with every write: batch, single, contact, newsletter and judge", async () => {
    const db = freshDb();
    const a = await enqueue('registration', registration(), db);
    const b = await enqueue('registration', registration(), db);
    const message = await enqueue('contact', contactMessage(), db);
    const signup = await enqueue('newsletter', { id: crypto.randomUUID(), email: 'a@example.org' }, db);
    const judge = await enqueue('judge', { payload: { id: crypto.randomUUID(), name: 'J', expertise: 'Yoga Trainer', experience: 3, bio: 'Teacher' }, photo: null }, db);
    let batchRefused = false;
    const { fetch, calls } = fakeFetch((url) => {
      if (url === '/api/registrations/batch' && !batchRefused) {
        batchRefused = true;
        return json(422, { error: { code: 'validation_failed', message: 'bad batch' } });
      }
      return json(201, { status: 'created' });
    });

    expect(await engineFor(db, fetch).engine.sync()).toBe('done');

    const secrets = [a, b, message, signup, judge].map((record) => record.recordSecret);
    for (const secret of secrets) expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(new Set(secrets).size).toBe(5);
    const bodyOf = (url: string, index = 0) => JSON.parse(String(calls.filter((c) => c.url === url)[index]?.init?.body));
    // Each record with its own secret (two records saved in the same millisecond may go in either order).
    const secretById = (bodies: { id: string; recordSecret: string }[]) => Object.fromEntries(bodies.map((r) => [r.id, r.recordSecret]));
    const expected = { [a.id]: a.recordSecret, [b.id]: b.recordSecret };
    expect(secretById(bodyOf('/api/registrations/batch').registrations)).toEqual(expected);
    expect(secretById([bodyOf('/api/registrations', 0), bodyOf('/api/registrations', 1)])).toEqual(expected);
    expect(bodyOf('/api/contact')).toMatchObject({ id: message.id, recordSecret: message.recordSecret });
    expect(bodyOf('/api/newsletter')).toMatchObject({ id: signup.id, recordSecret: signup.recordSecret });
    expect((calls.find((c) => c.url === '/api/judges')?.init?.body as FormData).get('recordSecret')).toBe(judge.recordSecret);
  });

  it('gives a record saved before record secrets one before its next send, and keeps it for every later send', async () => {
    const db = freshDb();
    const record = await enqueue('registration', registration(), db);
    // As a build before record secrets stored it.
    await db.records.where('id').equals(record.id).modify((stored) => void delete stored.recordSecret);
    expect((await byId(db, record.id)).recordSecret).toBeUndefined();
    let answer: 'error' | 'ok' = 'error';
    const sent: string[] = [];
    const { fetch } = fakeFetch((_url, init) => {
      const [body] = (JSON.parse(String(init?.body)) as { registrations: { recordSecret: string }[] }).registrations;
      sent.push(body?.recordSecret ?? '');
      return answer === 'error' ? json(503, { error: { code: 'service_unavailable', message: 'down' } }) : json(200, { results: [{ index: 0, id: record.id, status: 'duplicate' }] });
    });
    const { engine } = engineFor(db, fetch);

    expect(await engine.sync()).toBe('retry-later');
    answer = 'ok';
    expect(await engine.sync()).toBe('done');

    const stored = await byId(db, record.id);
    expect(stored.recordSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(sent).toEqual([stored.recordSecret, stored.recordSecret]);
    expect(stored.status).toBe('synced');
  });

  it('syncs on answers that carry no stored copy, and marks a conflict without one (the server shows it only for the secret)', async () => {
    const db = freshDb();
    const created = await enqueue('registration', registration(), db);
    const clash = await enqueue('registration', registration(), db);
    const message = await enqueue('contact', contactMessage(), db);
    const { fetch } = fakeFetch((url) => {
      if (url === '/api/contact') return json(409, { error: { code: 'conflict', message: 'A different message was already sent with this id.' } });
      return json(200, {
        results: [
          { index: 0, id: created.id, status: 'created' },
          { index: 1, id: clash.id, status: 'conflict', error: { code: 'conflict', message: 'A different registration was already saved with this id.' } },
        ],
      });
    });

    expect(await engineFor(db, fetch).engine.sync()).toBe('done');

    expect(await byId(db, created.id)).toMatchObject({ status: 'synced', referenceCode: created.referenceCode });
    expect(await byId(db, clash.id)).toMatchObject({
      status: 'conflict',
      serverCopy: null,
      lastError: 'A different registration was already saved with this id.',
    });
    expect(await byId(db, message.id)).toMatchObject({ status: 'conflict', serverCopy: null });
  });

  it('falls back to one-by-one sends when the whole batch is refused', async () => {
    const db = freshDb();
    const a = await enqueue('registration', registration(), db);
    const b = await enqueue('registration', registration(), db);
    const { fetch, calls } = fakeFetch((url, init) => {
      if (url === '/api/registrations/batch') return json(422, { error: { code: 'validation_failed', message: 'bad batch' } });
      const body = JSON.parse(String(init?.body)) as RegistrationInput;
      if (body.id === a.id) return json(201, { status: 'created', registration: body });
      return json(422, { error: { code: 'validation_failed', message: 'Fix it.', fields: { phone: 'Enter a phone number of 10 to 13 digits.' } } });
    });

    await engineFor(db, fetch).engine.sync();

    expect(calls.map((c) => c.url)).toEqual(['/api/registrations/batch', '/api/registrations', '/api/registrations']);
    expect((await byId(db, a.id)).status).toBe('synced');
    expect((await byId(db, b.id)).fieldErrors).toEqual({ phone: 'Enter a phone number of 10 to 13 digits.' });
  });

  it("puts records a closed tab left in 'sending' back in the queue and sends them", async () => {
    const db = freshDb();
    const record = await enqueue('registration', registration(), db);
    await db.records.update(record.id, { status: 'sending' });
    const { fetch, calls } = fakeFetch(batchServer());

    expect(await engineFor(db, fetch).engine.sync()).toBe('done');
    expect(calls).toHaveLength(1);
    expect((await byId(db, record.id)).status).toBe('synced');
  });

  it('prunes synced records after 7 days and keeps everything unsynced', async () => {
    const db = freshDb();
    let now = 1_000_000_000_000;
    const synced = await enqueue('registration', registration(), db);
    const failed = await enqueue('registration', registration(), db);
    await db.records.update(synced.id, { status: 'synced', syncedAt: now });
    await db.records.update(failed.id, { status: 'failed', updatedAt: now - 30 * PRUNE_SYNCED_AFTER_MS });
    const { fetch } = fakeFetch(batchServer());
    const { engine } = engineFor(db, fetch, { now: () => now });

    now += PRUNE_SYNCED_AFTER_MS - 1000;
    await engine.sync();
    expect(await db.records.get(synced.id)).toBeDefined();

    now += 2000;
    await engine.sync();
    expect(await db.records.get(synced.id)).toBeUndefined();
    expect(await db.records.get(failed.id)).toBeDefined();
  });

  it('lets only one tab sync at a time when Web Locks exist', async () => {
    const db = freshDb();
    const store = new Map<string, RegistrationInput>();
    let sends = 0;
    const serve = batchServer(store);
    const { fetch } = fakeFetch(async (url, init) => {
      sends += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return serve(url, init);
    });
    for (let i = 0; i < 5; i += 1) await enqueue('registration', registration(), db);
    const locks = fakeLocks();
    const tabA = engineFor(db, fetch, { locks }).engine;
    const tabB = engineFor(db, fetch, { locks }).engine;

    const [a, b] = await Promise.all([tabA.sync(), tabB.sync()]);

    expect([a, b].sort()).toEqual(['busy', 'done']);
    expect(sends).toBe(1);
    expect(store.size).toBe(5);
  });

  it('coalesces triggers that arrive during a run into one more run', async () => {
    const db = freshDb();
    const { fetch, calls } = fakeFetch(batchServer());
    await enqueue('registration', registration(), db);
    const { engine } = engineFor(db, fetch);

    const first = engine.sync();
    await enqueue('registration', registration(), db);
    const second = engine.sync();
    expect(second).toBe(first);
    await first;

    expect(await db.records.where('status').equals('synced').count()).toBe(2);
    expect(calls.length).toBeLessThanOrEqual(2);
  });

  it('retries a failed record once the person asks, and refuses to touch one that is sending', async () => {
    const db = freshDb();
    const record = await enqueue('registration', registration(), db);
    await db.records.update(record.id, { status: 'failed', lastError: 'x' });
    await retryRecord(record.id, db);
    expect((await byId(db, record.id)).status).toBe('queued');

    await db.records.update(record.id, { status: 'sending' });
    await expect(retryRecord(record.id, db)).rejects.toThrow(/being sent/);
  });
});

/** A minimal LockManager: exclusive locks by name, with ifAvailable. */
function fakeLocks() {
  const held = new Set<string>();
  return {
    async request<T>(name: string, _options: { ifAvailable: true }, callback: (lock: unknown) => Promise<T>): Promise<T> {
      if (held.has(name)) return callback(null);
      held.add(name);
      try {
        return await callback({ name });
      } finally {
        held.delete(name);
      }
    },
  };
}

describe('venue records (kinds that need a sign-in)', () => {
  const labels = { staffUsername: 'venue-staff', childName: 'Kavin', referenceCode: 'KTC-AAAA-BBBB' };
  const checkIn = (registrationId: string = crypto.randomUUID()) => ({
    id: crypto.randomUUID(),
    registrationId,
    sessionId: '2027-l1-crawling-t-nagar',
    deviceId: 'device-aaaaaaaa',
    checkedInAt: new Date().toISOString(),
  });

  it('keeps them waiting for a sign-in when the staff session has ended (401), sends the rest, and sends them after sign-in', async () => {
    const db = freshDb();
    let signedIn = false;
    const { fetch, calls } = fakeFetch((url, init) => {
      if (url === '/api/registrations/batch') return batchServer()(url, init);
      if (!signedIn) return json(401, { error: { code: 'unauthorized', message: 'Please sign in again.' } });
      const { checkIns } = JSON.parse(String(init?.body)) as { checkIns: { id: string }[] };
      return json(200, { results: checkIns.map((c, index) => ({ index, id: c.id, status: 'created', ageMonths: null, ageWarning: null })) });
    });
    const engine = new SyncEngine({ db, fetch, setTimer: () => null, clearTimer: () => undefined });
    const record = await enqueue('check-in', { payload: checkIn(), labels }, db);
    await enqueue('registration', registration(), db);

    expect(await engine.sync()).toBe('signed-out');
    // A state of the record, not a message to compare: "needs sign-in".
    expect(await db.records.get(record.id)).toMatchObject({ status: 'needs-sign-in', lastError: expect.stringMatching(/Sign in again/) });
    expect((await db.records.where('kind').equals('registration').first())?.status).toBe('synced');
    // One request for the batch: a 401 is not a refusal to retry record by record.
    expect(calls.filter((c) => c.url === '/api/venue/check-ins/batch')).toHaveLength(1);

    // Until someone signs in, later runs leave them alone (no request that would answer 401 again).
    expect(await engine.sync()).toBe('idle');
    expect(calls.filter((c) => c.url === '/api/venue/check-ins/batch')).toHaveLength(1);

    signedIn = true;
    engine.start({ addEventListener: () => undefined, removeEventListener: () => undefined });
    await engine.sync();
    // The sign-in puts them back in the queue, which wakes the engine.
    expect(await resumeAfterSignIn(db)).toBe(1);
    await engine.sync();
    engine.stop();
    expect(await db.records.get(record.id)).toMatchObject({ status: 'synced', ageWarning: null });
    expect(calls.filter((c) => c.url === '/api/venue/check-ins/batch')).toHaveLength(2);
  });

  it('"Sync now" gives records waiting for a sign-in another go', async () => {
    const db = freshDb();
    const { fetch } = fakeFetch((_url, init) => {
      const { checkIns } = JSON.parse(String(init?.body)) as { checkIns: { id: string }[] };
      return json(200, { results: checkIns.map((c, index) => ({ index, id: c.id, status: 'created', ageMonths: null, ageWarning: null })) });
    });
    const engine = new SyncEngine({ db, fetch, setTimer: () => null, clearTimer: () => undefined });
    const record = await enqueue('check-in', { payload: checkIn(), labels }, db);
    await db.records.update(record.id, { status: 'needs-sign-in' });
    expect(await engine.sync()).toBe('idle');
    expect(await engine.syncNow()).toBe('done');
    expect((await db.records.get(record.id))?.status).toBe('synced');
  });

  it('a 403 makes them wait for a sign-in too, while the kinds after them still send', async () => {
    const db = freshDb();
    const { fetch, calls } = fakeFetch((url, init) => {
      if (url === '/api/venue/check-ins/batch') return json(403, { error: { code: 'forbidden', message: 'Not allowed.' } });
      const { fees } = JSON.parse(String(init?.body)) as { fees: { id: string }[] };
      return json(200, { results: fees.map((f, index) => ({ index, id: f.id, status: 'created' })) });
    });
    const engine = new SyncEngine({ db, fetch, setTimer: () => null, clearTimer: () => undefined });
    const kept = await enqueue('check-in', { payload: checkIn(), labels }, db);
    const fee = await enqueue('fee', { payload: { ...checkIn(), status: 'paid', amountRupees: 333, recordedAt: new Date().toISOString() }, labels }, db);
    expect(await engine.sync()).toBe('signed-out');
    expect((await db.records.get(kept.id))?.status).toBe('needs-sign-in');
    expect((await db.records.get(fee.id))?.status).toBe('synced');
    expect(calls.map((c) => c.url).filter((url) => url !== '/api/health')).toEqual(['/api/venue/check-ins/batch', '/api/venue/fees/batch']);
  });

  it('a check-in another device made first ends synced, saying who was first', async () => {
    const db = freshDb();
    const first = { at: '2027-04-18T04:00:00.000Z', by: 'other-staff', deviceId: 'device-bbbbbbbb' };
    const { fetch } = fakeFetch((_url, init) => {
      const { checkIns } = JSON.parse(String(init?.body)) as { checkIns: { id: string }[] };
      return json(200, { results: checkIns.map((c, index) => ({ index, id: c.id, status: 'already_checked_in', first })) });
    });
    const engine = new SyncEngine({ db, fetch, setTimer: () => null, clearTimer: () => undefined });
    const record = await enqueue('check-in', { payload: checkIn(), labels }, db);
    expect(await engine.sync()).toBe('done');
    expect(await db.records.get(record.id)).toMatchObject({ status: 'synced', firstCheckIn: first });
  });

  it('an invalid check-in fails with the server\'s message; a refused batch of one is that record\'s answer', async () => {
    const db = freshDb();
    const { fetch } = fakeFetch((_url, init) => {
      const { checkIns } = JSON.parse(String(init?.body)) as { checkIns: { id: string }[] };
      if (checkIns.length > 1) return json(413, { error: { code: 'payload_too_large', message: 'Too big.' } });
      return json(200, {
        results: checkIns.map((c, index) => ({ index, id: c.id, status: 'invalid', error: { code: 'not_found', message: 'Not on this list.' } })),
      });
    });
    const engine = new SyncEngine({ db, fetch, setTimer: () => null, clearTimer: () => undefined });
    const a = await enqueue('check-in', { payload: checkIn(), labels }, db);
    const b = await enqueue('check-in', { payload: checkIn(), labels }, db);
    expect(await engine.sync()).toBe('done');
    expect(await db.records.get(a.id)).toMatchObject({ status: 'failed', lastError: 'Not on this list.' });
    expect(await db.records.get(b.id)).toMatchObject({ status: 'failed', lastError: 'Not on this list.' });
  });
});

describe('the heartbeat: the internet comes back without an `online` event', () => {
  afterEach(() => vi.useRealTimers());

  /**
   * A phone whose Wi-Fi stays connected while the internet drops for 10 minutes: every request
   * fails, no `online` event ever fires. Then the internet returns at once. Real timers are faked
   * (setTimeout only: IndexedDB runs on setImmediate), and time moves a second at a time.
   */
  async function secondsToSyncAfterInternetReturns(heartbeatMs: number | null): Promise<number | null> {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const db = freshDb();
    let internet = false;
    const probes: number[] = [];
    let clock = 0;
    const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url === '/api/health') probes.push(clock);
      if (!internet) throw new TypeError('Failed to fetch');
      if (url === '/api/health') return json(200, { ok: true, db: 'pglite' });
      return batchServer()(url, init);
    }) as typeof globalThis.fetch;
    const record = await enqueue('registration', registration(), db);
    const engine = new SyncEngine({ db, fetch, locks: null, random: () => 1, heartbeatMs });
    // A window that never says `online`.
    engine.start({ addEventListener: () => undefined, removeEventListener: () => undefined });

    const settle = async () => {
      for (let i = 0; i < 30; i += 1) await new Promise((resolve) => setImmediate(resolve));
    };
    const elapse = async (seconds: number, until?: () => Promise<boolean>) => {
      for (let second = 0; second < seconds; second += 1) {
        await vi.advanceTimersByTimeAsync(1000);
        clock += 1;
        await settle();
        if (until && (await until())) return second + 1;
      }
      return null;
    };
    const synced = async () => (await db.records.get(record.id))?.status === 'synced';

    await settle();
    await elapse(10 * 60);
    expect(await db.records.get(record.id)).toMatchObject({ status: 'queued', lastError: null });
    expect(engine.getState().lastOutcome).toBe('offline');
    // By now the backoff alone waits minutes between tries (2 s, 4 s, ... 5 min).
    expect(backoffDelay(9, () => 1)).toBe(BACKOFF_MAX_MS);

    internet = true;
    const seconds = await elapse(5 * 60, synced);
    engine.stop();
    if (heartbeatMs !== null) {
      // The heartbeat is a probe of /api/health, nothing heavier, every HEARTBEAT_MS while offline
      // (this clock counts whole seconds, hence the one second of slack).
      const gaps = probes.slice(1).map((at, index) => at - probes[index]!);
      expect(Math.max(...gaps)).toBeLessThanOrEqual(heartbeatMs / 1000 + 1);
    }
    return seconds;
  }

  it('syncs the waiting records within 30 s of the internet returning, with no `online` event', async () => {
    const seconds = await secondsToSyncAfterInternetReturns(HEARTBEAT_MS);
    expect(seconds).not.toBeNull();
    expect(seconds).toBeLessThanOrEqual(30);
  }, 60_000);

  it('(without the heartbeat, the same records would wait out the backoff: minutes)', async () => {
    const seconds = await secondsToSyncAfterInternetReturns(null);
    expect(seconds === null || seconds > 30).toBe(true);
  }, 60_000);
});
