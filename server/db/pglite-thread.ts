import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import { isPeoplesWork } from '../lib/people-first';

/**
 * PGlite in its own thread (issue 47, ADR 035). PGlite runs Postgres as WebAssembly, synchronously:
 * in the server's thread every statement held the event loop for as long as it ran, so a publish's
 * or an import's statements made every request wait, even one that needs no database. Here the
 * engine lives in a worker thread (`pglite-worker.ts`) and this thread only waits for answers.
 *
 * `PgliteThread` is what drizzle and the backup use of a PGlite: `query`, `exec`, `transaction`,
 * `close` and `closed`. A transaction stays open in the database thread while its callback runs
 * here; PGlite's lock keeps every other statement out meanwhile, as it did in one thread.
 *
 * Differences a caller can notice: results and errors are copied between threads (an error keeps
 * its message, name and its own plain fields: code, detail, constraint, ...); a parser passed in a
 * query's options receives the column's text, as Postgres wrote it, and runs in this thread.
 */

export type ThreadError = { message: string; name?: string; [field: string]: unknown };

/**
 * `people` marks a statement or transaction a person's request waits for: the database thread
 * starts those before bulk work's (see `pglite-worker.ts`). Statements inside an open transaction
 * run as they come.
 */
export type DatabaseThreadRequest = { id: number; people?: boolean } & (
  | { op: 'query'; sql: string; params?: unknown[]; rowMode?: 'array' | 'object'; textTypes?: number[]; tx?: number }
  | { op: 'exec'; sql: string; tx?: number }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'close' }
);

export type DatabaseThreadReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: ThreadError };

type Request = DatabaseThreadRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id' | 'people'> : never) : never;

/** The part of PGlite's transaction the server uses. */
export type ThreadTransaction = {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
  readonly closed: boolean;
};

/** An error the database thread answered, with the fields the engine gave it. */
export class DatabaseThreadError extends Error {
  constructor(error: ThreadError) {
    super(error.message);
    const { message: _message, name, ...fields } = error;
    Object.assign(this, fields);
    if (name) this.name = name;
  }
}

const COMPILED_WORKER = fileURLToPath(new URL('./pglite-worker.js', import.meta.url));
/** The TypeScript worker through tsx, for `npm run dev` and the tests. */
const SOURCE_WORKER = fileURLToPath(new URL('./pglite-worker-dev.mjs', import.meta.url));

export class PgliteThread {
  #worker: Worker;
  #pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  #nextId = 1;
  #closed = false;
  #stopped: Error | null = null;
  #onStop: ((error: Error) => void) | undefined;

  private constructor(worker: Worker, onStop: ((error: Error) => void) | undefined) {
    this.#worker = worker;
    this.#onStop = onStop;
  }

