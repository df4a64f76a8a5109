import { parentPort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import type { PGlite, Results, Transaction } from '@electric-sql/pglite';
import { createPglite } from './pglite-open';
import type { DatabaseThreadReply, DatabaseThreadRequest, ThreadError } from './pglite-thread';

/**
 * The database thread (ADR 035): PGlite runs its WebAssembly Postgres synchronously, so each
 * statement held the event loop that answers people for as long as it ran. Here it holds this
 * thread instead; `pglite-thread.ts` is the other end. One PGlite, one connection, as before:
 * PGlite's own lock still runs one statement or transaction at a time.
 */

type Open = { tx: Transaction; finish(commit: boolean): void; settled: Promise<void> };

if (!parentPort) throw new Error('pglite-worker.ts runs as a worker thread (see pglite-thread.ts).');
const port = parentPort;

const { dataDir } = workerData as { dataDir: string | undefined };
const transactions = new Map<number, Open>();
let nextTransaction = 1;

/** A transaction ended by its caller's failure: PGlite rolls back on any error its callback throws. */
class RolledBack extends Error {}

function threadError(error: unknown): ThreadError {
  if (!(error instanceof Error)) return { message: String(error) };
  // A database error's fields (code, detail, constraint, table, ...) are own properties; the
  // structured clone keeps only message and name of an Error, so they travel as plain data.
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === 'function' || typeof value === 'object') continue;
    fields[key] = value;
  }
  return { ...fields, message: error.message, name: error.name };
}

function begin(pglite: PGlite): Promise<number> {
  return new Promise((begun, failed) => {
    const id = nextTransaction++;
    const open = {} as Open;
    const ended = new Promise<boolean>((resolve) => {
      open.finish = resolve;
    });
    let started = false;
    open.settled = pglite
      .transaction(async (tx) => {
        started = true;
        open.tx = tx;
        transactions.set(id, open);
        begun(id);
        if (!(await ended)) throw new RolledBack();
      })
      .then(
        () => undefined,
        (error: unknown) => {
          // BEGIN itself failed: the caller's begin fails. A rollback the caller asked for is no error.
          if (!started) return failed(error);
          if (!(error instanceof RolledBack)) throw error;
        },
      )
      .finally(() => transactions.delete(id));
  });
}

async function end(id: number, commit: boolean): Promise<void> {
  const open = transactions.get(id);
  if (!open) throw new Error(`No open transaction ${id} in the database thread.`);
  open.finish(commit);
  await open.settled;
}

function target(pglite: PGlite, id: number | undefined): PGlite | Transaction {
  if (id === undefined) return pglite;
  const open = transactions.get(id);
  if (!open) throw new Error(`No open transaction ${id} in the database thread.`);
  return open.tx;
}

/** Types the caller parses itself (drizzle keeps dates and intervals as Postgres wrote them). */
function keepText(types: number[] | undefined) {
  if (!types || types.length === 0) return undefined;
  return Object.fromEntries(types.map((type) => [type, (text: string) => text]));
}

/** What crosses back to the server's thread of a result: its rows, columns and count. */
const copyable = (result: Results<unknown>) => ({ rows: result.rows, fields: result.fields, affectedRows: result.affectedRows });

async function answer(pglite: PGlite, request: DatabaseThreadRequest): Promise<unknown> {
  switch (request.op) {
    case 'query': {
      const parsers = keepText(request.textTypes);
      const result = await target(pglite, request.tx).query(request.sql, request.params, {
        ...(request.rowMode ? { rowMode: request.rowMode } : {}),
        ...(parsers ? { parsers } : {}),
      });
      return copyable(result);
    }
    case 'exec':
      return (await target(pglite, request.tx).exec(request.sql)).map(copyable);
    case 'begin':
      return begin(pglite);
    case 'end':
      return end(request.tx, request.commit);
    case 'close':
      if (!pglite.closed) await pglite.close();
      return undefined;
  }
}

