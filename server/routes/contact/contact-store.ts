import { eq } from 'drizzle-orm';
import type { ContactMessage } from '@domain/contact';
import type { Db } from '../../db/client';
import { contactMessages } from '../../db/schema';
import { contentHash } from '../../lib/content-hash';
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
  createdAt: contactMessages.createdAt,
};

export type StoredContactMessage = ContactMessage & { createdAt: string };

/** Stores a contact message once per client id; a replay compares content hashes. */
export async function createContactMessage(db: Db, input: ContactMessage): Promise<InsertOutcome<StoredContactMessage>> {
  // Postgres prints a uuid in lower case; hashing that form makes the id's case irrelevant.
  const message = { ...input, id: input.id.toLowerCase() };
  const hash = contentHash(message);
  const outcome = await insertOnce({
    contentHash: hash,
    insert: async () => {
      const [row] = await db
        .insert(contactMessages)
        .values({ ...message, contentHash: hash })
        .onConflictDoNothing({ target: contactMessages.id })
        .returning(storedColumns);
      return row;
    },
    findStored: async () => {
      const [row] = await db.select(storedColumns).from(contactMessages).where(eq(contactMessages.id, message.id));
      return row;
    },
  });
  const { contentHash: _hash, ...stored } = outcome.stored;
  return { status: outcome.status, stored: { ...stored, createdAt: new Date(stored.createdAt).toISOString() } };
}
