import { createRecordSecret } from '@domain/record-secret';
import { OUTBOX_KIND_NAMES, outboxKind, type OutboxKind, type OutboxRecord } from './kinds';
import { onEnqueue } from './outbox';
import type { OutboxDatabase } from './outbox-db';
import { NO_CONNECTION, isTransientStatus, signedOutVerdict, transientVerdict, verdictOfResponse, type Verdict } from './protocol';

/**
 * The scheduling half of the outbox: when to send (start, `online`, tab visible, each new record,
 * backoff, "Sync now"), the one-tab lock, claiming records and recording verdicts. What a request
 * looks like and what an answer means belongs to each kind (kinds/*.ts, protocol.ts).
 */

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
  | 'busy' // another tab holds the sync lock
  | 'signed-out'; // a kind that needs a signed-in account got 401/403: those stay queued, the rest were sent

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
  /** This run met a kind whose sign-in has ended (`needsSignIn`); its records went back to the queue. */
  private signedOut = false;
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
    this.signedOut = false;
    try {
      for (const kind of OUTBOX_KIND_NAMES) await this.send(kind);
    } catch (error) {
      if (error instanceof TransientFailure) return 'retry-later';
      throw error;
    }
    return this.signedOut ? 'signed-out' : 'done';
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

  /** Sends every queued record of one kind: in batches where the kind has them, else one by one. */
  private async send(kind: OutboxKind): Promise<void> {
    const spec = outboxKind(kind);
    for (;;) {
      const claimed = await this.claim(kind, spec.batch?.limit ?? 1);
      if (claimed.length === 0) return;
      const verdicts = spec.batch ? await this.sendBatch(claimed) : null;
      if (!verdicts) {
        await this.sendOneByOne(claimed);
        continue;
      }
      this.noteRetryAfter(verdicts);
      // One transaction for the whole batch: one change notification instead of a hundred.
      await this.db.transaction('rw', this.db.records, async () => {
        for (const [index, record] of claimed.entries()) await this.apply(record, verdicts[index]!);
      });
      if (verdicts.some((verdict) => verdict.kind === 'transient')) throw new TransientFailure();
      // Signed out: this kind waits for a sign-in; the next kinds still go.
      if (verdicts.some((verdict) => verdict.kind === 'signed-out')) {
        this.signedOut = true;
        return;
      }
    }
  }

  /** The batch's verdicts, or null when the batch as a whole was refused (then each goes alone). */
  private async sendBatch(records: OutboxRecord[]): Promise<Verdict[] | null> {
    const spec = outboxKind(records[0]!.kind);
    const batch = spec.batch!;
    let response: Response;
    try {
      response = await this.fetch(...batch.request(records));
    } catch {
      return records.map(() => ({ kind: 'transient', message: NO_CONNECTION }));
    }
    const signedOut = spec.needsSignIn ? signedOutVerdict(response) : null;
    if (signedOut) return records.map(() => signedOut);
    if (isTransientStatus(response.status)) {
      const verdict = transientVerdict(response);
      return records.map(() => verdict);
    }
    // Refused as a whole; send one by one so each record gets its own answer (a kind with only a
    // batch endpoint sends batches of one, and a refused batch of one is that record's answer).
    if (!response.ok) return spec.request || records.length > 1 ? null : [await verdictOfResponse(response)];
    return batch.verdicts(records, await response.json().catch(() => null));
  }

  /** One request per record; the first transient answer puts the rest back in the queue. */
  private async sendOneByOne(records: OutboxRecord[]): Promise<void> {
    for (const [position, record] of records.entries()) {
      const verdict = await this.post(record);
      if (verdict.kind === 'transient' || verdict.kind === 'signed-out') {
        await this.requeue(records.slice(position), verdict.message);
        if (verdict.kind === 'signed-out') {
          this.signedOut = true;
          return;
        }
        this.noteRetryAfter([verdict]);
        throw new TransientFailure();
      }
      await this.apply(record, verdict);
    }
  }

  private async post(record: OutboxRecord): Promise<Verdict> {
    const spec = outboxKind(record.kind);
    if (!spec.request) return (await this.sendBatch([record]))![0]!;
    try {
      const response = await this.fetch(...spec.request(record));
      return (spec.needsSignIn ? signedOutVerdict(response) : null) ?? (await verdictOfResponse(response));
    } catch {
      return { kind: 'transient', message: NO_CONNECTION };
    }
  }

  private async apply(record: OutboxRecord, verdict: Verdict): Promise<void> {
    const now = this.now();
    if (verdict.kind === 'synced') {
      await this.db.records.update(record.id, {
        ...outboxKind(record.kind).synced?.(record, verdict.answer),
        status: 'synced',
        syncedAt: now,
        updatedAt: now,
        lastError: null,
        fieldErrors: null,
        serverCopy: null,
      });
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

  /** A 429's or 503's Retry-After: the next try waits at least that long. */
  private noteRetryAfter(verdicts: Verdict[]): void {
    for (const verdict of verdicts) {
      if (verdict.kind === 'transient' && verdict.retryAfterMs) this.retryAfterMs = Math.max(this.retryAfterMs, verdict.retryAfterMs);
    }
  }

  private setState(change: Partial<SyncState>): void {
    this.state = { ...this.state, ...change };
    for (const listener of this.listeners) listener(this.state);
  }
}
