import { eq, sql } from 'drizzle-orm';
import type { ContactMessage } from '@domain/contact';
import type { Database, Db } from '../client';
import { contactMessages } from '../schema';
import { contentHash } from '../../lib/content-hash';
import { olderThan, PAGE_SIZE, preciseTime, type CreatedAtCursor } from '../../lib/created-at-cursor';
import { isoTime } from '../../lib/sql-time';
import { insertOnce, type InsertOutcome } from '../../lib/idempotent-insert';

const storedColumns = {
  id: contactMessages.id,
  name: contactMessages.name,
  email: contactMessages.email,
  phone: contactMessages.phone,
  subject: contactMessages.subject,
  message: contactMessages.message,
  contactMethod: contactMessages.contactMethod,
  contentHash: contactMessages.contentHash,
  secretHash: contactMessages.secretHash,
  createdAt: contactMessages.createdAt,
};

export type StoredContactMessage = ContactMessage & { createdAt: string };

/**
 * Stores a contact message once per client id; a replay compares content hashes. `visible` says
 * whether the caller sent the record's secret and so may see the stored copy (ADR 009).
 */
export async function createContactMessage(
  db: Db,
  input: ContactMessage,
  secretHash: string | null,
): Promise<InsertOutcome<StoredContactMessage> & { visible: boolean }> {
  // Postgres prints a uuid in lower case; hashing that form makes the id's case irrelevant.
  const message = { ...input, id: input.id.toLowerCase() };
  const hash = contentHash(message);
  const outcome = await insertOnce({
    contentHash: hash,
    secretHash,
    insert: async () => {
      const [row] = await db
        .insert(contactMessages)
        .values({ ...message, contentHash: hash, secretHash })
        .onConflictDoNothing({ target: contactMessages.id })
        .returning(storedColumns);
      return row;
    },
    findStored: async () => {
      const [row] = await db.select(storedColumns).from(contactMessages).where(eq(contactMessages.id, message.id));
      return row;
    },
  });
  return { ...outcome, stored: { ...outcome.stored, createdAt: new Date(outcome.stored.createdAt).toISOString() } };
}

/** A message as the admin list shows it. */
export type ContactListItem = ContactMessage & { handledAt: string | null; handledBy: string | null; createdAt: string };

const ADMIN_COLUMNS = sql`t.id::text as id, t.name, t.email, t.phone, t.subject, t.message, t.contact_method as "contactMethod",
  case when t.handled_at is null then null else ${isoTime(sql`t.handled_at`)} end as "handledAt", t.handled_by as "handledBy",
  ${isoTime(sql`t.created_at`)} as "createdAt"`;

/** One admin page, newest first. Raw SQL for the keyset page (`(created_at, id) < cursor` walks the index). */
export function listContactMessages(database: Database, cursor: CreatedAtCursor | null) {
  return database.rows<ContactListItem & { cursorTime: string }>(sql`
    select ${ADMIN_COLUMNS}, ${preciseTime(sql`t.created_at`)} as "cursorTime"
    from contact_messages t
    where t.erased_at is null${olderThan(cursor, 'uuid')}
    order by t.created_at desc, t.id desc
    limit ${PAGE_SIZE + 1}`);
}

/** Marks a message handled (by whom, when) or not; null when there is no such message. */
export async function setContactHandled(
  database: Database,
  id: string,
  handled: { by: string; at: Date } | null,
): Promise<ContactListItem | null> {
  const [message] = await database.rows<ContactListItem>(sql`
    update contact_messages t set
      handled_at = ${handled ? sql`${handled.at.toISOString()}::timestamptz` : sql`null`},
      handled_by = ${handled?.by ?? null}
    where t.id = ${id}::uuid
    returning ${ADMIN_COLUMNS}`);
  return message ?? null;
}
