import type { Writable } from 'node:stream';
import { plural } from '@domain/plural';

/**
 * Just enough POSIX ustar for our backups: regular files and directories, names up to 255
 * bytes. The output opens with GNU tar (`tar tzf backup.tar.gz`), so people can look inside.
 */

const BLOCK = 512;
const TYPE_FILE = '0';
const TYPE_DIRECTORY = '5';

export type TarEntry = { name: string; type: 'file' | 'directory'; mode: number; mtime: Date; size: number };

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

function splitName(name: string): { prefix: string; base: string } {
  if (Buffer.byteLength(name) <= 100) return { prefix: '', base: name };
  for (let at = name.indexOf('/'); at !== -1; at = name.indexOf('/', at + 1)) {
    const prefix = name.slice(0, at);
    const base = name.slice(at + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(base) <= 100) return { prefix, base };
  }
  throw new Error(`Path too long for a tar header: ${name}`);
}

export function tarHeader(entry: TarEntry): Buffer {
  const header = Buffer.alloc(BLOCK);
  const { prefix, base } = splitName(entry.type === 'directory' && !entry.name.endsWith('/') ? `${entry.name}/` : entry.name);
  header.write(base, 0, 100, 'utf8');
  header.write(octal(entry.mode & 0o7777, 8), 100, 'ascii');
  header.write(octal(0, 8), 108, 'ascii');
  header.write(octal(0, 8), 116, 'ascii');
  header.write(octal(entry.type === 'file' ? entry.size : 0, 12), 124, 'ascii');
  header.write(octal(Math.floor(entry.mtime.getTime() / 1000), 12), 136, 'ascii');
  header.write(' '.repeat(8), 148, 'ascii');
  header.write(entry.type === 'file' ? TYPE_FILE : TYPE_DIRECTORY, 156, 'ascii');
  header.write('ustar\0', 257, 'ascii');
  header.write('00', 263, 'ascii');
  header.write(prefix, 345, 155, 'utf8');
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return header;
}

/**
 * Writes tar entries into `out`, waiting on back-pressure, so a large archive never piles up in
 * memory. Small pieces are gathered into writes of about 1 MiB: each write downstream (gzip on
 * the thread pool) costs a turn of the event loop, which a busy server makes expensive.
 */
export class TarWriter {
  private buffered: Buffer[] = [];
  private bufferedBytes = 0;

  constructor(
    private readonly out: Writable,
    private readonly flushAt = 1024 * 1024,
  ) {}

  private async write(chunk: Buffer): Promise<void> {
    this.buffered.push(chunk);
    this.bufferedBytes += chunk.length;
    if (this.bufferedBytes >= this.flushAt) await this.flush();
  }

  private flush(): Promise<void> {
    if (this.bufferedBytes === 0) return Promise.resolve();
    const chunk = this.buffered.length === 1 ? (this.buffered[0] as Buffer) : Buffer.concat(this.buffered);
    this.buffered = [];
    this.bufferedBytes = 0;
    return new Promise((resolve, reject) => {
      const ok = this.out.write(chunk, (error) => (error ? reject(error) : undefined));
      if (ok) resolve();
      else this.out.once('drain', resolve);
    });
  }

  async addDirectory(name: string, mode = 0o700, mtime = new Date()): Promise<void> {
    await this.write(tarHeader({ name, type: 'directory', mode, mtime, size: 0 }));
  }

  async addFile(name: string, data: Uint8Array, mode = 0o600, mtime = new Date()): Promise<void> {
    await this.write(tarHeader({ name, type: 'file', mode, mtime, size: data.length }));
    if (data.length > 0) await this.write(Buffer.from(data.buffer, data.byteOffset, data.length));
    const padding = (BLOCK - (data.length % BLOCK)) % BLOCK;
    if (padding > 0) await this.write(Buffer.alloc(padding));
  }

