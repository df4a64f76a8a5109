import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { asBulkWork, countRequests, isPeoplesWork, requestsInFlight, workInSlices } from './people-first';

describe('background work gives way to people', () => {
  it('counts the requests being answered, and waits (at most maxWaitMs) while any is', async () => {
    let release: () => void = () => {};
    const app = new Hono().use('*', countRequests()).get('/slow', async (c) => {
      await new Promise<void>((resolve) => (release = resolve));
      return c.text('ok');
    });
    const slices = workInSlices({ budgetMs: 1_000, maxWaitMs: 10_000 });
    // Nobody waiting and within budget: no wait at all.
    const started = performance.now();
    await slices.between();
    expect(performance.now() - started).toBeLessThan(20);

    const answered = app.request('/slow');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(requestsInFlight()).toBe(1);
    let resumed = false;
    const waiting = slices.between().then(() => (resumed = true));
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(resumed).toBe(false);
    release();
    await answered;
    await waiting;
    expect(resumed).toBe(true);
    expect(requestsInFlight()).toBe(0);
  });

  it('moves on after maxWaitMs under a steady load, and does not count its own request', async () => {
    let release: () => void = () => {};
    const app = new Hono().use('*', countRequests()).get('/slow', async (c) => {
      await new Promise<void>((resolve) => (release = resolve));
      return c.text('ok');
    });
    const answered = app.request('/slow');
    await new Promise((resolve) => setTimeout(resolve, 10));
    const started = performance.now();
    await workInSlices({ budgetMs: 0, maxWaitMs: 50 }).between();
    expect(performance.now() - started).toBeGreaterThanOrEqual(45);
    const own = performance.now();
    await workInSlices({ budgetMs: 0, maxWaitMs: 5_000, ownRequests: 1 }).between();
    expect(performance.now() - own).toBeLessThan(100);
    release();
    await answered;
  });

  it('waits longer while more requests are in flight, up to crowdWaitMs, and only when asked to', async () => {
    const releases: (() => void)[] = [];
    const app = new Hono().use('*', countRequests()).get('/slow', async (c) => {
      await new Promise<void>((resolve) => releases.push(resolve));
      return c.text('ok');
    });
    const answered = [1, 2, 3, 4].map(() => app.request('/slow'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(requestsInFlight()).toBe(4);
    const timed = async (options: Parameters<typeof workInSlices>[0]) => {
      const started = performance.now();
      await workInSlices(options).between();
      return performance.now() - started;
    };
    // Four waiting at 40 ms each would be 160 ms; the crowd's wait stops at 100.
    const crowd = await timed({ budgetMs: 0, maxWaitMs: 40, crowdWaitMs: 100 });
    expect(crowd).toBeGreaterThanOrEqual(95);
    expect(crowd).toBeLessThan(160);
    // Without crowdWaitMs the wait stays maxWaitMs, however many wait.
    expect(await timed({ budgetMs: 0, maxWaitMs: 30 })).toBeLessThan(95);
    for (const release of releases) release();
    await Promise.all(answered);
  });

  it('tells a person’s request from bulk work, including work the request hands on and what that starts later', async () => {
    const seen: Record<string, boolean> = {};
    const app = new Hono().use('*', countRequests()).get('/', async (c) => {
      seen.request = isPeoplesWork();
      await new Promise((resolve) => setTimeout(resolve, 5));
      seen.afterAWait = isPeoplesWork();
      await asBulkWork(async () => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        seen.handedOn = isPeoplesWork();
      });
      seen.backInTheRequest = isPeoplesWork();
      return c.text('ok');
    });
    await app.request('/');
    seen.outside = isPeoplesWork();
    expect(seen).toEqual({ request: true, afterAWait: true, handedOn: false, backInTheRequest: true, outside: false });
  });
});
