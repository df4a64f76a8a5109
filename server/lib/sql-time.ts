import { sql, type SQL } from 'drizzle-orm';

/**
 * How the API writes times, in one place. Raw SQL because the text must be the same on PGlite
 * and Postgres whatever the session's time zone, and drizzle returns timestamptz columns as the
 * driver's own text.
 */

/** ISO 8601 in UTC with milliseconds ("2026-11-23T12:00:00.000Z"); null stays null. */
export function isoTime(column: SQL): SQL {
  return sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/** The same with its full microseconds, for keyset cursors: a cursor never skips rows created in the same ms. */
export function preciseTime(column: SQL): SQL {
  return sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}
