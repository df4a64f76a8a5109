import type { MiddlewareHandler } from 'hono';
import { AsyncLocalStorage } from 'node:async_hooks';
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';

/**
 * Background jobs give way to people (issue 47, ADR 035). The server counts the requests it is
 * answering (`countRequests`, the app's first middleware); a job works in short slices and, between
 * two, waits while any request is being answered: at most `maxWaitMs`, so a job under a steady
 * load still moves on, a slice at a time.
 */

let inFlight = 0;

/** Whose work the code running now is: a person's request, or bulk work (a job, or an admin's publish or import). */
const whose = new AsyncLocalStorage<'person' | 'bulk'>();

/** How many requests the server is answering now. */
export const requestsInFlight = (): number => inFlight;

/**
 * Whether the code running now answers a person: true inside a request, unless that request's
 * work was handed to `asBulkWork`. The database thread runs a person's statements before bulk
 * work's (server/db/pglite-worker.ts).
 */
export const isPeoplesWork = (): boolean => whose.getStore() === 'person';

/** Runs `work` (and everything it starts) as bulk work: its statements give way to people's. */
export function asBulkWork<T>(work: () => T): T {
  return whose.run('bulk', work);
}

export function countRequests(): MiddlewareHandler {
  return async (_c, next) => {
    inFlight += 1;
    try {
      await whose.run('person', next);
    } finally {
      inFlight -= 1;
    }
  };
}

export type SliceOptions = {
  /** How long a slice may hold the event loop before the job lets requests in. */
  budgetMs: number;
  /** The longest a job waits for the requests in flight to be answered before its next slice. */
  maxWaitMs: number;
  /**
   * When several requests are in flight, the wait grows with them (maxWaitMs for each), up to
   * this: fifty phones syncing at once are a queue of people, and a job that still took a slice
   * every maxWaitMs took a fixed share of the server from them. Defaults to maxWaitMs (no growth).
   */
  crowdWaitMs?: number;
  /**
   * 1 when the work is itself a request's (an admin's import): that request is not someone waiting.
   * A function when it changes (requests that wait for a shared rebuild).
   */
  ownRequests: number | (() => number);
};

/**
 * Rows a statement of background or admin work writes at most: on PGlite (one connection; in the
 * server it runs in its own thread, ADR 035) each statement holds every other request's statements
 * until it ends, and a few hundred rows take ~50 ms where 10,000 took seconds. Big work is cut
 * into such pieces, with `between()` after each.
 */
export const PIECE_ROWS = 250;

export const DEFAULT_SLICE: SliceOptions = { budgetMs: 20, maxWaitMs: 50, ownRequests: 0 };

export type Slices = {
  /**
   * Called by a job between two small pieces of work: answers at once while the slice is within
   * its budget and nobody waits; otherwise lets the event loop turn (connections are accepted,
   * requests read) and waits while requests are in flight, then starts a new slice.
   */
  between(): Promise<void>;
  /** The requests this work is itself answering (0 for a job), so work it hands on can tell them from people waiting. */
  readonly ownRequests?: number;
};

export function workInSlices(options: Partial<SliceOptions> = {}): Slices {
  const { budgetMs, maxWaitMs, ownRequests, crowdWaitMs = maxWaitMs } = { ...DEFAULT_SLICE, ...options };
  const own = typeof ownRequests === 'function' ? ownRequests : () => ownRequests;
  const othersWaiting = () => inFlight > own();
  const longestWait = () => Math.max(maxWaitMs, Math.min(crowdWaitMs, maxWaitMs * (inFlight - own())));
  let sliceStarted = performance.now();
  return {
    ...(typeof ownRequests === 'number' ? { ownRequests } : {}),
    async between() {
      if (!othersWaiting() && performance.now() - sliceStarted < budgetMs) return;
      await nextTurn();
      const until = performance.now() + longestWait();
      while (othersWaiting() && performance.now() < until) await sleep(5);
      sliceStarted = performance.now();
    },
  };
}

/** How a job cuts its work: rows per statement (PIECE_ROWS) and the waits between pieces (a job's own slices, or new ones). */
export type Pieces = { size?: number; slices?: Slices };
