import { sql, type SQL } from 'drizzle-orm';
import postgres from 'postgres';
import { preciseTimeText } from '../lib/sql-time';
import { openDatabase, type Database } from './client';
import { plural } from '@domain/plural';

/**
 * Copies every table of the embedded database into an empty Postgres database that has the same
 * migrations, then proves the copy: row counts and a checksum per table, computed by each
 * database over what it stores. Rows are copied exactly, triggers off, so the counter tables
 * (migrations 0004/0005) arrive as they were; their totals are then checked against the rows.
 */

export type TableCheck = { table: string; sourceRows: number; targetRows: number; sourceChecksum: string; targetChecksum: string };

export class CopyMismatchError extends Error {
  constructor(readonly checks: TableCheck[]) {
    const bad = checks.filter((c) => c.sourceRows !== c.targetRows || c.sourceChecksum !== c.targetChecksum).map((c) => c.table);
    super(`The copy does not match the source in: ${bad.join(', ')}.`);
    this.name = 'CopyMismatchError';
  }
}

type Column = { name: string; type: string; generated: boolean; sequence: string | null };
type Table = { name: string; columns: Column[]; primaryKey: string[] };

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

type Read = (text: string) => Promise<Record<string, unknown>[]>;

/** Reads the schema as the database itself describes it, so a new table is copied without code changes. */
async function describeTables(read: Read): Promise<Table[]> {
  const columns = (await read(`
    select c.table_name as t, c.column_name as name, c.data_type as type, c.is_generated = 'ALWAYS' as generated,
           pg_get_serial_sequence(quote_ident(c.table_name), c.column_name) as sequence
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
    order by c.table_name, c.ordinal_position`)) as Array<{ t: string } & Column>;
  const keys = (await read(`
    select cl.relname as t, a.attname as name
    from pg_index i join pg_class cl on cl.oid = i.indrelid join pg_namespace n on n.oid = cl.relnamespace
    join lateral unnest(i.indkey) with ordinality as k(attnum, position) on true
    join pg_attribute a on a.attrelid = cl.oid and a.attnum = k.attnum
    where i.indisprimary and n.nspname = 'public'
    order by cl.relname, k.position`)) as Array<{ t: string; name: string }>;
  const tables = new Map<string, Table>();
  for (const c of columns) {
    const table = tables.get(c.t) ?? { name: c.t, columns: [], primaryKey: [] };
    table.columns.push({ name: c.name, type: c.type, generated: c.generated, sequence: c.sequence });
    tables.set(c.t, table);
  }
  for (const k of keys) tables.get(k.t)?.primaryKey.push(k.name);
  for (const table of tables.values()) {
    if (table.primaryKey.length === 0) throw new Error(`Table ${table.name} has no primary key; the copy cannot page through it.`);
  }
  return [...tables.values()];
}

/** Parents before children, following the foreign keys. */
async function dependencyOrder(tables: Table[], read: Read): Promise<Table[]> {
  const edges = (await read(`
    select child.relname as child, parent.relname as parent from pg_constraint f
    join pg_class child on child.oid = f.conrelid join pg_class parent on parent.oid = f.confrelid
    join pg_namespace n on n.oid = child.relnamespace
    where f.contype = 'f' and n.nspname = 'public'`)) as Array<{ child: string; parent: string }>;
  const ordered: Table[] = [];
  const placed = new Set<string>();
  const byName = new Map(tables.map((t) => [t.name, t]));
  const visit = (name: string, path: string[]) => {
    if (placed.has(name)) return;
    if (path.includes(name)) throw new Error(`Foreign keys form a cycle: ${[...path, name].join(' -> ')}`);
    for (const e of edges) if (e.child === name && e.parent !== name) visit(e.parent, [...path, name]);
    const table = byName.get(name);
    if (table) ordered.push(table);
    placed.add(name);
  };
  for (const t of [...tables].sort((a, b) => a.name.localeCompare(b.name))) visit(t.name, []);
  return ordered;
}

/**
 * Count and checksum of the stored columns. Each row becomes text (times in UTC, so the
 * sessions' time zones cannot differ), its md5 is taken, and the sorted md5s are hashed again:
 * independent of row order and of either side's collation.
 */
