import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { ApiError } from './errors';

/** The simple admin lists page newest first, by (created_at, id), `PAGE_SIZE` at a time. */
export const PAGE_SIZE = 50;

/** created_at with its full microseconds, so a cursor never skips rows created in the same ms. */
export function preciseTime(column: SQL): SQL {
  return sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

const cursorSchema = z.tuple([z.string().regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/), z.string().min(1).max(64)]);

export function encodeCreatedAtCursor(createdAt: string, id: string): string {
  return Buffer.from(JSON.stringify([createdAt, id])).toString('base64url');
}

export function decodeCreatedAtCursor(raw: string | undefined): { createdAt: string; id: string } | null {
  if (!raw) return null;
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    parsed = null;
  }
  const result = cursorSchema.safeParse(parsed);
  if (!result.success) throw new ApiError(400, 'bad_request', 'The page cursor is not valid. Start again from the first page.');
  return { createdAt: result.data[0], id: result.data[1] };
}

/** `and (created_at, id) < (cursor)` for table alias `t`, or nothing on the first page. */
export function olderThan(cursor: { createdAt: string; id: string } | null, idType: 'uuid' | 'bigint'): SQL {
  if (!cursor) return sql``;
  const id = idType === 'uuid' ? sql`${cursor.id}::uuid` : sql`${cursor.id}::bigint`;
  return sql` and (t.created_at, t.id) < (${cursor.createdAt}::timestamptz, ${id})`;
}

/** Cuts the extra row fetched to know whether another page exists and builds its cursor. */
export function pageOf<T extends { id: string | number; cursorTime: string }>(
  rows: T[],
): { items: Omit<T, 'cursorTime'>[]; nextCursor: string | null } {
  const more = rows.length > PAGE_SIZE;
  const page = more ? rows.slice(0, PAGE_SIZE) : rows;
  const last = page.at(-1);
  return {
    items: page.map(({ cursorTime: _cursorTime, ...item }) => item),
    nextCursor: more && last ? encodeCreatedAtCursor(last.cursorTime, String(last.id)) : null,
  };
}
