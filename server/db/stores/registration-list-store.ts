import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { isRealDay } from '@domain/dates';
import { CATEGORY_SLUGS } from '@domain/categories';
import { normalizeReferenceCode } from '@domain/reference-code';
import { REGISTRATION_SORTS, type RegistrationSort } from '@domain/registration-rules';
import { SEASON } from '@domain/season';
import type { Database } from '../client';
import { ApiError } from '../../lib/errors';
import { isStorableText } from '../../lib/storable-text';
import { ADMIN_REGISTRATION_COLUMNS, toAdminRegistration, type AdminRegistration, type AdminRegistrationRow } from './registration-row';
import { PAYMENT_STATUSES } from '@domain/fees';
import { PAYMENT_STATUS } from './payment-store';

const SORTS = REGISTRATION_SORTS;
export type Sort = RegistrationSort;

/**
 * Sort keys: never null (keyset row comparisons need that) and identical to the index
 * expressions in db/schema.ts, so ORDER BY ... LIMIT and the cursor walk an index.
 */
const SORT_KEYS: Record<Sort, SQL> = {
  name: sql`(coalesce(lower(r.name), '') collate "C")`,
  age: sql`(coalesce(r.age_in_months, -1))`,
  email: sql`(lower(r.email) collate "C")`,
  phone: sql`(r.phone collate "C")`,
  city: sql`(lower(r.city) collate "C")`,
  institute: sql`(coalesce(lower(r.institute_name), '') collate "C")`,
  categories: sql`r.categories`,
};

/** Prefix-searchable columns for one- and two-letter terms (the same indexes as the sorts). */
const PREFIX_KEYS = [SORT_KEYS.name, SORT_KEYS.email, SORT_KEYS.city, SORT_KEYS.institute];

const UNSEARCHABLE = 'Remove the hidden or broken characters from the search.';

export const listQuerySchema = z.object({
  q: z.string().max(200).refine(isStorableText, UNSEARCHABLE).optional().default(''),
  category: z.enum(CATEGORY_SLUGS, { error: 'Unknown category.' }).optional().or(z.literal('').transform(() => undefined)),
  city: z
    .string()
    .trim()
    .max(80)
    .refine(isStorableText, UNSEARCHABLE)
    .optional()
    .transform((v) => (v ? v : undefined)),
  duplicates: z.enum(['1', '0', 'true', 'false', '']).optional().transform((v) => v === '1' || v === 'true'),
  /** Registered on this day in Chennai (the overview's bars link here). */
  day: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'day is YYYY-MM-DD.')
    .refine(isRealDay, 'day is not a real date.')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  type: z.enum(['participant', 'institute'], { error: 'type is participant or institute.' }).optional().or(z.literal('').transform(() => undefined)),
  /** A baby's age in months (with category, the overview's age-band bars). */
  ageMonths: z.coerce.number().int().min(0).max(24).optional().or(z.literal('').transform(() => undefined)),
  /** Venue mode: checked in at any in-person session (yes) or not (no). */
  checkedIn: z.enum(['yes', 'no', ''], { error: 'checkedIn is yes or no.' }).optional().transform((v) => v || undefined),
  /** Venue mode: the cash fee paid, waived, or not recorded (unpaid). */
  fee: z.enum(['paid', 'waived', 'unpaid', ''], { error: 'fee is paid, waived or unpaid.' }).optional().transform((v) => v || undefined),
  /** The payment status the ledger gives (ADR 024). */
  payment: z
    .enum([...PAYMENT_STATUSES, ''], { error: `payment is one of ${PAYMENT_STATUSES.join(', ')}.` })
    .optional()
    .transform((v) => v || undefined),
  sort: z.enum(SORTS, { error: 'Unknown sort column.' }).optional().default('name'),
  dir: z.enum(['asc', 'desc'], { error: 'dir is asc or desc.' }).optional().default('asc'),
  cursor: z.string().max(2000).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional().default(50),
});
export type ListQuery = z.output<typeof listQuerySchema>;
export type ListFilters = Pick<ListQuery, 'q' | 'category' | 'city' | 'duplicates' | 'day' | 'type' | 'ageMonths'> &
  Partial<Pick<ListQuery, 'checkedIn' | 'fee' | 'payment'>>;