function checksumQuery(table: Table): string {
  const parts = table.columns
    .filter((c) => !c.generated)
    .map((c) =>
      c.type === 'timestamp with time zone' ? preciseTimeText(quote(c.name)) : quote(c.name),
    );
  return `select count(*)::int as n, md5(coalesce(string_agg(h, '' order by h), '')) as checksum
    from (select md5(row(${parts.join(', ')})::text) as h from ${quote(table.name)}) rows`;
}

/** Rows in the target that would make it not empty (the counter row migration 0005 seeds is not data). */
async function targetRows(client: postgres.Sql, tables: Table[]): Promise<string[]> {
  const busy: string[] = [];
  for (const table of tables) {
    const [row] = await client.unsafe<{ n: number }[]>(
      table.name === 'registration_stats'
        ? `select count(*)::int as n from registration_stats where live <> 0`
        : `select count(*)::int as n from ${quote(table.name)}`,
    );
    if ((row?.n ?? 0) > 0) busy.push(`${table.name} (${plural(row?.n ?? 0, { one: '# row', other: '# rows' })})`);
  }
  return busy;
}

export async function copyToPostgres(
  source: Database,
  targetUrl: string,
  say: (line: string) => void = () => {},
): Promise<TableCheck[]> {
  const readSource: Read = (text) => source.rows<Record<string, unknown>>(sql.raw(text));
  const tables = await dependencyOrder(await describeTables(readSource), readSource);

  // Refuse a database that holds anything that is not ours before creating tables in it.
  const probe = postgres(targetUrl, { max: 1, onnotice: () => {}, connect_timeout: 10 });
  try {
    const foreign = await probe<{ name: string }[]>`
      select table_schema || '.' || table_name as name from information_schema.tables
      where table_schema not in ('pg_catalog', 'information_schema', 'drizzle')
        and not (table_schema = 'public' and table_name = any(${tables.map((t) => t.name)}))`;
    if (foreign.length > 0) {
      throw new Error(`The target database is not empty (it holds ${foreign.map((f) => f.name).slice(0, 5).join(', ')}). Use a new, empty database.`);
    }
  } finally {
    await probe.end({ timeout: 2 });
  }

  say('Applying the migrations to the target ...');
  await (await openDatabase({ kind: 'postgres', url: targetUrl, maxConnections: 1 })).close();

  const target = postgres(targetUrl, { max: 1, onnotice: () => {}, connect_timeout: 10 });
  try {
    const targetTables = await describeTables(async (text) => (await target.unsafe(text)) as unknown as Record<string, unknown>[]);
    for (const table of tables) {
      const other = targetTables.find((t) => t.name === table.name);
      const shape = (t: Table) => t.columns.map((c) => `${c.name}:${c.type}:${c.generated}`).join(',');
      if (!other || shape(other) !== shape(table)) {
        throw new Error(`Table ${table.name} differs between the embedded database and the target after migrations.`);
      }
    }
    const busy = await targetRows(target, tables);
    if (busy.length > 0) throw new Error(`The target database already holds data: ${busy.join(', ')}. Use a new, empty database.`);

    await target.begin(async (tx) => {
      for (const table of [...tables].reverse()) await tx.unsafe(`delete from ${quote(table.name)}`);
      for (const table of tables) {
        const copied = await copyTable(source, tx, table);
        say(`  ${table.name}: ${plural(copied, { one: '# row', other: '# rows' })}`);
      }
      for (const table of tables) {
        for (const column of table.columns.filter((c) => c.sequence)) {
          await tx.unsafe(
            `select setval($1::regclass, coalesce((select max(${quote(column.name)}) from ${quote(table.name)}), 1),
                           (select count(*) > 0 from ${quote(table.name)}))`,
            [column.sequence as string],
          );
        }
      }
    });

    say('Comparing every table ...');
    const checks: TableCheck[] = [];
    for (const table of tables) {
      const query = checksumQuery(table);
      const [s] = await source.rows<{ n: number; checksum: string }>(sql.raw(query));
      const [t] = await target.unsafe<{ n: number; checksum: string }[]>(query);
      checks.push({
        table: table.name,
        sourceRows: s?.n ?? -1,
        targetRows: t?.n ?? -1,
        sourceChecksum: s?.checksum ?? '',
        targetChecksum: t?.checksum ?? '',
      });
    }
    if (checks.some((c) => c.sourceRows !== c.targetRows || c.sourceChecksum !== c.targetChecksum)) throw new CopyMismatchError(checks);
    await checkCounters(target);
    return checks;
  } finally {
    await target.end({ timeout: 5 });
  }
}

