import { Readable } from 'node:stream';
import type { Context } from 'hono';
import type { AppEnv } from '../context';
import { ApiError } from '../lib/errors';
import type { EntryStorage } from './entry-storage';

/**
 * One stored file as a response: the whole file or the range asked for (a player seeks), never
 * cached, never sniffed into something else, under a name that says nothing about the child.
 */
export async function fileResponse(c: Context<AppEnv>, storage: EntryStorage, key: string, downloadName: string): Promise<Response> {
  const size = await storage.size(key);
  if (size === null) throw new ApiError(404, 'not_found', 'This file is not there (yet).');
  const type = key.endsWith('.mp4') ? 'video/mp4' : key.endsWith('.pdf') ? 'application/pdf' : 'image/jpeg';
  const headers: Record<string, string> = {
    'Content-Type': type,
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    'Accept-Ranges': 'bytes',
    'Content-Disposition': `${type === 'application/pdf' ? 'attachment' : 'inline'}; filename="${downloadName}"`,
  };
  const range = /^bytes=(\d*)-(\d*)$/.exec(c.req.header('range') ?? '');
  if (range && (range[1] || range[2])) {
    // "100-" from 100 to the end, "-500" the last 500 bytes, "0-99" the first hundred.
    const start = range[1] ? Number(range[1]) : Math.max(0, size - Number(range[2]));
    const end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
    if (start >= size || start > end) {
      return new Response(null, { status: 416, headers: { ...headers, 'Content-Range': `bytes */${size}` } });
    }
    const body = Readable.toWeb(storage.read(key, { start, end })) as ReadableStream<Uint8Array>;
    return new Response(body, { status: 206, headers: { ...headers, 'Content-Range': `bytes ${start}-${end}/${size}`, 'Content-Length': String(end - start + 1) } });
  }
  const body = Readable.toWeb(storage.read(key)) as ReadableStream<Uint8Array>;
  return new Response(body, { status: 200, headers: { ...headers, 'Content-Length': String(size) } });
}