/**
 * The order statements start in. PGlite runs one statement, or one transaction, at a time, in the
 * order they reach it: a person's request waited behind every piece of bulk work queued before it
 * (a publish, the emails, an import, each cut into pieces of ~50 ms). Here each waits in one of two
 * queues, and the next to start is a person's, unless bulk work has had no turn for
 * BULK_WAIT_MAX_MS (a steady stream of people never stops the emails, and a backlog of bulk work
 * gets one turn then, not all). A transaction holds the engine from its BEGIN to its end; its own
 * statements, and its end, run as they come.
 */
const BULK_WAIT_MAX_MS = 250;
/**
 * A request is several statements, each sent when the one before is answered: right after a
 * person's statement the engine waits this long for their next before starting bulk work, which
 * would hold it for up to a piece's ~50 ms.
 */
const PERSON_NEXT_MS = 2;

type Waiting = { request: DatabaseThreadRequest; since: number };

const queues = { people: [] as Waiting[], bulk: [] as Waiting[] };
/** A statement outside any transaction, or a transaction, holds the engine. */
let engineHeld = false;
/** Until when bulk work waits for a person's next statement, and the timer that ends the wait. */
let personNextUntil = 0;
let personNextTimer: NodeJS.Timeout | undefined;

/** When bulk work last started a statement: it gets a turn at least every BULK_WAIT_MAX_MS. */
let bulkLastStarted = 0;

function nextToStart(): Waiting | undefined {
  const bulk = queues.bulk[0];
  const bulkOverdue = bulk !== undefined && performance.now() - Math.max(bulk.since, bulkLastStarted) > BULK_WAIT_MAX_MS;
  if (queues.people.length > 0 && !bulkOverdue) return queues.people.shift();
  if (!bulk) return undefined;
  const waitFor = personNextUntil - performance.now();
  if (waitFor > 0 && !bulkOverdue) {
    personNextTimer ??= setTimeout(() => {
      personNextTimer = undefined;
      startNext();
    }, waitFor);
    return undefined;
  }
  bulkLastStarted = performance.now();
  return queues.bulk.shift();
}

function startNext(): void {
  if (engineHeld) return;
  // What arrived while the last statement held this thread is still in the port: read it first,
  // so a person's statement sent meanwhile is seen before the next bulk one starts.
  for (let arrived = receiveMessageOnPort(port); arrived; arrived = receiveMessageOnPort(port)) accept(arrived.message as DatabaseThreadRequest);
  const waiting = nextToStart();
  if (!waiting) return;
  engineHeld = true;
  const { request } = waiting;
  // A transaction keeps the engine until its end arrives (see `release` below); anything else, until it is answered.
  run(request, (ok) => {
    if (request.op !== 'begin' || !ok) release(request.people);
  });
}

function release(people = false): void {
  engineHeld = false;
  if (people) personNextUntil = performance.now() + PERSON_NEXT_MS;
  startNext();
}

const pglite = await createPglite(dataDir);
const reply = (message: DatabaseThreadReply) => port.postMessage(message);

function run(request: DatabaseThreadRequest, settled: (ok: boolean) => void = () => {}): void {
  answer(pglite, request).then(
    (value) => {
      reply({ id: request.id, ok: true, value });
      settled(true);
    },
    (error: unknown) => {
      reply({ id: request.id, ok: false, error: threadError(error) });
      settled(false);
    },
  );
}

/** A transaction's own statements and its end run at once (it holds the engine); the rest wait their turn. */
function accept(request: DatabaseThreadRequest): void {
  if (request.op === 'end') return run(request, () => release(request.people));
  if (request.op === 'close' || ('tx' in request && request.tx !== undefined)) return run(request);
  (request.people ? queues.people : queues.bulk).push({ request, since: performance.now() });
}

port.on('message', (request: DatabaseThreadRequest) => {
  accept(request);
  startNext();
});
port.postMessage({ ready: true });
