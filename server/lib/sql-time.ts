import { sql, type SQL } from 'drizzle-orm';

/**
 * How the server writes times as text, in one place. Raw SQL because the text must be the same
 * on PGlite and Postgres whatever the session's time zone, and drizzle returns timestamptz
 * columns as the driver's own text. A column given as a string is our own SQL (a column name or
 * expression), never input.
 */

const ISO_MS = 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"';
const ISO_US = 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"';

function utcText(column: SQL | string, format: string): SQL {
  return sql`to_char(${typeof column === 'string' ? sql.raw(column) : column} at time zone 'UTC', ${sql.raw(`'${format}'`)})`;
}

/** ISO 8601 in UTC with milliseconds ("2026-11-23T12:00:00.000Z"); null stays null. */
export function isoTime(column: SQL | string): SQL {
  return utcText(column, ISO_MS);
}

/** The same with its full microseconds, for keyset cursors: a cursor never skips rows created in the same ms. */
export function preciseTime(column: SQL | string): SQL {
  return utcText(column, ISO_US);
}

/** `preciseTime` as plain SQL text, for the statements db:copy writes itself (one per table). */
export function preciseTimeText(quotedColumn: string): string {
  return `to_char(${quotedColumn} at time zone 'UTC', '${ISO_US}')`;
}
