import { eq } from 'drizzle-orm';
import type { ContactMessage } from '@domain/contact';
import type { Db } from '../../db/client';
import { contactMessages } from '../../db/schema';
import { contentHash } from '../../lib/content-hash';
import { insertOnce, type InsertOutcome } from '../../lib/idempotent-insert';
import { secretMatches } from '../../lib/record-secret';

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
  const { contentHash: _hash, secretHash: storedSecretHash, ...stored } = outcome.stored;
  return {
    status: outcome.status,
    stored: { ...stored, createdAt: new Date(stored.createdAt).toISOString() },
    visible: secretMatches(storedSecretHash, secretHash),
  };
}
