import { sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppEnv, Deps } from '../context';
import type { Database } from '../db/client';
import { groupCommit, groupCommitPerDatabase } from './group-commit';
import { clientLimitKey } from './client-ip';
import { ApiError } from './errors';
import { plural } from '@domain/plural';

const HOUR = 3600;
const MB = 1024 * 1024;

type BucketRule = {
  /** What one token is, for the 429 message. */
  what: string;
  /** Tokens a full bucket holds: the burst a caller may spend at once. */
  capacity: number;
  /** Tokens added back per hour, up to the capacity. */
  perHour: number;
  /** Per caller IP, per family link (the bearer token's link), or one bucket shared by everyone. */
  scope: 'ip' | 'link' | 'everyone';
};

/**
 * The public write limits (docs/decisions/010-abuse-limits-in-the-database.md). Sized so that
 * field staff never meet them: a full day at a venue is ~500 registrations synced from one
 * address in batches of 100, and two phones on one venue Wi-Fi are 1,000. A flood from one
 * address stops after the burst and then gets the hourly rate.
 */
export const LIMITS = {
  /** Registration records (single, legacy, or each record of a batch). */
  registrations: { what: 'registrations', capacity: 2000, perHour: 3600, scope: 'ip' },
  /** Batch requests, whatever their size. */
  batches: { what: 'batches of registrations', capacity: 100, perHour: 600, scope: 'ip' },
  contact: { what: 'contact messages', capacity: 30, perHour: 120, scope: 'ip' },
  newsletter: { what: 'newsletter sign-ups', capacity: 30, perHour: 120, scope: 'ip' },
  judges: { what: 'judge applications', capacity: 30, perHour: 120, scope: 'ip' },
  /** Bytes of judge photos stored (after cleaning), per address and for everyone together. */
  photoBytes: { what: 'photos', capacity: 25 * MB, perHour: 25 * MB, scope: 'ip' },
  photoBytesEveryone: { what: 'photos', capacity: 250 * MB, perHour: 250 * MB, scope: 'everyone' },
  /** Certificate look-ups and checks from the verification page (each is a read of a child's name). */
  verifications: { what: 'certificate checks', capacity: 60, perHour: 600, scope: 'ip' },
  /** Speed reports (ADR 030): one per sampled page view; a family browsing fast sends a few a minute. */
  vitals: { what: 'speed reports', capacity: 60, perHour: 600, scope: 'ip' },
  /** All speed reports together: bounds how fast web_vitals can grow whoever floods it. */
  vitalsEveryone: { what: 'speed reports', capacity: 2000, perHour: 20_000, scope: 'everyone' },
  /**
   * UPI references (UTRs) a family reports: one or two in a season, a few more after a typo. Per
   * link, and per address for a flood over many links (families behind one carrier address share it).
   */
  paymentReportsPerLink: { what: 'payment reports', capacity: 10, perHour: 20, scope: 'link' },
  paymentReports: { what: 'payment reports', capacity: 30, perHour: 120, scope: 'ip' },
  /**
   * Entry uploads begun (tus creations; ADR 026). A family sends a few files per contest and a new
   * upload only when a resumed one cannot go on; each creation may reserve up to an entry's limit.
   */
  uploadsPerLink: { what: 'uploads', capacity: 30, perHour: 60, scope: 'link' },
  uploads: { what: 'uploads', capacity: 120, perHour: 480, scope: 'ip' },
  /** Audit rows for refused sign-ins: one per address per 15 minutes (the rest are not logged). */
  loginBlockedAudit: { what: 'audit rows', capacity: 1, perHour: 4, scope: 'ip' },
  /**
   * Wrong second-factor codes (ADR 033), per account (the key is the account) and per address: a
   * right code gives its token back, so only failures count. Six digits cannot be guessed at 5 a
   * burst and 12 an hour.
   */
  secondFactorAccount: { what: 'second-factor codes', capacity: 5, perHour: 12, scope: 'ip' },
  secondFactorAddress: { what: 'second-factor codes', capacity: 20, perHour: 60, scope: 'ip' },
} satisfies Record<string, BucketRule>;

export type Bucket = keyof typeof LIMITS;
export type Charge = { bucket: Bucket; cost: number };

/** Limits that are not about the public writes ignore PUBLIC_WRITE_LIMIT_FACTOR. */
const UNSCALED: ReadonlySet<Bucket> = new Set(['loginBlockedAudit', 'secondFactorAccount', 'secondFactorAddress']);

export class RateLimited extends Error {
  constructor(
    readonly bucket: Bucket,
    readonly retryAfterSeconds: number,
  ) {
    super(`rate limited: ${bucket}`);
    this.name = 'RateLimited';
  }
}

