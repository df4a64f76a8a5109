import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { TarReader, TarWriter, tarHeader, type TarEntry } from './tar';

async function archive(build: (tar: TarWriter) => Promise<void>): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const tar = new TarWriter(out, 1000);
  await build(tar);
  await tar.finish();
  out.end();
  return Buffer.concat(chunks);
}

function read(bytes: Buffer, pieceSize: number): Array<TarEntry & { data: string }> {
  const entries: Array<TarEntry & { data: string }> = [];
  const reader = new TarReader({
    entry: (entry) => entries.push({ ...entry, data: '' }),
    data: (chunk) => {
      const last = entries.at(-1);
      if (last) last.data += chunk.toString('latin1');
    },
    entryEnd: () => {},
  });
  for (let at = 0; at < bytes.length; at += pieceSize) reader.write(bytes.subarray(at, at + pieceSize));
  expect(reader.finished).toBe(true);
  return entries;
}

const longName = `${'deep/'.repeat(30)}file`;

describe('tar', () => {
  it('reads back what it wrote, whatever the chunking, long names included', async () => {
    const big = Buffer.alloc(5000, 7);
    const bytes = await archive(async (tar) => {
      await tar.addDirectory('base');
      await tar.addFile('base/empty', Buffer.alloc(0));
      await tar.addFile('base/big', big);
      await tar.addFile(longName, Buffer.from('x'));
    });
    for (const piece of [1, 7, 512, 100_000]) {
      const entries = read(bytes, piece);
      expect(entries.map((e) => [e.name, e.type, e.data.length])).toEqual([
        ['base', 'directory', 0],
        ['base/empty', 'file', 0],
        ['base/big', 'file', 5000],
        [longName, 'file', 1],
      ]);
      expect(entries[2]?.data).toBe(big.toString('latin1'));
    }
  });

  it('writes archives GNU tar lists and extracts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ktc-tar-'));
    try {
      const bytes = await archive(async (tar) => {
        await tar.addDirectory('global');
        await tar.addFile('global/pg_control', Buffer.from('control'));
        await tar.addFile(longName, Buffer.from('deep'));
      });
      writeFileSync(join(dir, 'a.tar'), bytes);
      expect(execFileSync('tar', ['tf', join(dir, 'a.tar')]).toString().trim().split('\n')).toEqual(['global/', 'global/pg_control', longName]);
      execFileSync('tar', ['xf', join(dir, 'a.tar'), '-C', dir]);
      expect(readFileSync(join(dir, 'global/pg_control'), 'utf8')).toBe('control');
      expect(readFileSync(join(dir, longName), 'utf8')).toBe('deep');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a damaged header and entries a backup never holds', () => {
    const header = tarHeader({ name: 'a', type: 'file', mode: 0o600, mtime: new Date(0), size: 0 });
    header[0] = 'b'.charCodeAt(0);
    expect(() => read(Buffer.concat([header, Buffer.alloc(1024)]), 512)).toThrow(/checksum/);
    const link = tarHeader({ name: 'a', type: 'file', mode: 0o600, mtime: new Date(0), size: 0 });
    link.write('2', 156, 'ascii');
    link.write('        ', 148, 'ascii');
    let sum = 0;
    for (const byte of link) sum += byte;
    link.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
    expect(() => read(Buffer.concat([link, Buffer.alloc(1024)]), 512)).toThrow(/never has/);
  });
});
