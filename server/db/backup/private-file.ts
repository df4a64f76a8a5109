import { constants, createWriteStream, existsSync, type WriteStream } from 'node:fs';
import { open, rename, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * A backup file being written: created 0600 (it holds children's personal data) under a temporary
 * name beside its final one, and renamed into place only once complete and on disk, so a crash
 * never leaves a half-written file under a backup's name.
 */
export type PrivateFile = {
  path: string;
  partialPath: string;
  /** The stream to write the content into; it closes itself when ended. */
  stream: WriteStream;
  /** Flushes, renames into place, and returns the size in bytes. */
  commit(): Promise<number>;
  abort(): Promise<void>;
};

async function syncPath(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export async function createPrivateFile(path: string): Promise<PrivateFile> {
  if (existsSync(path)) throw new Error(`${path} already exists; choose another name (a backup never overwrites a file).`);
  const partialPath = join(dirname(path), `.${basename(path)}.partial-${process.pid}`);
  const created = await open(partialPath, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o600);
  await created.close();
  const stream = createWriteStream(partialPath, { flags: 'r+' });
  const closed = new Promise<void>((resolve) => stream.once('close', resolve));
  return {
    path,
    partialPath,
    stream,
    async commit() {
      if (!stream.closed) await closed;
      await syncPath(partialPath);
      const { size } = await stat(partialPath);
      await rename(partialPath, path);
      await syncPath(dirname(path));
      return size;
    },
    async abort() {
      stream.destroy();
      await unlink(partialPath).catch(() => {});
    },
  };
}
