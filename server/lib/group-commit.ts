import type { Database } from '../db/client';
import { plural } from '@domain/plural';

/**
 * Group commit for one kind of write (ADR 025). Callers that arrive in the same turn of the event
 * loop, or while the statements in flight run, go to the database together in one statement; on a
 * quiet server a caller waits one turn of the event loop and goes alone. Each caller still gets its
 * own answer only once its statement has committed: nothing is acknowledged before it is stored.
 *
 * One statement per group instead of one per caller is what makes concurrent single writes
 * cheap: the statement-level triggers, the round trip to the database and its commit are paid
 * once per group (issue 28).
 *
 * When a group's statement fails, every caller in it is written again on its own, so one
 * caller's bad input or bad luck never fails the others' requests.
 */
export function groupCommit<I, O>(options: {
  /** Writes the items together; answers in the items' order. */
  writeAll: (items: I[]) => Promise<O[]>;
  /** Most items in one statement; more wait for the next one. */
  maxItems: number;
  /** Statements in flight at once: 1 for PGlite's one connection, a few for a Postgres pool. */
  maxInFlight: number;
}): (item: I) => Promise<O> {
  type Waiting = { item: I; resolve: (value: O) => void; reject: (error: unknown) => void };
  let waiting: Waiting[] = [];
  let inFlight = 0;

  async function writeGroup(group: Waiting[]): Promise<void> {
    try {
      const answers = await options.writeAll(group.map((w) => w.item));
      if (answers.length !== group.length) throw new Error(`a group of ${group.length} got ${plural(answers.length, { one: '# answer', other: '# answers' })}`);
      group.forEach((w, i) => w.resolve(answers[i] as O));
    } catch (error) {
      if (group.length === 1) {
        group[0]?.reject(error);
        return;
      }
      // Alone, each caller gets its own answer or its own error.
      for (const w of group) {
        await options.writeAll([w.item]).then(
          ([answer]) => w.resolve(answer as O),
          (single: unknown) => w.reject(single),
        );
      }
    }
  }

  async function drain(): Promise<void> {
    try {
      while (waiting.length > 0) {
        const group = waiting.slice(0, options.maxItems);
        waiting = waiting.slice(group.length);
        await writeGroup(group);
      }
    } finally {
      inFlight--;
    }
  }

  return (item) =>
    new Promise<O>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      if (inFlight < options.maxInFlight) {
        inFlight++;
        // One turn of the event loop first: callers whose requests arrived together join this
        // statement. (PGlite in this thread, as in the tests and commands, runs a statement
        // without yielding: without this turn the next caller could only ever arrive after the
        // statement it should have shared.)
        setImmediate(() => void drain());
      }
    });
}

/**
 * One group commit per database, made the first time a database asks for it: `make` gets the
 * database and how many statements may run side by side on it (PGlite runs one at a time).
 */
export function groupCommitPerDatabase<T>(make: (database: Database, maxInFlight: number) => T): (database: Database) => T {
  const made = new WeakMap<Database, T>();
  return (database) => {
    let forDatabase = made.get(database);
    if (forDatabase === undefined) {
      forDatabase = make(database, database.kind === 'pglite' ? 1 : 4);
      made.set(database, forDatabase);
    }
    return forDatabase;
  };
}
