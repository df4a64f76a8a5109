import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { directoryStorage, EntryTooLarge, isEntryKey } from './entry-storage';

const root = mkdtempSync(join(tmpdir(), 'ktc-entries-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** `total` bytes in 1 MiB chunks, made as they are read: the test itself never holds the file. */
function generated(total: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= total) return this.push(null);
      const size = Math.min(1024 * 1024, total - sent);
      sent += size;
      this.push(Buffer.alloc(size, sent % 251));
    },
  });
}

describe('entry storage in a directory', () => {
  const storage = directoryStorage(root);

  it('streams a 200 MB file in and out without holding it in memory', async () => {
    const total = 200 * 1024 * 1024;
    const before = process.memoryUsage();
    let peak = 0;
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      peak = Math.max(peak, now.heapUsed + now.arrayBuffers - (before.heapUsed + before.arrayBuffers));
    }, 5);
    try {
      expect(await storage.put('r1/dance/video', generated(total))).toEqual({ bytes: total });
      let read = 0;
      for await (const chunk of storage.read('r1/dance/video')) read += (chunk as Buffer).length;
      expect(read).toBe(total);
    } finally {
      clearInterval(sampler);
    }
    expect(peak).toBeLessThan(64 * 1024 * 1024);
    expect(await storage.size('r1/dance/video')).toBe(total);
    expect(statSync(join(root, 'r1/dance/video')).mode & 0o777).toBe(0o600);
  });

  it('reads a byte range, as a player seeking through a video asks', async () => {
    await storage.put('r2/singing/video', Readable.from([Buffer.from('0123456789abcdef')]));
    expect(await text(storage.read('r2/singing/video', { start: 4, end: 9 }))).toBe('456789');
  });

  it('keeps nothing of a file over its limit, and nothing half-written under a key', async () => {
    await expect(storage.put('r3/dance/video', generated(3 * 1024 * 1024), { maxBytes: 2 * 1024 * 1024 })).rejects.toBeInstanceOf(EntryTooLarge);
    expect(await storage.size('r3/dance/video')).toBeNull();
    expect(readdirSync(join(root, 'r3/dance'))).toEqual([]);
  });

  it('deletes one file, or everything of a registration', async () => {
    await storage.put('r4/drawing/photo-1', Readable.from([Buffer.from('a')]));
    await storage.put('r4/drawing/photo-2', Readable.from([Buffer.from('b')]));
    await storage.delete('r4/drawing/photo-1');
    expect(await storage.size('r4/drawing/photo-1')).toBeNull();
    expect(await storage.size('r4/drawing/photo-2')).toBe(1);
    await storage.delete('r4/');
    expect(await storage.size('r4/drawing/photo-2')).toBeNull();
  });

  it('refuses any key that could leave the directory or was not made by us', async () => {
    for (const key of ['../escape', 'r5/../../escape', '/etc/passwd', 'r5\\..\\x', 'r5/.hidden', 'R5/Video', 'r5/vi deo', 'r5/\u0000x', '', 'a/b/c/d/e/f']) {
      expect(isEntryKey(key), key).toBe(false);
      await expect(storage.put(key, Readable.from([Buffer.from('x')]))).rejects.toThrow();
    }
    expect(isEntryKey('0f8fad5b-d9cb-469f-a165-70867728950e/dance/video.mp4')).toBe(true);
  });
});