  /**
   * Starts the database thread on `dataDir` (in memory when undefined) and waits until PGlite is
   * open. `onStop` hears of a thread that ended without `close()`: every query after it fails.
   */
  static async start(dataDir: string | undefined, onStop?: (error: Error) => void): Promise<PgliteThread> {
    // This thread's JavaScript holds only the statements in flight and their results (the stores
    // read big tables in pages); its WebAssembly memory is outside this cap.
    const options = { workerData: { dataDir }, resourceLimits: { maxOldGenerationSizeMb: 128, maxYoungGenerationSizeMb: 12 } };
    const worker = new Worker(existsSync(COMPILED_WORKER) ? COMPILED_WORKER : SOURCE_WORKER, options);
    const thread = new PgliteThread(worker, onStop);
    await new Promise<void>((ready, failed) => {
      const early = (error: Error) => failed(error);
      const exited = (code: number) => failed(new Error(`The database thread stopped while opening (exit code ${code}).`));
      worker.once('error', early);
      worker.once('exit', exited);
      worker.once('message', () => {
        worker.off('error', early);
        worker.off('exit', exited);
        ready();
      });
    });
    worker.on('message', (reply: DatabaseThreadReply) => thread.#settle(reply));
    worker.on('error', (error) => thread.#stop(error));
    worker.on('exit', (code) => thread.#stop(new Error(`The database thread stopped (exit code ${code}).`)));
    return thread;
  }

  get closed(): boolean {
    return this.#closed;
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#query<T>(sql, params, options, undefined);
  }

  exec(sql: string): Promise<Results[]> {
    return this.#exec(sql, undefined);
  }

  async transaction<T>(work: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const tx = (await this.#call({ op: 'begin' })) as number;
    let ended = false;
    const open = (): void => {
      if (ended) throw new Error('Transaction is closed');
    };
    const handle: ThreadTransaction = {
      query: <R>(sql: string, params?: unknown[], options?: QueryOptions) => {
        open();
        return this.#query<R>(sql, params, options, tx);
      },
      exec: (sql: string) => {
        open();
        return this.#exec(sql, tx);
      },
      get closed() {
        return ended;
      },
    };
    let value: T;
    try {
      value = await work(handle);
    } catch (error) {
      ended = true;
      // Rolled back; a failure to roll back (the thread gone) is not the error the caller needs.
      await this.#call({ op: 'end', tx, commit: false }).catch(() => {});
      throw error;
    }
    ended = true;
    await this.#call({ op: 'end', tx, commit: true });
    return value;
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    if (!this.#stopped) await this.#call({ op: 'close' });
    this.#closed = true;
    await this.#worker.terminate();
  }

  async #query<T>(sql: string, params: unknown[] | undefined, options: QueryOptions | undefined, tx: number | undefined): Promise<Results<T>> {
    const parsers = options?.parsers;
    const textTypes = parsers ? Object.keys(parsers).map(Number) : undefined;
    const result = (await this.#call({
      op: 'query',
      sql,
      ...(params ? { params } : {}),
      ...(options?.rowMode ? { rowMode: options.rowMode } : {}),
      ...(textTypes ? { textTypes } : {}),
      ...(tx === undefined ? {} : { tx }),
    })) as Results<T>;
    if (parsers) parseColumns(result, parsers, options?.rowMode ?? 'object');
    return result;
  }

  #exec(sql: string, tx: number | undefined): Promise<Results[]> {
    return this.#call({ op: 'exec', sql, ...(tx === undefined ? {} : { tx }) }) as Promise<Results[]>;
  }

  #call(request: Request): Promise<unknown> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    if (this.#closed) return Promise.reject(new Error('PGlite is closed'));
    const id = this.#nextId++;
    const people = isPeoplesWork();
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ ...request, id, ...(people ? { people } : {}) });
    });
  }

  #settle(reply: DatabaseThreadReply): void {
    const waiting = this.#pending.get(reply.id);
    if (!waiting) return;
    this.#pending.delete(reply.id);
    if (reply.ok) waiting.resolve(reply.value);
    else waiting.reject(new DatabaseThreadError(reply.error));
  }

  #stop(cause: Error): void {
    if (this.#stopped || this.#closed) return;
    // Postgres's crash_shutdown: callers treat it as the database being unavailable (a 503).
    this.#stopped = Object.assign(new Error(`The database thread stopped: ${cause.message}`), { code: '57P02', cause });
    for (const waiting of this.#pending.values()) waiting.reject(this.#stopped);
    this.#pending.clear();
    this.#onStop?.(this.#stopped);
  }
}

/** Runs the caller's parsers on the columns of their types, as PGlite would have. */
function parseColumns(result: Results<unknown>, parsers: NonNullable<QueryOptions['parsers']>, rowMode: 'array' | 'object'): void {
  const columns = (result.fields ?? []).flatMap((field, index) => {
    const parse = parsers[field.dataTypeID] as ((text: string, type: number) => unknown) | undefined;
    return parse ? [{ index, name: field.name, type: field.dataTypeID, parse }] : [];
  });
  if (columns.length === 0) return;
  for (const row of result.rows as Array<Record<string, unknown> | unknown[]>) {
    for (const column of columns) {
      if (rowMode === 'array') {
        const values = row as unknown[];
        if (values[column.index] !== null) values[column.index] = column.parse(values[column.index] as string, column.type);
      } else {
        const record = row as Record<string, unknown>;
        if (record[column.name] !== null) record[column.name] = column.parse(record[column.name] as string, column.type);
      }
    }
  }
}
