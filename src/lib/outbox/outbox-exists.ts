/** The IndexedDB name of the outbox (OutboxDatabase's default; outbox-exists.test.ts keeps them equal). */
export const OUTBOX_DB_NAME = 'ktc-outbox';

/**
 * Whether this browser has ever opened the outbox, checked without loading Dexie. A device that
 * never saved anything has nothing to sync, so the sync engine need not start with the page.
 * Where the browser cannot list its databases, the answer is yes (start as before).
 */
export async function outboxExists(): Promise<boolean> {
  if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return true;
  try {
    const databases = await indexedDB.databases();
    return databases.some((database) => database.name === OUTBOX_DB_NAME);
  } catch {
    return true;
  }
}