type SortValue = string | number | string[];
type Cursor = { s: Sort; d: 'asc' | 'desc'; k: SortValue; id: string; t: number; f: number };

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

/** A sort key as the database gave it: text it can hold, or an age in months (an int4). */
const cursorText = z.string().max(1000).refine(isStorableText);
const cursorSchema = z.object({
  s: z.enum(SORTS),
  d: z.enum(['asc', 'desc']),
  k: z.union([cursorText, z.number().int().min(-1).max(2 ** 31 - 1), z.array(cursorText.max(40)).min(1).max(20)]),
  id: z.uuid(),
  t: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  f: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
});

export function decodeCursor(raw: string, sort: Sort, dir: 'asc' | 'desc'): Cursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    parsed = null;
  }
  const result = cursorSchema.safeParse(parsed);
  if (!result.success || result.data.s !== sort || result.data.d !== dir) {
    throw new ApiError(400, 'bad_request', 'The page cursor is not valid for this sort. Start again from the first page.');
  }
  const { k } = result.data;
  const expected = sort === 'age' ? 'number' : sort === 'categories' ? 'array' : 'string';
  if ((Array.isArray(k) ? 'array' : typeof k) !== expected) {
    throw new ApiError(400, 'bad_request', 'The page cursor is not valid for this sort. Start again from the first page.');
  }
  return result.data;
}

function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/**
 * Search words, lower-cased, each with the spellings that count as a match: phone-like words
 * lose their dashes and brackets; a word that reads as a reference code typed loosely
 * ("7f3k9qx2", "ktc 7f3k-9qx2" is two words) also matches that code's canonical form.
 */
export function searchTerms(q: string): string[][] {
  return q
    .trim()
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 6)
    .map((term) => {
      if (/^\+?[\d\-().]+$/.test(term)) return [term.replace(/[-().]/g, '')];
      const code = /\d/.test(term) || term.startsWith('ktc') ? normalizeReferenceCode(term) : null;
      return code && code.toLowerCase() !== term ? [term, code.toLowerCase()] : [term];
    })
    .filter((spellings) => spellings[0] !== '');
}

function searchCondition(q: string): SQL | null {
  const terms = searchTerms(q);
  if (terms.length === 0) return null;
  if (terms.some(([t]) => (t ?? '').length >= 3)) {
    return sql.join(
      terms.map((spellings) => {
        const likes = spellings.map((t) => sql`r.search_text like ${`%${likeEscape(t)}%`}`);
        return likes.length === 1 ? (likes[0] as SQL) : sql`(${sql.join(likes, sql` or `)})`;
      }),
      sql` and `,
    );
  }
  return sql.join(
    terms.map(([t = '']) => {
      const prefix = `${likeEscape(t)}%`;
      return sql`(${sql.join(
        PREFIX_KEYS.map((key) => sql`${key} like ${prefix}`),
        sql` or `,
      )})`;
    }),
    sql` and `,
  );
}

