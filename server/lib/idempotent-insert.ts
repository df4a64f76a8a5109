import { secretMatches } from './record-secret';

/** What an insert keyed by the client's id did: created it, or found it stored with the same or other content. */
export type InsertOutcome<T> = { status: 'created' | 'duplicate' | 'conflict'; stored: T };

/**
 * Insert-once by id without check-then-insert: `insert` must be an `INSERT ... ON CONFLICT DO
 * NOTHING RETURNING` (undefined when the id was taken, even by a request racing this one), and
 * only then is the stored row read and its content hash compared. The row comes back without its
 * hashes; `visible` says whether the caller sent the record's secret and so may see it (ADR 009).
 */
export async function insertOnce<T extends { contentHash: string; secretHash: string | null }>(options: {
  contentHash: string;
  secretHash: string | null;
  insert: () => Promise<T | undefined>;
  findStored: () => Promise<T | undefined>;
}): Promise<InsertOutcome<Omit<T, 'contentHash' | 'secretHash'>> & { visible: boolean }> {
  const { status, stored } = await storedOnce(options);
  const { contentHash: _hash, secretHash: storedSecretHash, ...row } = stored;
  return { status, stored: row, visible: secretMatches(storedSecretHash, options.secretHash) };
}

async function storedOnce<T extends { contentHash: string }>(options: {
  contentHash: string;
  insert: () => Promise<T | undefined>;
  findStored: () => Promise<T | undefined>;
}): Promise<InsertOutcome<T>> {
  // Two rounds cover a stored row vanishing between the insert and the read.
  for (let round = 0; round < 2; round++) {
    const inserted = await options.insert();
    if (inserted) return { status: 'created', stored: inserted };
    const stored = await options.findStored();
    if (stored) return { status: stored.contentHash === options.contentHash ? 'duplicate' : 'conflict', stored };
  }
  throw new Error('The row holding this id kept changing; giving up.');
}
