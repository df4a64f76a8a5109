import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { OutboxDatabase } from './outbox-db';
import { isOutboxOutdated, onOutboxOutdated } from './outdated';

/** What a newer build does on first open: ask for a higher version (Dexie stores version(n) as n × 10). */
function openNewerVersion(name: string, version: number): Promise<'upgraded' | 'blocked'> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name, version * 10);
    request.onblocked = () => resolve('blocked');
    request.onerror = () => reject(request.error ?? new Error('open failed'));
    request.onsuccess = () => {
      request.result.close();
      resolve('upgraded');
    };
  });
}

describe('the outbox in an old tab', () => {
  it('closes itself when a newer build upgrades the schema, tells the update prompt, and opens no more', async () => {
    const name = `outbox-versionchange-${crypto.randomUUID()}`;
    const old = new OutboxDatabase(name);
    await old.records.count(); // open it, as a running tab has
    let told = 0;
    const stop = onOutboxOutdated(() => told++);
    expect(isOutboxOutdated()).toBe(false);

    // One version above the highest this build declares.
    expect(await openNewerVersion(name, old.verno + 1)).toBe('upgraded');

    expect(told).toBe(1);
    expect(isOutboxOutdated()).toBe(true);
    expect(old.isOpen()).toBe(false);
    // The old tab must not reopen the database at its old version (that would fail or block).
    await expect(old.records.count()).rejects.toThrow();
    stop();
    indexedDB.deleteDatabase(name);
  });
});
