import { sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppEnv, Deps } from '../context';
import { clientIp } from './client-ip';
import { ApiError } from './errors';

const HOUR = 3600;
const MB = 1024 * 1024;

type BucketRule = {
  /** What one token is, for the 429 message. */
  what: string;
  /** Tokens a full bucket holds: the burst a caller may spend at once. */
  capacity: number;
  /** Tokens added back per hour, up to the capacity. */
  perHour: number;
  /** Per caller IP, or one bucket shared by everyone. */
  scope: 'ip' | 'everyone';
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
  /** Audit rows for refused sign-ins: one per address per 15 minutes (the rest are not logged). */
  loginBlockedAudit: { what: 'audit rows', capacity: 1, perHour: 4, scope: 'ip' },
} satisfies Record<string, BucketRule>;

export type Bucket = keyof typeof LIMITS;
export type Charge = { bucket: Bucket; cost: number };

/** Limits that are not about the public writes ignore PUBLIC_WRITE_LIMIT_FACTOR. */
const UNSCALED: ReadonlySet<Bucket> = new Set(['loginBlockedAudit']);

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
 * Spends tokens from every bucket in `charges`, all or nothing, in one short transaction. Throws
 * RateLimited (with the wait until the refused bucket holds enough again) when one is short.
 * The commit does not wait for the disk (synchronous_commit off): a crash may forget the last
 * spends, which costs nothing, while every request saves a flush.
 */
export async function spendTokens(deps: Deps, ip: string, charges: readonly Charge[]): Promise<void> {
  const active = charges.filter((charge) => charge.cost > 0 && scaleOf(deps, charge.bucket) > 0);
  if (active.length === 0) return;
  const now = deps.now().toISOString();
  // A refused bucket throws inside the transaction: the rollback undoes the spends before it.
  await deps.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local synchronous_commit = off`);
    for (const charge of active) {
      const { capacity, perSecond, key } = bucketOf(deps, charge.bucket, ip);
      // A cost no full bucket can pay must not block for ever: it empties a full bucket.
      const cost = Math.min(charge.cost, capacity);
      const available = sql`least(${capacity}::float8, b.tokens + greatest(0, extract(epoch from (${now}::timestamptz - b.updated_at))) * ${perSecond}::float8)`;
      const spent = rowsOf(
        await tx.execute(sql`
          insert into rate_limit_buckets as b (key, tokens, updated_at)
          values (${key}, ${capacity - cost}::float8, ${now}::timestamptz)
          on conflict (key) do update
            set tokens = ${available} - ${cost}::float8, updated_at = greatest(b.updated_at, ${now}::timestamptz)
            where ${available} >= ${cost}::float8
          returning b.tokens`),
      );
      if (spent.length === 0) {
        const [row] = rowsOf<{ available: number }>(
          await tx.execute(sql`select ${available} as available from rate_limit_buckets b where b.key = ${key}`),
        );
        const missing = cost - Number(row?.available ?? 0);
        throw new RateLimited(charge.bucket, Math.max(1, Math.ceil(missing / perSecond)));
      }
    }
  });
  await pruneNowAndThen(deps);
}

/** Spends tokens for this request's caller, or answers 429 with Retry-After and a clear message. */
export async function limitPublicWrite(c: Context<AppEnv>, charges: readonly Charge[]): Promise<void> {
  try {
    await spendTokens(c.var.deps, clientIp(c), charges);
  } catch (error) {
    if (!(error instanceof RateLimited)) throw error;
    const what = LIMITS[error.bucket].what;
    throw new ApiError(
      429,
      'too_many_requests',
      `Too many ${what} were sent from your network. Please try again ${inWords(error.retryAfterSeconds)}.`,
      undefined,
      undefined,
      { 'Retry-After': String(error.retryAfterSeconds) },
    );
  }
}

function scaleOf(deps: Deps, bucket: Bucket): number {
  return UNSCALED.has(bucket) ? 1 : deps.env.PUBLIC_WRITE_LIMIT_FACTOR;
}

function bucketOf(deps: Deps, bucket: Bucket, ip: string): { capacity: number; perSecond: number; key: string } {
  const rule: BucketRule = LIMITS[bucket];
  const scale = scaleOf(deps, bucket);
  return {
    capacity: rule.capacity * scale,
    perSecond: (rule.perHour * scale) / HOUR,
    key: `${bucket}:${rule.scope === 'ip' ? ip : '*'}`,
  };
}

function rowsOf<T = Record<string, unknown>>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

function inWords(seconds: number): string {
  if (seconds < 90) return `in ${seconds} seconds`;
  if (seconds < 90 * 60) return `in ${Math.ceil(seconds / 60)} minutes`;
  return `in ${Math.ceil(seconds / 3600)} hours`;
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
