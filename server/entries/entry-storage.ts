import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { plural } from '@domain/plural';

/**
 * Where entry files live (issue 23): one small interface, so an object store can take the
 * directory's place later. Every byte streams: nothing here holds a file in memory. Keys are
 * ours (made from ids), never a name a family sent, and are checked all the same.
 */
export type EntryStorage = {
  /**
   * Streams `body` into `key`. The file appears under its key only once every byte is on disk
   * (written beside it, then renamed); over `maxBytes`, nothing is kept and EntryTooLarge is thrown.
   */
  put(key: string, body: Readable | ReadableStream<Uint8Array>, options?: { maxBytes?: number }): Promise<{ bytes: number }>;
  /** The whole file, or the bytes from `start` to `end` inclusive (an HTTP range). */
  read(key: string, range?: { start: number; end: number }): Readable;
  /** The file's size in bytes; null when there is none. */
  size(key: string): Promise<number | null>;
  /** Deletes one file, or every file under a prefix ending in "/" (a registration's entries). */
  delete(keyOrPrefix: string): Promise<void>;
  /** The first parts of the keys stored (the registrations with files), for sweeping orphans. */
  topLevel(): Promise<string[]>;
  /** Every stored file's key, sorted (what a backup copies); files still being written are not listed. */
  list(): Promise<string[]>;
};

export class EntryTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`the file is larger than ${plural(maxBytes, { one: '# byte', other: '# bytes' })}`);
    this.name = 'EntryTooLarge';
  }
}

/**
 * Lower-case letters, digits, "-", "_" and "." in at most 5 parts joined by "/", each starting with
 * a letter or digit: no "..", no hidden file, no absolute path.
 */
const KEY = /^(?:[a-z0-9][a-z0-9_.-]{0,99}\/){0,4}[a-z0-9][a-z0-9_.-]{0,99}\/?$/;

export function isEntryKey(key: string): boolean {
  return KEY.test(key);
}

/** Entry files in a directory (ENTRIES_DIR): 0700 directories, 0600 files. */
export function directoryStorage(root: string): EntryStorage {
  const base = resolve(root);
  const pathOf = (key: string): string => {
    if (!isEntryKey(key)) throw new Error(`not an entry key: ${JSON.stringify(key.slice(0, 120))}`);
    const path = resolve(base, key);
    if (path !== base && !path.startsWith(base + sep)) throw new Error('an entry key left the entries directory');
    return path;
  };

  return {
    async put(key, body, options = {}) {
      const path = pathOf(key);
      if (key.endsWith('/')) throw new Error('a file key cannot end in "/"');
      await mkdir(dirname(path), { recursive: true, mode: 0o700 });
      const partial = join(dirname(path), `.partial-${randomBytes(8).toString('hex')}`);
      const maxBytes = options.maxBytes ?? Number.POSITIVE_INFINITY;
      let bytes = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          bytes += chunk.length;
          done(bytes > maxBytes ? new EntryTooLarge(maxBytes) : null, chunk);
        },
      });
      const source = body instanceof Readable ? body : Readable.fromWeb(body as WebReadableStream<Uint8Array>);
      try {
        await pipeline(source, counter, createWriteStream(partial, { mode: 0o600, flags: 'wx' }));
        await rename(partial, path);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      return { bytes };
    },

    read(key, range) {
      const path = pathOf(key);
      return range ? createReadStream(path, { start: range.start, end: range.end }) : createReadStream(path);
    },

    async size(key) {
      try {
        const info = await stat(pathOf(key));
        return info.isFile() ? info.size : null;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },

    async delete(keyOrPrefix) {
      await rm(pathOf(keyOrPrefix), { recursive: keyOrPrefix.endsWith('/'), force: true });
    },

    async topLevel() {
      const names = await readdir(base).catch(() => [] as string[]);
      return names.filter((name) => isEntryKey(name));
    },

    async list() {
      const found = await readdir(base, { recursive: true, withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return [];
        throw error;
      });
      // A file being written (".partial-…") is no key, so it is left out.
      const keys = found.filter((entry) => entry.isFile()).map((entry) => relative(base, join(entry.parentPath, entry.name)).split(sep).join('/'));
      return keys.filter((key) => isEntryKey(key) && !key.endsWith('/')).sort();
    },
  };
}
