import { desc, eq } from 'drizzle-orm';
import type { ConsentChannel } from '@domain/consent';
import type { Language } from '@domain/languages';
import { PRIVACY_NOTICE } from '@domain/season';
import type { Db } from '../client';
import { consentRecords } from '../schema';

type ConsentRow = typeof consentRecords.$inferSelect;

/** A stored consent as the family and admin APIs return it. */
export function toConsentRecord(row: ConsentRow) {
  return {
    guardianName: row.guardianName,
    noticeVersion: row.noticeVersion,
    language: row.language,
    channel: row.channel,
    consentedAt: new Date(row.consentedAt).toISOString(),
    recordedAt: new Date(row.recordedAt).toISOString(),
  };
}

export type ConsentRecord = ReturnType<typeof toConsentRecord>;

/** Every consent given for one registration, the newest first. */
export async function consentsFor(db: Db, registrationId: string): Promise<ConsentRecord[]> {
  const rows = await db
    .select()
    .from(consentRecords)
    .where(eq(consentRecords.registrationId, registrationId))
    .orderBy(desc(consentRecords.recordedAt), desc(consentRecords.id));
  return rows.map(toConsentRecord);
}

/**
 * The version a child's registration still needs consent to: the current notice when there is
 * no consent at all (a record queued before consent existed) or only to an older one; null
 * when nothing is needed (an institute, or consent to the current version).
 */
export function consentNeededFor(type: 'participant' | 'institute', consents: readonly ConsentRecord[]): string | null {
  if (type !== 'participant') return null;
  return consents.some((consent) => consent.noticeVersion === PRIVACY_NOTICE.version) ? null : PRIVACY_NOTICE.version;
}

export async function recordConsent(
  db: Db,
  consent: { registrationId: string; guardianName: string; noticeVersion: string; language: Language; channel: ConsentChannel; at: Date },
): Promise<ConsentRecord> {
  const [row] = await db
    .insert(consentRecords)
    .values({
      registrationId: consent.registrationId,
      guardianName: consent.guardianName,
      noticeVersion: consent.noticeVersion,
      language: consent.language,
      channel: consent.channel,
      consentedAt: consent.at.toISOString(),
      recordedAt: consent.at.toISOString(),
    })
    .returning();
  if (!row) throw new Error('The consent was not stored.');
  return toConsentRecord(row);
}
