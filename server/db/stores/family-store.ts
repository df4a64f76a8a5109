import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { registrations } from '../schema';

/** Marks a registration cancelled by the family; false when it was already cancelled (or is gone). */
export async function cancelByFamily(db: Db, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(registrations)
    .set({
      cancelledAt: now.toISOString(),
      cancelledBy: 'family',
      version: sql`${registrations.version} + 1`,
      updatedAt: now.toISOString(),
    })
    .where(and(eq(registrations.id, id), isNull(registrations.cancelledAt), isNull(registrations.deletedAt)))
    .returning({ id: registrations.id });
  return rows.length > 0;
}

/** The live registration holding a reference code, with what "find my registration" compares. */
/** Every live registration with this code: codes are not unique (ADR 009), so each is compared. */
export async function registrationsWithCode(db: Db, referenceCode: string): Promise<{ id: string; email: string; phone: string }[]> {
  return db
    .select({ id: registrations.id, email: registrations.email, phone: registrations.phone })
    .from(registrations)
    .where(and(eq(registrations.referenceCode, referenceCode), isNull(registrations.deletedAt)))
    .limit(20);
}

/** Every column of the registration row, for "download my data". */
export async function registrationRow(db: Db, id: string) {
  const [row] = await db.select().from(registrations).where(eq(registrations.id, id));
  if (!row) return null;
  const { contentHash: _contentHash, searchText: _searchText, duplicateKey: _duplicateKey, ageInMonths: _ageInMonths, ...stored } = row;
  const iso = (time: string | null) => (time ? new Date(time).toISOString() : null);
  return {
    ...stored,
    createdAt: iso(stored.createdAt),
    updatedAt: iso(stored.updatedAt),
    deletedAt: iso(stored.deletedAt),
    cancelledAt: iso(stored.cancelledAt),
  };
}