/**
 * Spends tokens from every bucket in `charges`, all or nothing. Throws RateLimited (with the wait
 * until the refused bucket holds enough again) when one is short, after giving back what the
 * buckets before it spent. `link`: the family link a request came with, for the buckets per link.
 */
export async function spendTokens(deps: Deps, ip: string, charges: readonly Charge[], link?: string): Promise<void> {
  const active = charges.filter((charge) => charge.cost > 0 && scaleOf(deps, charge.bucket) > 0);
  if (active.length === 0) return;
  const now = deps.now();
  const spent: { key: string; capacity: number; cost: number }[] = [];
  for (const charge of active) {
    const { capacity, perSecond, key } = bucketOf(deps, charge.bucket, ip, link);
    // A cost no full bucket can pay must not block for ever: it empties a full bucket.
    const cost = Math.min(charge.cost, capacity);
    const answer = await spenderFor(deps.database)({ key, capacity, perSecond, cost, now });
    if (!answer.spent) {
      await refund(deps, spent);
      throw new RateLimited(charge.bucket, Math.max(1, Math.ceil((cost - answer.available) / perSecond)));
    }
    spent.push({ key, capacity, cost });
  }
  await pruneNowAndThen(deps);
}

type Spend = { key: string; capacity: number; perSecond: number; cost: number; now: Date };
type Spent = { spent: true } | { spent: false; available: number };

/** Spends that arrive together share one statement (group-commit.ts), per database. */
const spenderFor = groupCommitPerDatabase((database, maxInFlight) =>
  groupCommit({ writeAll: (spends: Spend[]) => spendAll(database, spends), maxItems: 200, maxInFlight: Math.min(maxInFlight, 2) }),
);

/**
 * One statement spends for every bucket in the group: the spends on one bucket are added up and
 * taken together when the bucket holds them all. A bucket that cannot pay its whole group has
 * its spends tried one by one, in arrival order, so each is refused or granted as if alone.
 */
async function spendAll(database: Database, spends: readonly Spend[]): Promise<Spent[]> {
  type Group = Spend & { indexes: number[] };
  const groups: Group[] = [];
  const byKey = new Map<string, Group>();
  const alone: number[] = [];
  spends.forEach((spend, index) => {
    const group = byKey.get(spend.key);
    if (!group) {
      const created = { ...spend, indexes: [index] };
      byKey.set(spend.key, created);
      groups.push(created);
    } else if (group.capacity === spend.capacity && group.perSecond === spend.perSecond && group.cost + spend.cost <= spend.capacity) {
      group.cost += spend.cost;
      if (spend.now > group.now) group.now = spend.now;
      group.indexes.push(index);
    } else {
      alone.push(index);
    }
  });
  const answers: Spent[] = new Array(spends.length);
  const refused = async (spend: Spend): Promise<Spent> => ({ spent: false, available: await availableIn(database, spend) });
  const paid = await spendEach(database, groups);
  for (const group of groups) {
    if (paid.has(group.key)) for (const index of group.indexes) answers[index] = { spent: true };
    else if (group.indexes.length === 1) answers[group.indexes[0] as number] = await refused(group);
    else alone.push(...group.indexes);
  }
  alone.sort((a, b) => a - b);
  for (const index of alone) {
    const spend = spends[index] as Spend;
    answers[index] = (await spendEach(database, [spend])).has(spend.key) ? { spent: true } : await refused(spend);
  }
  return answers;
}

/**
 * Takes each bucket's cost when it holds enough, refilled for the time since its last spend;
 * answers the keys that paid. One statement, its own transaction, whose commit does not wait for
 * the disk (synchronous_commit off for that statement only): a crash may forget the last spends,
 * which costs nothing, while a request saves a flush. The row lock taken by ON CONFLICT makes the
 * check and the spend one step, even for parallel statements. No explicit transaction: a
 * connection lost inside one during a database restart crashed postgres.js. Keys must differ.
 */