/** Live rows matching the filters (deleted rows never appear in lists, counts or exports). */
export function filterCondition(filters: ListFilters): { from: SQL; where: SQL; filtered: boolean } {
  const parts: SQL[] = [sql`r.deleted_at is null`];
  const search = searchCondition(filters.q);
  if (search) parts.push(search);
  if (filters.category) parts.push(sql`r.categories @> array[${filters.category}]::text[]`);
  if (filters.city) parts.push(sql`${SORT_KEYS.city} = ${filters.city.toLowerCase()}`);
  if (filters.duplicates) parts.push(sql`r.is_duplicate`);
  if (filters.day) {
    parts.push(
      sql`r.created_at >= (${filters.day}::date::timestamp at time zone ${SEASON.timeZone}) and r.created_at < ((${filters.day}::date + 1)::timestamp at time zone ${SEASON.timeZone})`,
    );
  }
  if (filters.type) parts.push(sql`r.type = ${filters.type}`);
  if (filters.ageMonths !== undefined) parts.push(sql`r.age_unit = 'months' and r.age = ${filters.ageMonths}`);
  if (filters.checkedIn) {
    const checkedIn = sql`exists (select 1 from venue_check_ins ci where ci.registration_id = r.id)`;
    parts.push(filters.checkedIn === 'yes' ? checkedIn : sql`not ${checkedIn}`);
  }
  if (filters.fee === 'unpaid') parts.push(sql`not exists (select 1 from venue_fees f where f.registration_id = r.id)`);
  else if (filters.fee) parts.push(sql`exists (select 1 from venue_fees f where f.registration_id = r.id and f.status = ${filters.fee})`);
  if (filters.payment) parts.push(sql`${PAYMENT_STATUS} = ${filters.payment}`);
  return { from: filters.duplicates ? DUPLICATE_ROWS : sql`registrations r`, where: sql.join(parts, sql` and `), filtered: parts.length > 1 };
}

/**
 * Possible duplicates only, without reading the whole table: the duplicate keys used by more
 * than one live row come from registration_duplicate_keys (kept by triggers; a partial index
 * holds only those ~1% of keys), then each key's few rows are fetched through
 * registrations_duplicate_key. The lateral subquery is kept opaque
 * (offset 0) and the check sits in its select list, because a plain EXISTS filter was planned as a
 * hash join over every row (measured: ~6x slower at 100k rows).
 */
const DUPLICATE_ROWS = sql`(
    select k.duplicate_key from registration_duplicate_keys k where k.live > 1
  ) keys
  cross join lateral (
    select r0.*, exists (
      select 1 from registrations d
      where d.duplicate_key = r0.duplicate_key and d.id <> r0.id and d.deleted_at is null and d.categories && r0.categories
    ) as is_duplicate
    from registrations r0
    where r0.duplicate_key = keys.duplicate_key and r0.deleted_at is null
    offset 0
  ) r`;

function keyValueSql(sort: Sort, value: SortValue): SQL {
  if (sort === 'age') return sql`${value}::int`;
  if (sort === 'categories') return sql`string_to_array(${(value as string[]).join(',')}, ',')::text[]`;
  return sql`${value}::text`;
}

/**
 * Runs a list query. The duplicates plan is cheap (a few ms of index work) but its estimated
 * cost crosses Postgres' jit_above_cost, and JIT compilation then added ~0.5-1 s: switch JIT off
 * for that query only.
 */
async function runListQuery<T>(database: Database, filters: ListFilters, query: SQL): Promise<T[]> {
  if (!filters.duplicates) return database.rows<T>(query);
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    const result = (await tx.execute(query)) as unknown as T[] | { rows: T[] };
    return Array.isArray(result) ? result : result.rows;
  });
}

type PageRow = AdminRegistrationRow & { sortKey: SortValue };

/** One page in keyset order: rows strictly after (key, id) of the last row of the previous page. */
export async function fetchPage(
  database: Database,
  filters: ListFilters,
  order: { sort: Sort; dir: 'asc' | 'desc' },
  after: { k: SortValue; id: string } | null,
  limit: number,
): Promise<{ items: AdminRegistration[]; last: { k: SortValue; id: string } | null; more: boolean }> {
  const key = SORT_KEYS[order.sort];
  const { from, where } = filterCondition(filters);
  const direction = order.dir === 'asc' ? sql`asc` : sql`desc`;
  const keyset = after
    ? order.dir === 'asc'
      ? sql` and (${key}, r.id) > (${keyValueSql(order.sort, after.k)}, ${after.id}::uuid)`
      : sql` and (${key}, r.id) < (${keyValueSql(order.sort, after.k)}, ${after.id}::uuid)`
    : sql``;
  const rows = await runListQuery<PageRow>(database, filters, sql`
    select ${ADMIN_REGISTRATION_COLUMNS}, ${key} as "sortKey"
    from ${from}
    where ${where}${keyset}
    order by ${key} ${direction}, r.id ${direction}
    limit ${limit + 1}`);
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  const lastRow = page.at(-1);
  return {
    items: page.map(toAdminRegistration),
    last: lastRow ? { k: lastRow.sortKey, id: lastRow.id } : null,
    more,
  };
}

