import { and, count, eq, gt, lt, min, type SQL } from 'drizzle-orm';
import type { Db } from '../client';
import { familyLookupAttempts } from '../schema';
import { sha256Hex } from '../../lib/content-hash';

/**
 * "Find my registration" is limited per IP (one person guessing) and per reference code and
 * contact pair (many people guessing one child's contact, or someone flooding a family's inbox).
 * Counting the pair, not the code alone, means a stranger who spends a code's tries with wrong
 * contacts cannot lock its family out. Every request counts, match or not, so the limit itself
 * says nothing about whether a child is registered.
 */
export const LOOKUP_LIMITS = {
  perIp: { max: 5, windowMs: 15 * 60 * 1000 },
  perCodeAndContact: { max: 3, windowMs: 60 * 60 * 1000 },
} as const;

export type LookupClaim = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Claims a slot before counting (as sign-in does), so a burst of parallel requests cannot all
 * see "under the limit" before any of them is recorded.
 */
export async function claimLookup(db: Db, lookup: { ip: string; referenceCode: string; contactKey: string; now: Date }): Promise<LookupClaim> {
  const now = lookup.now.getTime();
  const codeHash = sha256Hex(`${lookup.referenceCode}\n${lookup.contactKey}`);
  const ipSince = new Date(now - LOOKUP_LIMITS.perIp.windowMs).toISOString();
  const codeSince = new Date(now - LOOKUP_LIMITS.perCodeAndContact.windowMs).toISOString();
  await db.delete(familyLookupAttempts).where(lt(familyLookupAttempts.attemptedAt, codeSince));
  const [claimed] = await db
    .insert(familyLookupAttempts)
    .values({ ip: lookup.ip.slice(0, 100), codeHash, attemptedAt: lookup.now.toISOString() })
    .returning({ id: familyLookupAttempts.id });
  const mine = claimed?.id ?? 0;

  const earlier = (match: SQL, since: string) =>
    db
      .select({ n: count(), oldest: min(familyLookupAttempts.attemptedAt) })
      .from(familyLookupAttempts)
      .where(and(match, gt(familyLookupAttempts.attemptedAt, since), lt(familyLookupAttempts.id, mine)));
  const [[byIp], [byCode]] = await Promise.all([
    earlier(eq(familyLookupAttempts.ip, lookup.ip.slice(0, 100)), ipSince),
    earlier(eq(familyLookupAttempts.codeHash, codeHash), codeSince),
  ]);

  const waits: number[] = [];
  if (byIp && byIp.n >= LOOKUP_LIMITS.perIp.max && byIp.oldest) waits.push(new Date(byIp.oldest).getTime() + LOOKUP_LIMITS.perIp.windowMs - now);
  if (byCode && byCode.n >= LOOKUP_LIMITS.perCodeAndContact.max && byCode.oldest) {
    waits.push(new Date(byCode.oldest).getTime() + LOOKUP_LIMITS.perCodeAndContact.windowMs - now);
  }
  if (waits.length === 0) return { allowed: true };
  // A refused request is not looked up, so it does not hold a slot of its own.
  await db.delete(familyLookupAttempts).where(eq(familyLookupAttempts.id, mine));
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(Math.max(...waits) / 1000)) };
}
