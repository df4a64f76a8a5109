/**
 * The server's one clock: every time rule (invitations, reminders, deadlines, retention) reads
 * "now" from `deps.now()`, which is this clock's `now` (server/main.ts). Tests move a running
 * built server's clock with `setOffset` through the control channel, and only when the server was
 * started with TEST_CLOCK=on (server/env.ts); otherwise the offset stays 0.
 */
export type Clock = {
  now(): Date;
  /** Moves the clock `offsetMs` away from the real time (0: the real time again). */
  setOffset(offsetMs: number): void;
  offsetMs(): number;
};

export function createClock(realTime: () => number = Date.now): Clock {
  let offset = 0;
  return {
    now: () => new Date(realTime() + offset),
    setOffset(offsetMs) {
      if (!Number.isFinite(offsetMs)) throw new Error('The clock offset must be a finite number of milliseconds.');
      offset = offsetMs;
    },
    offsetMs: () => offset,
  };
}
