import { eq, sql } from 'drizzle-orm';
import type { NewsletterSignup } from '@domain/newsletter';
import type { Database, Db } from '../client';
import { olderThan, preciseTime, type CreatedAtCursor } from '../../lib/created-at-cursor';
import { isoTime } from '../../lib/sql-time';
import { newsletterSubscribers } from '../schema';

/**
 * Subscribes an email once. The insert skips a row whose id or (lower-cased) email is already
 * stored, so a replay, a second sign-up in another case and a racing request all end the same way:
 * the address is on the list. Whether it was there before is never told (ADR 009); only an id
 * already used for another address is a conflict, which says nothing about any address.
 */
export async function subscribe(db: Db, signup: NewsletterSignup): Promise<'subscribed' | 'conflict'> {
  const inserted = await db
    .insert(newsletterSubscribers)
    .values({ id: signup.id, email: signup.email })
    .onConflictDoNothing()
    .returning({ id: newsletterSubscribers.id });
  if (inserted.length > 0) return 'subscribed';
  const [holder] = await db
    .select({ email: newsletterSubscribers.email })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.id, signup.id.toLowerCase()));
  return holder && holder.email !== signup.email ? 'conflict' : 'subscribed';
}

export type SubscriberRow = { id: string; email: string; createdAt: string; cursorTime: string };

/** Subscribers newest first, `limit` at a time. Raw SQL for the keyset page (`(created_at, id) < cursor` walks the index). */
export function listSubscribers(database: Database, cursor: CreatedAtCursor | null, limit: number): Promise<SubscriberRow[]> {
  return database.rows<SubscriberRow>(sql`
    select t.id::text as id, t.email, ${isoTime(sql`t.created_at`)} as "createdAt", ${preciseTime(sql`t.created_at`)} as "cursorTime"
    from newsletter_subscribers t
    where true${olderThan(cursor, 'uuid')}
    order by t.created_at desc, t.id desc
    limit ${limit}`);
}