  /**
   * A file of `size` bytes whose content arrives in pieces (a large file read a chunk at a time).
   * `pieces` must yield exactly `size` bytes in total.
   */
  async addStream(name: string, size: number, pieces: AsyncIterable<Uint8Array>, mode = 0o600, mtime = new Date()): Promise<void> {
    await this.write(tarHeader({ name, type: 'file', mode, mtime, size }));
    let written = 0;
    for await (const piece of pieces) {
      written += piece.length;
      if (written > size) throw new Error(`${name}: more bytes than its header announced`);
      await this.write(Buffer.from(piece.buffer, piece.byteOffset, piece.length));
    }
    if (written !== size) throw new Error(`${name}: ${plural(written, { one: '# byte', other: '# bytes' })} instead of ${size}`);
    const padding = (BLOCK - (size % BLOCK)) % BLOCK;
    if (padding > 0) await this.write(Buffer.alloc(padding));
  }

  /** The two zero blocks that end an archive. */
  async finish(): Promise<void> {
    await this.write(Buffer.alloc(BLOCK * 2));
    await this.flush();
  }
}

export type TarHandlers = {
  entry(entry: TarEntry): void;
  data(chunk: Buffer): void;
  entryEnd(): void;
};

function readString(block: Buffer, start: number, length: number): string {
  const field = block.subarray(start, start + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? length : end).toString('utf8');
}

function readOctal(block: Buffer, start: number, length: number): number {
  const text = readString(block, start, length).trim();
  return text === '' ? 0 : parseInt(text, 8);
}

/**
 * A streaming reader: feed it chunks of an (uncompressed) archive; it calls back per entry and
 * per piece of file data. Anything but files and directories is refused, as is a bad checksum.
 */
export class TarReader {
  private pending: Buffer = Buffer.alloc(0);
  private remaining = 0;
  private padding = 0;
  private inEntry = false;
  private ended = false;

  constructor(private readonly handlers: TarHandlers) {}

  get finished(): boolean {
    return this.ended;
  }

  write(chunk: Buffer): void {
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    for (;;) {
      if (this.ended) return;
      if (this.remaining > 0) {
        if (this.pending.length === 0) return;
        const piece = this.pending.subarray(0, Math.min(this.remaining, this.pending.length));
        this.pending = this.pending.subarray(piece.length);
        this.remaining -= piece.length;
        this.handlers.data(piece);
        continue;
      }
      if (this.inEntry) {
        this.inEntry = false;
        this.handlers.entryEnd();
      }
      if (this.padding > 0) {
        const skip = Math.min(this.padding, this.pending.length);
        this.pending = this.pending.subarray(skip);
        this.padding -= skip;
        if (this.padding > 0) return;
      }
      if (this.pending.length < BLOCK) return;
      const block = this.pending.subarray(0, BLOCK);
      this.pending = this.pending.subarray(BLOCK);
      if (block.every((byte) => byte === 0)) {
        this.ended = true;
        return;
      }
      this.readHeader(block);
    }
  }

  private readHeader(block: Buffer): void {
    let sum = 0;
    for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : (block[i] ?? 0);
    if (sum !== readOctal(block, 148, 8)) throw new Error('The archive is damaged (a tar header checksum does not match).');
    const typeFlag = String.fromCharCode(block[156] ?? 0);
    const prefix = readString(block, 345, 155);
    const base = readString(block, 0, 100);
    const name = (prefix ? `${prefix}/${base}` : base).replace(/\/$/, '');
    const size = readOctal(block, 124, 12);
    let type: TarEntry['type'];
    if (typeFlag === TYPE_FILE || typeFlag === '\0') type = 'file';
    else if (typeFlag === TYPE_DIRECTORY) type = 'directory';
    else throw new Error(`The archive holds an entry of a kind a backup never has (type ${JSON.stringify(typeFlag)}: ${name}).`);
    this.handlers.entry({ name, type, mode: readOctal(block, 100, 8), mtime: new Date(readOctal(block, 136, 12) * 1000), size });
    this.inEntry = true;
    this.remaining = type === 'file' ? size : 0;
    this.padding = type === 'file' ? (BLOCK - (size % BLOCK)) % BLOCK : 0;
  }
}