async function spendEach(database: Database, spends: readonly Spend[]): Promise<Set<string>> {
  if (spends.length === 0) return new Set();
  const column = (pick: (spend: Spend) => string | number) => sql.param(spends.map(pick));
  const available = sql`least(i.capacity, b.tokens + greatest(0, extract(epoch from (i.at - b.updated_at))) * i.per_second)`;
  const rows = await database.rows<{ key: string }>(sql`
    with input as (
      select key, capacity, per_second, cost, at::timestamptz as at
      from unnest(${column((s) => s.key)}::text[], ${column((s) => s.capacity)}::float8[], ${column((s) => s.perSecond)}::float8[],
        ${column((s) => s.cost)}::float8[], ${column((s) => s.now.toISOString())}::text[]) as i(key, capacity, per_second, cost, at)
    )
    insert into rate_limit_buckets as b (key, tokens, updated_at)
    select i.key, i.capacity - i.cost, i.at
    from input i, (select set_config('synchronous_commit', 'off', true)) as async_commit
    order by i.key
    on conflict (key) do update
      set tokens = (select ${available} - i.cost from input i where i.key = b.key), updated_at = greatest(b.updated_at, excluded.updated_at)
      where (select ${available} - i.cost from input i where i.key = b.key) >= 0
    returning b.key`);
  return new Set(rows.map((row) => row.key));
}

async function availableIn(database: Database, spend: Spend): Promise<number> {
  const [row] = await database.rows<{ available: number }>(sql`
    select least(${spend.capacity}::float8, b.tokens + greatest(0, extract(epoch from (${spend.now.toISOString()}::timestamptz - b.updated_at))) * ${spend.perSecond}::float8) as available
    from rate_limit_buckets b where b.key = ${spend.key}`);
  return Number(row?.available ?? 0);
}

/** Gives back tokens spent for a try that turned out right (a correct second-factor code). */
export async function giveBackTokens(deps: Deps, key: string, charges: readonly Charge[]): Promise<void> {
  await refund(
    deps,
    charges.map((charge) => {
      const { capacity, key: bucketKey } = bucketOf(deps, charge.bucket, key, undefined);
      return { key: bucketKey, capacity, cost: charge.cost };
    }),
  );
}

async function refund(deps: Deps, spent: readonly { key: string; capacity: number; cost: number }[]): Promise<void> {
  for (const { key, capacity, cost } of spent) {
    await deps.database.rows(
      sql`update rate_limit_buckets set tokens = least(${capacity}::float8, tokens + ${cost}::float8) where key = ${key} returning key`,
    );
  }
}

/**
 * Spends tokens for this request's caller (its address, and `link`, the family link it came with,
 * for the buckets per link), or answers 429 with Retry-After and a clear message.
 */
export async function limitPublicWrite(c: Context<AppEnv>, charges: readonly Charge[], link?: string): Promise<void> {
  try {
    await spendTokens(c.var.deps, clientLimitKey(c), charges, link);
  } catch (error) {
    if (!(error instanceof RateLimited)) throw error;
    const rule: BucketRule = LIMITS[error.bucket];
    const from = rule.scope === 'link' ? 'for this registration' : 'from your network';
    throw new ApiError(
      429,
      'too_many_requests',
      `Too many ${rule.what} were sent ${from}. Please try again ${inWords(error.retryAfterSeconds)}.`,
      undefined,
      undefined,
      { 'Retry-After': String(error.retryAfterSeconds) },
    );
  }
}

function scaleOf(deps: Deps, bucket: Bucket): number {
  return UNSCALED.has(bucket) ? 1 : deps.env.PUBLIC_WRITE_LIMIT_FACTOR;
}

function bucketOf(deps: Deps, bucket: Bucket, ip: string, link: string | undefined): { capacity: number; perSecond: number; key: string } {
  const rule: BucketRule = LIMITS[bucket];
  const scale = scaleOf(deps, bucket);
  if (rule.scope === 'link' && link === undefined) throw new Error(`the ${bucket} limit is per family link: pass the link`);
  return {
    capacity: rule.capacity * scale,
    perSecond: (rule.perHour * scale) / HOUR,
    key: `${bucket}:${rule.scope === 'ip' ? ip : rule.scope === 'link' ? `link:${link}` : '*'}`,
  };
}

function inWords(seconds: number): string {
  if (seconds < 90) return `in ${plural(seconds, { one: '# second', other: '# seconds' })}`;
  if (seconds < 90 * 60) return `in ${plural(Math.ceil(seconds / 60), { one: '# minute', other: '# minutes' })}`;
  return `in ${plural(Math.ceil(seconds / 3600), { one: '# hour', other: '# hours' })}`;
}

/** Every bucket is full again within an hour of its last use; rows idle for two are dropped. */
const PRUNE_EVERY_MS = 10 * 60 * 1000;
let lastPrunedAt = 0;

async function pruneNowAndThen(deps: Deps): Promise<void> {
  const now = deps.now().getTime();
  if (now - lastPrunedAt < PRUNE_EVERY_MS) return;
  lastPrunedAt = now;
  const cutoff = new Date(now - 2 * HOUR * 1000).toISOString();
  await deps.database.db.execute(sql`delete from rate_limit_buckets where updated_at < ${cutoff}::timestamptz`);
}
