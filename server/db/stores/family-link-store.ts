import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Db } from '../client';
import { familyLinks } from '../schema';
import { sha256Hex } from '../../lib/content-hash';

type FamilyLinkRow = typeof familyLinks.$inferSelect;

/** What a link lookup found; the token itself is never stored, only its SHA-256. */
export function toFamilyLink(row: FamilyLinkRow) {
  return {
    id: row.id,
    registrationId: row.registrationId,
    createdAt: new Date(row.createdAt).toISOString(),
    expiresAt: new Date(row.expiresAt).toISOString(),
    revokedAt: row.revokedAt ? new Date(row.revokedAt).toISOString() : null,
  };
}

export type FamilyLink = ReturnType<typeof toFamilyLink>;

/** A fresh link for one email: 256 random bits, stored as a hash. The token exists only in that email. */
export async function createFamilyLink(
  db: Db,
  link: { registrationId: string; mailId: string | null; expiresAt: Date; now: Date },
): Promise<{ id: number; token: string }> {
  const token = randomBytes(32).toString('base64url');
  const [row] = await db
    .insert(familyLinks)
    .values({
      tokenHash: sha256Hex(token),
      registrationId: link.registrationId,
      mailId: link.mailId,
      createdAt: link.now.toISOString(),
      expiresAt: link.expiresAt.toISOString(),
    })
    .returning({ id: familyLinks.id });
  if (!row) throw new Error('The family link was not stored.');
  return { id: row.id, token };
}

/** A link whose email could not be sent: nobody holds its token, so it goes. */
export async function deleteFamilyLink(db: Db, id: number): Promise<void> {
  await db.delete(familyLinks).where(eq(familyLinks.id, id));
}

/**
 * The family's "Turn off every older link" (a lost phone, a forwarded email): every link of the
 * registration but the one in use stops working (410). Links are never turned off otherwise: each
 * email's link works until the registration's data is erased. Returns how many were still working.
 */
export async function turnOffOtherLinks(db: Db, link: { keepId: number; registrationId: string; now: Date }): Promise<number> {
  const turnedOff = await db
    .update(familyLinks)
    .set({ revokedAt: link.now.toISOString() })
    .where(
      and(
        eq(familyLinks.registrationId, link.registrationId),
        ne(familyLinks.id, link.keepId),
        isNull(familyLinks.revokedAt),
        gt(familyLinks.expiresAt, link.now.toISOString()),
      ),
    )
    .returning({ id: familyLinks.id });
  return turnedOff.length;
}

export async function findFamilyLink(db: Db, token: string): Promise<FamilyLink | null> {
  const [row] = await db.select().from(familyLinks).where(eq(familyLinks.tokenHash, sha256Hex(token))).limit(1);
  return row ? toFamilyLink(row) : null;
}

/** Every link of one registration (for "download my data"), without hashes. */
export async function linksFor(db: Db, registrationId: string): Promise<FamilyLink[]> {
  const rows = await db.select().from(familyLinks).where(eq(familyLinks.registrationId, registrationId)).orderBy(familyLinks.id);
  return rows.map(toFamilyLink);
}
