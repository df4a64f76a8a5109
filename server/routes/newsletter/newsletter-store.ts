import type { NewsletterSignup } from '@domain/newsletter';
import type { Db } from '../../db/client';
import { newsletterSubscribers } from '../../db/schema';

/**
 * Subscribes an email once. The insert skips a row whose id or (lower-cased) email is already
 * stored, so a replay, a second sign-up in another case and a racing request all end the same way.
 */
export async function subscribe(db: Db, signup: NewsletterSignup): Promise<'subscribed' | 'already_subscribed'> {
  const inserted = await db
    .insert(newsletterSubscribers)
    .values({ id: signup.id, email: signup.email })
    .onConflictDoNothing()
    .returning({ id: newsletterSubscribers.id });
  return inserted.length > 0 ? 'subscribed' : 'already_subscribed';
}
