import { OUTBOX_KIND_NAMES, outboxKind, type OutboxKind } from './kinds';
import { onEnqueue } from './outbox';
import type { OutboxDatabase } from './outbox-db';
import type { Verdict } from './protocol';
import { SyncStore } from './sync-store';
import { Transport } from './transport';

/**
 * When to sync, and nothing else: on start, `online`, the tab becoming visible, each new record,
 * backoff after a failure, "Sync now", and a light heartbeat while records wait for a server that
 * could not be reached; one tab at a time (Web Locks). Sending is the transport's (transport.ts),
 * the records on the device are the sync store's (sync-store.ts), and what a request looks like
 * and what its answer means belongs to each kind (kinds/*.ts, protocol.ts).
 */

export const SYNC_LOCK_NAME = 'ktc-outbox-sync';
export const BACKOFF_BASE_MS = 2_000;
export const BACKOFF_MAX_MS = 5 * 60_000;
/**
 * While records wait for a server that could not be reached, a probe of GET /api/health this
 * often: the internet can come back without an `online` event (the phone's Wi-Fi stayed
 * connected), and the records should not wait out a backoff of minutes.
 */
export const HEARTBEAT_MS = 15_000;
export { PRUNE_SYNCED_AFTER_MS } from './sync-store';

/** What one sync run ended with. */
export type SyncOutcome =
  | 'idle' // nothing was waiting
  | 'done' // everything waiting got an answer from the server
  | 'offline' // the server could not be reached; records stay queued
  | 'retry-later' // the server failed part way (5xx, 429); the rest stays queued
  | 'busy' // another tab holds the sync lock
  | 'signed-out'; // a kind that needs a signed-in account got 401/403: those wait for a sign-in, the rest were sent

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
  /** How often to probe while the server cannot be reached; null: no heartbeat. */
  heartbeatMs?: number | null;
};

/** Capped exponential backoff with jitter: 2 s, 4 s, 8 s ... never more than 5 min. */
export function backoffDelay(failures: number, random: () => number = Math.random): number {
  const exponential = BACKOFF_BASE_MS * 2 ** Math.max(0, Math.min(failures - 1, 20));
  const capped = Math.min(BACKOFF_MAX_MS, exponential);
  return Math.round(capped * (0.5 + random() / 2));
}

/** A kind's records could not all be sent: the run stops, the rest waits. */
class TransientFailure extends Error {
  constructor(readonly offline: boolean) {
    super('transient');
  }
}

export class SyncEngine {
  private readonly store: SyncStore;
  private readonly transport: Transport;
  private readonly now: () => number;
  private readonly locks: { request: LockRequest } | null;
  private readonly setTimer: (callback: () => void, ms: number) => unknown;
  private readonly clearTimer: (handle: unknown) => void;
  private readonly random: () => number;
  private readonly heartbeatMs: number | null;

  private current: Promise<SyncOutcome> | null = null;
  private again = false;
  private failures = 0;
  /** A 429's or 503's Retry-After from the last run: the next try waits at least that long. */
  private retryAfterMs = 0;
  private timer: unknown = null;
  private heartbeat: unknown = null;
  private recovered = false;
  /** This run met a kind whose sign-in has ended (`needsSignIn`); its records wait for a sign-in. */
  private signedOut = false;
  private state: SyncState = { running: false, lastOutcome: null, lastRunAt: null, nextRetryAt: null };
  private readonly listeners = new Set<(state: SyncState) => void>();
  private readonly cleanups: (() => void)[] = [];

  constructor(env: SyncEnvironment) {
    this.now = env.now ?? Date.now;
    this.store = new SyncStore(env.db, this.now);
    this.transport = new Transport(env.fetch);
    this.locks = env.locks ?? null;
    this.setTimer = env.setTimer ?? ((callback, ms) => setTimeout(callback, ms));
    this.clearTimer = env.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
    this.random = env.random ?? Math.random;
    this.heartbeatMs = env.heartbeatMs === undefined ? HEARTBEAT_MS : env.heartbeatMs;
  }

  getState(): SyncState {
    return this.state;
  }

  subscribe(listener: (state: SyncState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Syncs now and on every later trigger: `online`, tab visible, each new record, backoff, heartbeat. */
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
    this.stopTimer();
    this.stopHeartbeat();
  }

  /** 'Sync now': forget the backoff, give records waiting for a sign-in another go, and try at once. */
  async syncNow(): Promise<SyncOutcome> {
    this.failures = 0;
    await this.store.releaseSignedOut();
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
    this.stopTimer();
    // Nothing left that another try could send: records wait for a person (failed, conflict) or a sign-in.
    if (outcome === 'done' || outcome === 'idle' || outcome === 'signed-out') {
      this.failures = 0;
      this.stopHeartbeat();
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
    // The server answered (a fault, a rate limit): its backoff and Retry-After stand, no heartbeat.
    if (outcome === 'offline') this.startHeartbeat();
    else this.stopHeartbeat();
  }

  /** Probes every `heartbeatMs` until the server answers, then syncs at once (the backoff is not waited out). */
  private startHeartbeat(): void {
    const every = this.heartbeatMs;
    if (every === null || this.heartbeat !== null) return;
    const beat = () => {
      const handle = this.setTimer(() => {
        void (async () => {
          // A run in progress probes by itself.
          const back = !this.current && (await this.transport.reachable());
          if (this.heartbeat !== handle) return; // stopped meanwhile
          this.heartbeat = null;
          if (back) void this.sync();
          else beat();
        })();
      }, every);
      this.heartbeat = handle;
    };
    beat();
  }

  private stopHeartbeat(): void {
    if (this.heartbeat !== null) this.clearTimer(this.heartbeat);
    this.heartbeat = null;
  }

  private stopTimer(): void {
    if (this.timer !== null) this.clearTimer(this.timer);
    this.timer = null;
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
      await this.store.recoverStaleSending();
      this.recovered = true;
    }
    await this.store.pruneSynced();
    if ((await this.store.queued()) === 0) return 'idle';
    if (!(await this.transport.reachable())) return 'offline';
    this.signedOut = false;
    try {
      for (const kind of OUTBOX_KIND_NAMES) await this.send(kind);
    } catch (error) {
      if (error instanceof TransientFailure) return error.offline ? 'offline' : 'retry-later';
      throw error;
    }
    return this.signedOut ? 'signed-out' : 'done';
  }

  /** Sends every queued record of one kind, a claim at a time (a batch, or one record for kinds without batches). */
  private async send(kind: OutboxKind): Promise<void> {
    const limit = outboxKind(kind).batch?.limit ?? 1;
    for (;;) {
      const claimed = await this.store.claim(kind, limit);
      if (claimed.length === 0) return;
      const verdicts = await this.transport.send(claimed);
      await this.store.settle(claimed, verdicts);
      this.noteRetryAfter(verdicts);
      const transient = verdicts.filter((verdict) => verdict.kind === 'transient');
      if (transient.length > 0) throw new TransientFailure(transient.every((verdict) => verdict.offline === true));
      // Signed out: this kind waits for a sign-in; the next kinds still go.
      if (verdicts.some((verdict) => verdict.kind === 'signed-out')) {
        this.signedOut = true;
        return;
      }
    }
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
