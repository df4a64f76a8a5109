import { sql, type SQL } from 'drizzle-orm';
import { ApiError } from './errors';
import { isUuid } from './validators';

/** The simple admin lists page newest first, by (created_at, id), `PAGE_SIZE` at a time. */
export const PAGE_SIZE = 50;

export { preciseTime } from './sql-time';
const BIGINT_MAX = 9223372036854775807n;

/** A real instant, written as preciseTime writes it: no 31 February, no hour 24, no year 0. */
function isRealTime(text: string): boolean {
  const match = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)\.\d{6}Z$/.exec(text);
  if (!match) return false;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [number, number, number, number, number, number];
  const daysInMonth = new Date(Date.UTC(2000, month, 0)).getUTCDate() - (month === 2 && !isLeapYear(year) ? 1 : 0);
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth && hour <= 23 && minute <= 59 && second <= 59;
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function isIdOf(type: IdType, id: string): boolean {
  if (type === 'uuid') return isUuid(id);
  return /^\d{1,19}$/.test(id) && BIGINT_MAX >= BigInt(id);
}

type IdType = 'uuid' | 'bigint';

export type CreatedAtCursor = { createdAt: string; id: string };

export function encodeCreatedAtCursor(createdAt: string, id: string): string {
  return Buffer.from(JSON.stringify([createdAt, id])).toString('base64url');
}

/** The cursor of a list keyed by an id of `idType`, or null on the first page; 400 for anything else. */
export function decodeCreatedAtCursor(raw: string | undefined, idType: IdType): { createdAt: string; id: string } | null {
  if (raw === undefined || raw === '') return null;
  let parsed: unknown = null;
  try {
    parsed = raw.length <= 500 ? JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) : null;
  } catch {
    parsed = null;
  }
  const [createdAt, id] = Array.isArray(parsed) && parsed.length === 2 ? parsed : [];
  if (typeof createdAt !== 'string' || typeof id !== 'string' || !isRealTime(createdAt) || !isIdOf(idType, id)) {
    throw new ApiError(400, 'bad_request', 'The page cursor is not valid. Start again from the first page.');
  }
  return { createdAt, id };
}

/** `and (created_at, id) < (cursor)` for table alias `t`, or nothing on the first page. */
export function olderThan(cursor: { createdAt: string; id: string } | null, idType: IdType): SQL {
  if (!cursor) return sql``;
  const id = idType === 'uuid' ? sql`${cursor.id}::uuid` : sql`${cursor.id}::bigint`;
  return sql` and (t.created_at, t.id) < (${cursor.createdAt}::timestamptz, ${id})`;
}

/** Cuts the extra row fetched to know whether another page exists (`size` + 1 were asked for) and builds its cursor. */
export function pageOf<T extends { id: string | number; cursorTime: string }>(
  rows: T[],
  size = PAGE_SIZE,
): { items: Omit<T, 'cursorTime'>[]; nextCursor: string | null } {
  const more = rows.length > size;
  const page = more ? rows.slice(0, size) : rows;
  const last = page.at(-1);
  return {
    items: page.map(({ cursorTime: _cursorTime, ...item }) => item),
    nextCursor: more && last ? encodeCreatedAtCursor(last.cursorTime, String(last.id)) : null,
  };
}
