import type { LevelId } from '@domain/season';
import type { Db } from '../db/client';
import { storedFilesOfReadyEntries } from '../db/stores/entry-store';
import type { EntryStorage } from './entry-storage';

export type EntryMissingFiles = { id: string; referenceCode: string; category: string; levelId: LevelId; missingFiles: number };

const AT_ONCE = 32;

/**
 * Ready entries whose stored file (the media or its poster) is not in the storage: after a
 * restore from a backup that lacked it, or a lost disk (issue 49). Newest first; the server logs
 * them at start and admins see them on the entries page.
 */
export async function entriesMissingFiles(db: Db, storage: EntryStorage): Promise<EntryMissingFiles[]> {
  const files = await storedFilesOfReadyEntries(db);
  const missing = new Map<string, EntryMissingFiles>();
  for (let at = 0; at < files.length; at += AT_ONCE) {
    const batch = files.slice(at, at + AT_ONCE);
    const absent = await Promise.all(
      batch.map(async (file) => {
        const keys = [file.mediaKey, file.posterKey].filter((key): key is string => key !== null);
        const sizes = await Promise.all(keys.map((key) => storage.size(key)));
        return file.mediaKey === null || sizes.some((size) => size === null);
      }),
    );
    batch.forEach((file, index) => {
      if (!absent[index]) return;
      const entry = missing.get(file.id) ?? { id: file.id, referenceCode: file.referenceCode, category: file.category, levelId: file.levelId as LevelId, missingFiles: 0 };
      entry.missingFiles += 1;
      missing.set(file.id, entry);
    });
  }
  return [...missing.values()];
}
