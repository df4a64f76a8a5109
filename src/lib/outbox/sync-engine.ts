import { DEVICE_SAVED_AT_FIELD } from '@domain/device-saved-at';
import { isApiErrorBody } from '@domain/api-error';
import { RECORD_SECRET_FIELD, createRecordSecret } from '@domain/record-secret';
import { REGISTRATION_BATCH_LIMIT, type Registration } from '@domain/registration';
import type { FieldErrors } from '@domain/validation';
import { onEnqueue } from './outbox';
import type { OutboxDatabase, OutboxKind, OutboxRecord, RegistrationRecord } from './outbox-db';

export const SYNC_LOCK_NAME = 'ktc-outbox-sync';
export const BACKOFF_BASE_MS = 2_000;
export const BACKOFF_MAX_MS = 5 * 60_000;
export const PRUNE_SYNCED_AFTER_MS = 7 * 24 * 60 * 60_000;

/** What one sync run ended with. */
export type SyncOutcome =
  | 'idle' // nothing was waiting
  | 'done' // everything waiting got an answer from the server
  | 'offline' // the server could not be reached; records stay queued
  | 'retry-later' // the server failed part way (5xx, network); the rest stays queued
  | 'busy'; // another tab holds the sync lock

export type SyncState = {
  running: boolean;
  lastOutcome: SyncOutcome | null;
  lastRunAt: number | null;
  nextRetryAt: number | null;
};

type LockRequest = <T>(name: string, options: { ifAvailable: true }, callback: (lock: unknown) => Promise<T>) => Promise<T>;

export type SyncEnvironment = {
  db: OutboxDatabase;
  fetch: typeof fetch;
  now?: () => number;
  /** `navigator.locks`, or null where Web Locks are missing (then only this tab is guarded). */
  locks?: { request: LockRequest } | null;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  random?: () => number;
};

/** Capped exponential backoff with jitter: 2 s, 4 s, 8 s ... never more than 5 min. */
export function backoffDelay(failures: number, random: () => number = Math.random): number {
  const exponential = BACKOFF_BASE_MS * 2 ** Math.max(0, Math.min(failures - 1, 20));
  const capped = Math.min(BACKOFF_MAX_MS, exponential);
  return Math.round(capped * (0.5 + random() / 2));
}

const JSON_HEADERS = { 'Content-Type': 'application/json', 'X-Requested-With': 'fetch' };

/** How one answer from the server changes a record. */
type Verdict =
  | { kind: 'synced'; registration?: Registration }
  | { kind: 'conflict'; message: string; serverCopy: unknown }
  | { kind: 'failed'; message: string; fields: FieldErrors | null }
  | { kind: 'transient'; message: string };

class TransientFailure extends Error {}

export class SyncEngine {
  private readonly db: OutboxDatabase;
  private readonly fetch: typeof fetch;
  private readonly now: () => number;
  private readonly locks: { request: LockRequest } | null;
  private readonly setTimer: (callback: () => void, ms: number) => unknown;
  private readonly clearTimer: (handle: unknown) => void;
  private readonly random: () => number;

  private current: Promise<SyncOutcome> | null = null;
  private again = false;
  private failures = 0;
  /** A 429's or 503's Retry-After from the last run: the next try waits at least that long. */
  private retryAfterMs = 0;
  private timer: unknown = null;
  private recovered = false;
  private state: SyncState = { running: false, lastOutcome: null, lastRunAt: null, nextRetryAt: null };
  private readonly listeners = new Set<(state: SyncState) => void>();
  private readonly cleanups: (() => void)[] = [];

  constructor(env: SyncEnvironment) {
    this.db = env.db;
    this.fetch = env.fetch;
    this.now = env.now ?? Date.now;
    this.locks = env.locks ?? null;
    this.setTimer = env.setTimer ?? ((callback, ms) => setTimeout(callback, ms));
    this.clearTimer = env.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
    this.random = env.random ?? Math.random;
  }

  getState(): SyncState {
    return this.state;
  }