const ROWS_PER_BATCH = 1000;
/** Judge photos are up to 5 MB each: those batches stay small. */
const ROWS_PER_BATCH_WITH_BLOBS = 10;

async function copyTable(source: Database, tx: postgres.TransactionSql, table: Table): Promise<number> {
  const stored = table.columns.filter((c) => !c.generated).map((c) => quote(c.name));
  const key = table.primaryKey.map(quote).join(', ');
  const limit = table.columns.some((c) => c.type === 'bytea') ? ROWS_PER_BATCH_WITH_BLOBS : ROWS_PER_BATCH;
  const hasTriggers = (await tx.unsafe<{ n: number }[]>(
    `select count(*)::int as n from pg_trigger where tgrelid = $1::regclass and not tgisinternal`,
    [table.name],
  ))[0]?.n;
  if (hasTriggers) await tx.unsafe(`alter table ${quote(table.name)} disable trigger user`);
  const name = sql.raw(quote(table.name));
  const keyColumns = sql.raw(key);
  const lastKey = sql.raw(
    `(array_agg(json_build_object(${table.primaryKey.map((k) => `'${k}', x.${quote(k)}`).join(', ')})` +
      ` order by ${table.primaryKey.map((k) => `x.${quote(k)}`).join(', ')} desc))[1]::text`,
  );
  let copied = 0;
  let after: string | null = null;
  for (;;) {
    const where: SQL = after === null ? sql`` : sql`where (${keyColumns}) > (select ${keyColumns} from json_populate_record(null::${name}, ${after}::json))`;
    const [batch]: Array<{ rows: string; last: string | null; n: number }> = await source.rows(sql`
      select coalesce(json_agg(x), '[]')::text as rows, ${lastKey} as last, count(*)::int as n
      from (select ${sql.raw(stored.join(', '))} from ${name} ${where} order by ${keyColumns} limit ${limit}) x`);
    if (!batch || batch.last === null) break;
    const inserted = await tx.unsafe(
      `insert into ${quote(table.name)} (${stored.join(', ')})
       select ${stored.join(', ')} from json_populate_recordset(null::${quote(table.name)}, $1::text::json)`,
      [batch.rows],
    );
    copied += inserted.count;
    // A short page is the last one. (Besides saving a query, this keeps small tables such as the
    // trigger-kept overview_counts out of a second keyset page: on PGlite 0.5 that page came back
    // with rows the first had already read.)
    if (batch.n < limit) break;
    after = batch.last;
  }
  if (hasTriggers) await tx.unsafe(`alter table ${quote(table.name)} enable trigger user`);
  return copied;
}

/** The counters the triggers keep must equal what the rows say, on the target as it now stands. */
async function checkCounters(target: postgres.Sql): Promise<void> {
  const [stats] = await target<{ stored: number | null; actual: number }[]>`
    select (select live from registration_stats where id = 1) as stored,
           (select count(*)::int from registrations where deleted_at is null) as actual`;
  if (!stats || stats.stored !== stats.actual) {
    throw new Error(`registration_stats says ${stats?.stored} live registrations, but the copy holds ${stats?.actual}.`);
  }
  const [keys] = await target<{ wrong: number }[]>`
    select count(*)::int as wrong from (
      select duplicate_key, count(*)::int as live from registrations
      where deleted_at is null and duplicate_key is not null group by duplicate_key
    ) actual full join (select duplicate_key, live from registration_duplicate_keys where live <> 0) stored using (duplicate_key)
    where actual.live is distinct from stored.live`;
  if ((keys?.wrong ?? 1) !== 0) throw new Error(`registration_duplicate_keys disagrees with the rows for ${plural(keys?.wrong ?? 0, { one: '# key', other: '# keys' })}.`);
}