/** Live registrations: one row kept by triggers (migration registration_counter_triggers). */
export async function countLive(database: Database): Promise<number> {
  const [row] = await database.rows<{ n: number }>(sql`select live as n from registration_stats where id = 1`);
  return Number(row?.n ?? 0);
}

export async function countMatching(database: Database, filters: ListFilters): Promise<number> {
  const { from, where } = filterCondition(filters);
  const [row] = await runListQuery<{ n: number }>(database, filters, sql`select count(*)::int as n from ${from} where ${where}`);
  return Number(row?.n ?? 0);
}

export type ListResult = { items: AdminRegistration[]; total: number; filtered: number; nextCursor: string | null };

/**
 * The admin list. Counting is the expensive part at 100k rows, so counts are taken on the first
 * page only (no cursor: the filters just changed) and carried inside the opaque cursor after that.
 */
export async function listRegistrations(database: Database, query: ListQuery): Promise<ListResult> {
  const order = { sort: query.sort, dir: query.dir };
  const cursor = query.cursor ? decodeCursor(query.cursor, query.sort, query.dir) : null;
  const { filtered: hasFilters } = filterCondition(query);
  const countsPromise: Promise<{ total: number; filtered: number }> = cursor
    ? Promise.resolve({ total: cursor.t, filtered: cursor.f })
    : Promise.all([countLive(database), hasFilters ? countMatching(database, query) : null]).then(([total, filtered]) => ({
        total,
        filtered: filtered ?? total,
      }));
  const [page, counts] = await Promise.all([fetchPage(database, query, order, cursor, query.limit), countsPromise]);
  const nextCursor =
    page.more && page.last
      ? encodeCursor({ s: query.sort, d: query.dir, k: page.last.k, id: page.last.id, t: counts.total, f: counts.filtered })
      : null;
  return { items: page.items, total: counts.total, filtered: counts.filtered, nextCursor };
}

/** Every matching row in sort order, a batch at a time (for CSV export without holding 100k rows). */
export async function* allMatching(
  database: Database,
  filters: ListFilters,
  order: { sort: Sort; dir: 'asc' | 'desc' },
  batchSize = 1000,
): AsyncGenerator<AdminRegistration[]> {
  let after: { k: SortValue; id: string } | null = null;
  for (;;) {
    const page = await fetchPage(database, filters, order, after, batchSize);
    if (page.items.length > 0) yield page.items;
    if (!page.more || !page.last) return;
    after = page.last;
  }
}

/** Distinct cities of live registrations, read as a skip scan over the city index. */
export async function listCities(database: Database): Promise<string[]> {
  const rows = await database.rows<{ city: string }>(sql`
    with recursive keys as (
      (select (lower(city) collate "C") as k from registrations order by 1 limit 1)
      union all
      select (select (lower(r.city) collate "C") from registrations r
              where (lower(r.city) collate "C") > keys.k order by 1 limit 1)
      from keys where keys.k is not null
    )
    select (select r.city from registrations r
            where (lower(r.city) collate "C") = keys.k and r.deleted_at is null
            order by (lower(r.city) collate "C"), r.id limit 1) as city
    from keys where keys.k is not null`);
  return rows.map((r) => r.city).filter((c): c is string => typeof c === 'string');
}