  subscribe(listener: (state: SyncState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Syncs now and on every later trigger: `online`, tab visible, each new record, backoff. */
  start(target: Pick<Window, 'addEventListener' | 'removeEventListener'> & { document?: Document } = window): void {
    const sync = () => void this.sync();
    const visible = () => {
      if (!target.document || target.document.visibilityState === 'visible') sync();
    };
    target.addEventListener('online', sync);
    target.document?.addEventListener('visibilitychange', visible);
    this.cleanups.push(
      () => target.removeEventListener('online', sync),
      () => target.document?.removeEventListener('visibilitychange', visible),
      onEnqueue(sync),
    );
    sync();
  }

  stop(): void {
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    if (this.timer !== null) this.clearTimer(this.timer);
    this.timer = null;
  }

  /** 'Sync now': forget the backoff and try at once. */
  syncNow(): Promise<SyncOutcome> {
    this.failures = 0;
    return this.sync();
  }

  /** Runs one sync; a call while one is running makes that run go round once more. */
  sync(): Promise<SyncOutcome> {
    if (this.current) {
      this.again = true;
      return this.current;
    }
    this.current = this.loop().finally(() => {
      this.current = null;
    });
    return this.current;
  }

  private async loop(): Promise<SyncOutcome> {
    this.setState({ running: true });
    let outcome: SyncOutcome;
    do {
      this.again = false;
      outcome = await this.runWithLock().catch(() => 'retry-later' as const);
    } while (this.again && (outcome === 'done' || outcome === 'idle'));
    this.schedule(outcome);
    this.setState({ running: false, lastOutcome: outcome, lastRunAt: this.now() });
    return outcome;
  }

  private schedule(outcome: SyncOutcome): void {
    if (this.timer !== null) this.clearTimer(this.timer);
    this.timer = null;
    if (outcome === 'done' || outcome === 'idle') {
      this.failures = 0;
      this.setState({ nextRetryAt: null });
      return;
    }
    this.failures += 1;
    const delay = Math.max(backoffDelay(this.failures, this.random), Math.min(this.retryAfterMs, BACKOFF_MAX_MS));
    this.retryAfterMs = 0;
    this.timer = this.setTimer(() => {
      this.timer = null;
      void this.sync();
    }, delay);
    this.setState({ nextRetryAt: this.now() + delay });
  }

  private runWithLock(): Promise<SyncOutcome> {
    if (!this.locks) return this.run(!this.recovered);
    return this.locks.request(SYNC_LOCK_NAME, { ifAvailable: true }, async (lock) =>
      // Holding the lock means no other tab is sending, so any 'sending' record is stale.
      lock ? this.run(true) : 'busy',
    );
  }

  private async run(recoverStale: boolean): Promise<SyncOutcome> {
    if (recoverStale) {
      await this.recoverStaleSending();
      this.recovered = true;
    }
    await this.pruneSynced();
    const waiting = await this.db.records.where('status').equals('queued').count();
    if (waiting === 0) return 'idle';
    if (!(await this.serverReachable())) return 'offline';
    try {
      await this.sendRegistrations();
      for (const kind of ['judge', 'contact', 'newsletter'] as const) await this.sendSingles(kind);
    } catch (error) {
      if (error instanceof TransientFailure) return 'retry-later';
      throw error;
    }
    return 'done';
  }

  /** A tab closed mid-send leaves records in 'sending'; the server is idempotent, so resend them. */
  async recoverStaleSending(): Promise<number> {
    return this.db.records.where('status').equals('sending').modify({ status: 'queued' });
  }

  async pruneSynced(): Promise<number> {
    const cutoff = this.now() - PRUNE_SYNCED_AFTER_MS;
    return this.db.records
      .where('status')
      .equals('synced')
      .filter((record) => (record.syncedAt ?? 0) < cutoff)
      .delete();
  }

  private async serverReachable(): Promise<boolean> {
    try {
      const response = await this.fetch('/api/health', { cache: 'no-store', headers: { 'X-Requested-With': 'fetch' } });
      if (!response.ok) return false;
      const body: unknown = await response.json();
      return !!body && typeof body === 'object' && (body as { ok?: unknown }).ok === true;
    } catch {
      return false;
    }
  }

  /** Marks queued records of one kind as sending (oldest first) and returns them. */
  private async claim(kind: OutboxKind, limit: number): Promise<OutboxRecord[]> {
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

  private async sendRegistrations(): Promise<void> {
    for (;;) {
      const batch = (await this.claim('registration', REGISTRATION_BATCH_LIMIT)) as RegistrationRecord[];
      if (batch.length === 0) return;
      let response: Response;
      try {
        response = await this.fetch('/api/registrations/batch', {
          method: 'POST',
          headers: JSON_HEADERS,
          body: JSON.stringify({ registrations: batch.map(withSecret) }),
        });
      } catch {
        await this.requeue(batch, 'No connection to the server.');
        throw new TransientFailure();
      }
      if (isTransientStatus(response.status)) {
        this.noteRetryAfter(response);
        await this.requeue(batch, transientMessage(response.status));
        throw new TransientFailure();
      }
      if (!response.ok) {
        // The batch as a whole was refused; send one by one so each record gets its own answer.
        await this.sendRegistrationsOneByOne(batch);
        continue;
      }
      const body = (await response.json().catch(() => null)) as { results?: BatchResult[] } | null;
      const results = body?.results ?? [];
      const verdicts = batch.map((record, index): [OutboxRecord, Verdict] => {
        const result = results.find((r) => r.id === record.id) ?? results.find((r) => r.index === index && !r.id);
        return [record, result ? verdictOfBatchResult(result) : { kind: 'transient', message: 'The server did not answer for this record.' }];
      });
      // One transaction for the whole batch: one change notification instead of a hundred.
      await this.db.transaction('rw', this.db.records, async () => {
        for (const [record, verdict] of verdicts) await this.apply(record, verdict);
      });
      if (verdicts.some(([, verdict]) => verdict.kind === 'transient')) throw new TransientFailure();
    }
  }

  private async sendRegistrationsOneByOne(batch: RegistrationRecord[]): Promise<void> {
    for (const [position, record] of batch.entries()) {
      const verdict = await this.post(record, '/api/registrations', {
        method: 'POST',
        headers: JSON_HEADERS,
        body: JSON.stringify(withSecret(record)),
      });
      if (verdict.kind === 'transient') {
        await this.requeue(batch.slice(position), verdict.message);
        throw new TransientFailure();
      }
      await this.apply(record, verdict);
    }
  }

  private async sendSingles(kind: 'judge' | 'contact' | 'newsletter'): Promise<void> {
    for (;;) {
      const [record] = await this.claim(kind, 1);
      if (!record) return;
      const verdict = await this.post(record, ...requestFor(record));
      if (verdict.kind === 'transient') {
        await this.requeue([record], verdict.message);
        throw new TransientFailure();
      }
      await this.apply(record, verdict);
    }
  }

  private async post(record: OutboxRecord, url: string, init: RequestInit): Promise<Verdict> {
    let response: Response;
    try {
      response = await this.fetch(url, init);
    } catch {
      return { kind: 'transient', message: 'No connection to the server.' };
    }
    if (isTransientStatus(response.status)) {
      this.noteRetryAfter(response);
      return { kind: 'transient', message: transientMessage(response.status) };
    }
    const body: unknown = await response.json().catch(() => null);
    if (response.ok) {
      const answer = (body ?? {}) as { registration?: Registration };
      return { kind: 'synced', ...(answer.registration ? { registration: answer.registration } : {}) };
    }
    const error = isApiErrorBody(body) ? body.error : null;
    const message = error?.message ?? `The server refused this record (${response.status}).`;
    if (response.status === 409) return { kind: 'conflict', message, serverCopy: error?.current ?? null };
    if (response.status === 413 || response.status === 415) {
      return { kind: 'failed', message, fields: error?.fields ?? { photo: message } };
    }
    return { kind: 'failed', message, fields: error?.fields ?? null };
  }

  private async apply(record: OutboxRecord, verdict: Verdict): Promise<void> {
    const now = this.now();
    if (verdict.kind === 'synced') {
      const change: Partial<OutboxRecord> & Record<string, unknown> = {
        status: 'synced',
        syncedAt: now,
        updatedAt: now,
        lastError: null,
        fieldErrors: null,
        serverCopy: null,
      };
      // The stored copy comes back only to this device (it holds the record's secret): show its code.
      if (record.kind === 'registration' && verdict.registration?.referenceCode) {
        change.referenceCode = verdict.registration.referenceCode;
      }
      if (record.kind === 'newsletter') change.serverStatus = 'subscribed';
      // Once sent, the photo is no longer needed on the device.
      if (record.kind === 'judge') change.photo = null;
      await this.db.records.update(record.id, change);
    } else if (verdict.kind === 'conflict') {
      await this.db.records.update(record.id, {
        status: 'conflict',
        updatedAt: now,
        lastError: verdict.message,
        serverCopy: verdict.serverCopy,
      });
    } else if (verdict.kind === 'failed') {
      await this.db.records.update(record.id, {
        status: 'failed',
        updatedAt: now,
        lastError: verdict.message,
        fieldErrors: verdict.fields,
      });
    } else {
      await this.requeue([record], verdict.message);
    }
  }

  private async requeue(records: OutboxRecord[], message: string): Promise<void> {
    const now = this.now();
    await this.db.transaction('rw', this.db.records, async () => {
      for (const record of records) {
        await this.db.records.update(record.id, { status: 'queued', lastError: message, updatedAt: now });
      }
    });
  }

  private noteRetryAfter(response: Response): void {
    const seconds = Number(response.headers.get('Retry-After'));
    if (Number.isFinite(seconds) && seconds > 0) this.retryAfterMs = Math.max(this.retryAfterMs, seconds * 1000);
  }

  private setState(change: Partial<SyncState>): void {
    this.state = { ...this.state, ...change };
    for (const listener of this.listeners) listener(this.state);
  }
}

type BatchResult = {
  index?: number;
  id?: string;
  status?: 'created' | 'duplicate' | 'conflict' | 'invalid';
  registration?: Registration;
  error?: { message?: string; fields?: FieldErrors; current?: unknown };
};

function verdictOfBatchResult(result: BatchResult): Verdict {
  switch (result.status) {
    case 'created':
    case 'duplicate':
      return { kind: 'synced', ...(result.registration ? { registration: result.registration } : {}) };
    case 'conflict':
      return {
        kind: 'conflict',
        message: result.error?.message ?? 'The server already has a different registration with this id.',
        // Present only when this device holds the record's secret and the record is not deleted.
        serverCopy: result.error?.current ?? result.registration ?? null,
      };
    case 'invalid':
      return {
        kind: 'failed',
        message: result.error?.message ?? 'The server found mistakes in this registration.',
        fields: result.error?.fields ?? null,
      };
    default:
      return { kind: 'transient', message: 'The server gave an answer this app does not understand.' };
  }
}

function transientMessage(status: number): string {
  return status === 429
    ? 'Many records were sent from this network; the server asked to wait a little. They will be sent automatically.'
    : `The server is having trouble (${status}).`;
}

/** Network trouble, overload, rate limits (429) and server faults fix themselves; keep the record queued. */
function isTransientStatus(status: number): boolean {
  return status >= 500 || status === 408 || status === 429 || status === 0;
}

/** The record as it travels: its payload plus the record's secret (ADR 009). */
/** The record as sent: its payload, its secret (ADR 009) and when this device first saved it. */
function withSecret(record: OutboxRecord): Record<string, unknown> {
  const sent: Record<string, unknown> = { ...record.payload, [DEVICE_SAVED_AT_FIELD]: new Date(record.createdAt).toISOString() };
  if (record.recordSecret) sent[RECORD_SECRET_FIELD] = record.recordSecret;
  return sent;
}

function requestFor(record: OutboxRecord): [string, RequestInit] {
  switch (record.kind) {
    case 'judge': {
      const form = new FormData();
      const { payload } = record;
      form.set('id', payload.id);
      form.set('name', String(payload.name ?? ''));
      form.set('expertise', String(payload.expertise ?? ''));
      form.set('experience', String(payload.experience ?? ''));
      form.set('bio', String(payload.bio ?? ''));
      if (payload.email) form.set('email', String(payload.email));
      if (record.recordSecret) form.set(RECORD_SECRET_FIELD, record.recordSecret);
      if (record.photo) form.set('photo', record.photo, record.photoName ?? 'photo');
      return ['/api/judges', { method: 'POST', headers: { 'X-Requested-With': 'fetch' }, body: form }];
    }
    case 'contact':
      return ['/api/contact', { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify(withSecret(record)) }];
    case 'newsletter':
      return ['/api/newsletter', { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify(withSecret(record)) }];
    case 'registration':
      return ['/api/registrations', { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify(withSecret(record)) }];
  }
}
