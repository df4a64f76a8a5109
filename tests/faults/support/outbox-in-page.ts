import type { Page } from '@playwright/test';
import type { RegistrationInput } from '@domain/registration';

/**
 * Drives the app's real outbox (IndexedDB 'ktc-outbox', store 'records', as defined in
 * src/lib/outbox/outbox-db.ts) from a test. Records are written in exactly the shape
 * `enqueue('registration', …)` stores; the app's own sync engine then sends them.
 */
export const OUTBOX_DB = 'ktc-outbox';

/**
 * Waits until the app has created its outbox database with its 'records' store. The app opens
 * it once a form is touched (or at load, on a device that already has one), so this touches the
 * page's form the way a person would, again on each try in case the page was not yet hydrated.
 */
export async function waitForOutbox(page: Page, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    await page.evaluate(() => {
      const input = document.querySelector<HTMLInputElement>('form input');
      input?.blur();
      input?.focus();
    });
    const ready = await page.evaluate(async (name) => {
      // Opening a database that does not exist would create an empty one under the app's feet.
      if (!(await indexedDB.databases()).some((d) => d.name === name)) return false;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(name);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const hasStore = db.objectStoreNames.contains('records');
      db.close();
      return hasStore;
    }, OUTBOX_DB);
    if (ready) return;
    if (Date.now() > deadline) throw new Error(`The app did not create its outbox (${OUTBOX_DB}) within ${timeoutMs} ms.`);
    await page.waitForTimeout(100);
  }
}

/** Adds queued registrations in one transaction, the way `enqueue('registration', …)` stores each one. */
export async function queueRegistrations(page: Page, payloads: RegistrationInput[]): Promise<void> {
  await page.evaluate(
    async ({ name, payloads }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(name);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      await new Promise<void>((resolve, reject) => {
        const tx = db.transaction('records', 'readwrite');
        const store = tx.objectStore('records');
        let createdAt = Date.now();
        for (const payload of payloads) {
          store.add({
            id: payload.id,
            kind: 'registration',
            payload,
            referenceCode: payload.referenceCode,
            status: 'queued',
            attempts: 0,
            createdAt: createdAt++,
            updatedAt: createdAt,
            syncedAt: null,
            lastError: null,
            fieldErrors: null,
            serverCopy: null,
          });
        }
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
      });
      db.close();
    },
    { name: OUTBOX_DB, payloads },
  );
}

/** How many of the given records are in each status on this device. */
export async function outboxStatuses(page: Page, ids: string[]): Promise<Record<string, number>> {
  return page.evaluate(
    async ({ name, ids }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(name);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      const wanted = new Set(ids);
      const records = await new Promise<Array<{ id: string; status: string }>>((resolve, reject) => {
        const request = db.transaction('records', 'readonly').objectStore('records').getAll();
        request.onsuccess = () => resolve(request.result as Array<{ id: string; status: string }>);
        request.onerror = () => reject(request.error);
      });
      db.close();
      const counts: Record<string, number> = {};
      for (const record of records) {
        if (wanted.has(record.id)) counts[record.status] = (counts[record.status] ?? 0) + 1;
      }
      return counts;
    },
    { name: OUTBOX_DB, ids },
  );
}

/** The 'online' event is one of the sync engine's triggers (docs/product.md, "Offline queue and sync"). */
export async function announceOnline(page: Page): Promise<void> {
  await page.evaluate(() => window.dispatchEvent(new Event('online')));
}
