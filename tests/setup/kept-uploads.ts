import type { Page } from '@playwright/test';

/** A file the family's page keeps for sending (src/features/family/api/entry-uploads.ts), as the test reads it. */
export type KeptUpload = { category: string; position: number; bytes: number; copy: string; originalBytes: number; base64?: string };

/**
 * The files this page keeps on the device for sending, read from its IndexedDB database
 * (`ktc-entry-uploads`), by position; with `contents`, each file's bytes (base64).
 */
export function keptUploads(page: Page, options: { contents?: boolean } = {}): Promise<KeptUpload[]> {
  return page.evaluate(
    async ({ contents }) => {
      // Opening a database that is not there would create it empty, under the page's feet.
      if (!(await indexedDB.databases()).some((database) => database.name === 'ktc-entry-uploads')) return [];
      return new Promise<KeptUpload[]>((resolve, reject) => {
        const open = indexedDB.open('ktc-entry-uploads');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          if (!open.result.objectStoreNames.contains('uploads')) {
            open.result.close();
            resolve([]);
            return;
          }
          const all = open.result.transaction('uploads').objectStore('uploads').getAll();
          all.onsuccess = async () => {
            const rows = (all.result as { category: string; position: number; bytes: number; copy: string; file: Blob; original: Blob }[]).sort((a, b) => a.position - b.position);
            resolve(
              await Promise.all(
                rows.map(async (row) => ({
                  category: row.category,
                  position: row.position,
                  bytes: row.bytes,
                  copy: row.copy,
                  originalBytes: row.original.size,
                  // Inline, no named helper: tsx (the bench) would wrap it in a __name() the page lacks.
                  ...(contents ? { base64: btoa(Array.from(new Uint8Array(await row.file.arrayBuffer()), (byte) => String.fromCharCode(byte)).join('')) } : {}),
                })),
              ),
            );
            open.result.close();
          };
        };
      });
    },
    { contents: options.contents ?? false },
  );
}
