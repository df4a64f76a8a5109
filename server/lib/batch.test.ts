import { describe, expect, it } from 'vitest';
import type { Context } from 'hono';
import { asBulkWork, countRequests, isPeoplesWork } from './people-first';
import { ApiError } from './errors';
import { BATCH_BUSY_RETRY_SECONDS, BATCH_QUEUE_LIMIT, BATCH_TURNS, inBatchTurn } from './batch';

/** A batch's work that runs until the test lets it finish (or fail). */
function heldWork(name: string, log: string[], running: Set<string>) {
  let finish!: () => void;
  let fail!: (error: Error) => void;
  const done = new Promise<void>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  const work = async () => {
    running.add(name);
    log.push(name);
    try {
      await done;
      return name;
    } finally {
      running.delete(name);
    }
  };
  return { work, finish: () => finish(), fail: (error: Error) => fail(error) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('inBatchTurn: phones’ batches take turns (issue 47)', () => {
  it(`runs at most ${BATCH_TURNS} batches at once, the others in the order they came, and a failed batch gives up its turn`, async () => {
    const started: string[] = [];
    const running = new Set<string>();
    let mostAtOnce = 0;
    const names = Array.from({ length: BATCH_TURNS + 6 }, (_, i) => `batch ${i + 1}`);
    const held = names.map((name) => heldWork(name, started, running));
    const answers = held.map((h) => inBatchTurn(h.work).catch((error: Error) => `failed: ${error.message}`));

    for (let i = 0; i < held.length; i++) {
      await settle();
      mostAtOnce = Math.max(mostAtOnce, running.size);
      // The oldest running batch ends: every other one fails, which must free its turn as well.
      if (i % 2 === 0) held[i]!.finish();
      else held[i]!.fail(new Error(`${names[i]} could not be stored`));
    }

    expect(await Promise.all(answers)).toEqual(names.map((name, i) => (i % 2 === 0 ? name : `failed: ${name} could not be stored`)));
    expect(mostAtOnce).toBe(BATCH_TURNS);
    expect(started).toEqual(names);
  });

  it("runs a waiting batch as its own caller's work, not as the work of the batch whose end let it in", async () => {
    const running = new Set<string>();
    const held = Array.from({ length: BATCH_TURNS }, (_, i) => heldWork(`person ${i + 1}`, [], running));
    // A person's request: the database thread (PGlite) runs its statements before bulk work's.
    const asPerson = <T>(work: () => Promise<T>) =>
      new Promise<T>((resolve, reject) => {
        void countRequests()({} as Context, async () => {
          await work().then(resolve, reject);
        });
      });
    const holding = held.map((h) => asPerson(() => inBatchTurn(h.work)));
    const bulk = asBulkWork(() => inBatchTurn(async () => isPeoplesWork()));
    const person = asPerson(() => inBatchTurn(async () => isPeoplesWork()));
    await settle();
    expect(running.size).toBe(BATCH_TURNS);
    for (const h of held) h.finish();
    await Promise.all(holding);
    expect(await bulk).toBe(false);
    expect(await person).toBe(true);
  });

  it(`tells a phone to come back when ${BATCH_QUEUE_LIMIT} batches wait already, and takes its batch once the queue is shorter`, async () => {
    const running = new Set<string>();
    const held = Array.from({ length: BATCH_TURNS + BATCH_QUEUE_LIMIT }, (_, i) => heldWork(`batch ${i + 1}`, [], running));
    const answers = held.map((h) => inBatchTurn(h.work));
    await settle();
    expect(running.size).toBe(BATCH_TURNS);

    let ran = false;
    const refused = await inBatchTurn(async () => {
      ran = true;
    }).catch((error: unknown) => error);
    expect(ran).toBe(false);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 503, code: 'service_unavailable', headers: { 'Retry-After': String(BATCH_BUSY_RETRY_SECONDS) } });

    // One running batch ends, one waiting batch takes its turn: there is room for one more.
    held[0]!.finish();
    await settle();
    const next = inBatchTurn(async () => 'the later batch');
    for (const h of held) h.finish();
    expect(await Promise.all(answers)).toHaveLength(held.length);
    expect(await next).toBe('the later batch');
  });
});
