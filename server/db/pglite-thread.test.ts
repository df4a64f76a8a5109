import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registrationInputSchema } from '@domain/registration';
import { recordFromBeforeConsent } from '../../tests/setup/registration-fixtures';
import { openDatabase, type Database } from './client';
import * as schema from './schema';
import { createRegistrations } from './stores/registration-store';
import { countRequests } from '../lib/people-first';

// The server's PGlite runs in a thread of its own (ADR 035). What the stores and drizzle get from it
// must be what they get from PGlite in their own thread, and the event loop must stay free.
describe('PGlite in its own thread', () => {
  let dataDir: string;
  let threaded: Database;
  let inline: Database;
  const stops: Error[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'ktc-pglite-thread-'));
    threaded = await openDatabase({ kind: 'pglite', dataDir, ownThread: { onStop: (error) => stops.push(error) } });
    inline = await openDatabase({ kind: 'pglite' });
  }, 120_000);

  afterAll(async () => {
    await threaded?.close();
    await inline?.close();
    rmSync(dataDir, { recursive: true, force: true });
    expect(stops).toEqual([]);
  });

  const registration = (name: string) => ({
    secretHash: null,
    registration: registrationInputSchema.parse(recordFromBeforeConsent({ name })),
  });

  it('answers raw SQL and drizzle queries exactly as PGlite in this thread does', async () => {
    const typed = sql`select '2026-12-06T10:00:00Z'::timestamptz as at, '2026-12-06'::date as day, '1 day 2 hours'::interval as span,
      array[1.50, 2]::numeric[] as amounts, '{"a": [1, "x"]}'::jsonb as doc, 12345678901::bigint as big, null::text as nothing`;
    expect(await threaded.rows(typed)).toEqual(await inline.rows(typed));

    const [made] = await createRegistrations(threaded, [registration('Thread Child')]);
    const [alsoMade] = await createRegistrations(inline, [registration('Thread Child')]);
    expect(made?.status).toBe('created');
    const [stored] = await threaded.db.select().from(schema.registrations);
    const [storedInline] = await inline.db.select().from(schema.registrations);
    expect(stored?.name).toBe('Thread Child');
    // Same columns, same JavaScript types (dates as Date, JSON as objects) on both.
    const shape = (row: object | undefined) =>
      Object.fromEntries(Object.entries(row ?? {}).map(([key, value]) => [key, value instanceof Date ? 'Date' : value === null ? 'null' : typeof value]));
    expect(shape(stored)).toEqual(shape(storedInline));
    expect(alsoMade?.status).toBe('created');
  });

  it('commits a transaction, rolls one back on an error, and keeps a database error’s code', async () => {
    await threaded.rows(sql`create table thread_probe (id int primary key, note text)`);
    await threaded.db.transaction(async (tx) => {
      await tx.execute(sql`insert into thread_probe values (1, 'kept')`);
    });
    const failure = await threaded.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into thread_probe values (2, 'rolled back')`);
        await tx.execute(sql`insert into thread_probe values (1, 'a duplicate')`);
      })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    const cause = (failure as { cause?: { code?: string; constraint?: string } }).cause;
    expect(cause?.code).toBe('23505');
    expect(cause?.constraint).toBe('thread_probe_pkey');
    expect(await threaded.rows(sql`select id, note from thread_probe order by id`)).toEqual([{ id: 1, note: 'kept' }]);
  });

  it('keeps every other statement out while a transaction is open, as one connection does', async () => {
    await threaded.rows(sql`create table thread_order (id int)`);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const writing = threaded.db.transaction(async (tx) => {
      await tx.execute(sql`insert into thread_order values (1)`);
      entered();
      await held;
    });
    await inside;
    let counted: number | undefined;
    const reading = threaded.rows<{ n: number }>(sql`select count(*)::int as n from thread_order`).then(([row]) => (counted = row?.n));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(counted).toBeUndefined();
    release();
    await writing;
    await reading;
    expect(counted).toBe(1);
  });

  it('leaves the event loop free while a long statement runs', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    const started = performance.now();
    await threaded.rows(sql`select count(*) from generate_series(1, 4000000) as n where n % 7 = 3`);
    const took = performance.now() - started;
    clearInterval(timer);
    // The statement runs for hundreds of milliseconds; in this thread no timer could fire meanwhile.
    expect(took).toBeGreaterThan(100);
    expect(ticks).toBeGreaterThanOrEqual(Math.floor(took / 10 / 4));
  });

  it('answers a refused statement with the engine’s own error, and goes on answering', async () => {
    const error = await threaded.rows(sql`select * from no_such_table`).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    const cause = (error as { cause?: { code?: string; message?: string } }).cause ?? (error as { code?: string; message?: string });
    expect(cause.code).toBe('42P01');
    expect(cause.message).toContain('no_such_table');
    expect(await threaded.rows(sql`select 1 as one`)).toEqual([{ one: 1 }]);
  });
  /** A request to a small app with the server's request counting: its statements are a person's. */
  const asPerson = (statement: () => Promise<unknown>) =>
    new Hono()
      .use('*', countRequests())
      .get('/', async (c) => {
        await statement();
        return c.text('ok');
      })
      .request('/');

  it('starts a person’s statement before bulk work queued ahead of it', async () => {
    const finished: string[] = [];
    // Each bulk statement well under BULK_WAIT_MAX_MS (pglite-worker.ts), so none is overdue.
    const bulk = [1, 2, 3, 4].map((n) => threaded.rows(sql`select pg_sleep(0.1)`).then(() => finished.push(`bulk ${n}`)));
    await new Promise((resolve) => setTimeout(resolve, 30));
    // On a busy machine the timer can fire late, after a bulk statement or more have finished.
    const finishedBefore = finished.length;
    const person = asPerson(() => threaded.rows(sql`select 1 as one`).then(() => finished.push('person')));
    await Promise.all([...bulk, person]);
    // The person's went next, after the bulk statement already running, not behind the rest (first
    // come, first served would put it last). One more of slack: a bulk statement can have ended in
    // the database thread before this thread, busy, read its answer.
    expect(finished.indexOf('person')).toBeLessThanOrEqual(finishedBefore + 2);
    expect(finished.filter((done) => done !== 'person')).toEqual(['bulk 1', 'bulk 2', 'bulk 3', 'bulk 4']);
  });

  it('keeps a request’s statements together rather than let bulk work in between each', async () => {
    let bulkDone = 0;
    const bulk = Array.from({ length: 20 }, () => threaded.rows(sql`select pg_sleep(0.04)`).then(() => bulkDone++));
    await new Promise((resolve) => setTimeout(resolve, 10));
    let during = 0;
    await asPerson(async () => {
      const before = bulkDone;
      // One after another, each sent when the one before is answered, as a route's awaits do.
      for (let n = 0; n < 5; n++) await threaded.rows(sql`select ${n}::int as n`);
      during = bulkDone - before;
    });
    await Promise.all(bulk);
    // The bulk statement running when the request came, and at most one more, not one between each.
    expect(during).toBeLessThanOrEqual(2);
  });

  it('still moves bulk work on while people’s statements keep coming', async () => {
    // Four people asking again as soon as they are answered: one of theirs is always waiting.
    let streaming = true;
    const until = performance.now() + 3_000;
    const stream = Promise.all(
      [1, 2, 3, 4].map(async () => {
        while (streaming && performance.now() < until) await asPerson(() => threaded.rows(sql`select pg_sleep(0.02)`));
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = performance.now();
    await threaded.rows(sql`select 'bulk' as work`);
    const waited = performance.now() - started;
    streaming = false;
    await stream;
    // It waits a bounded time (a quarter of a second, and the statements running), not for the stream to end.
    expect(waited).toBeLessThan(1_000);
  });
});
