import { parentPort, workerData } from 'node:worker_threads';
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

const port = parentPort;
if (!port) throw new Error('pglite-worker.ts runs as a worker thread (see pglite-thread.ts).');

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

const pglite = await createPglite(dataDir);
const reply = (message: DatabaseThreadReply) => port.postMessage(message);
port.on('message', (request: DatabaseThreadRequest) => {
  answer(pglite, request).then(
    (value) => reply({ id: request.id, ok: true, value }),
    (error: unknown) => reply({ id: request.id, ok: false, error: threadError(error) }),
  );
});
port.postMessage({ ready: true });
