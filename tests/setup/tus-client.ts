import { readFile } from 'node:fs/promises';
import type { FamilyHarness } from './family-harness';

export const b64 = (text: string) => Buffer.from(text).toString('base64');

/** The tus 1.0 requests the family's page makes (tus-js-client), by hand; `address`: the caller's (X-Forwarded-For). */
export function tusClient(h: FamilyHarness, token: string, address?: string) {
  const headers = (extra: Record<string, string> = {}) => ({ 'Tus-Resumable': '1.0.0', ...(address ? { 'X-Forwarded-For': address } : {}), ...extra });
  return {
    async create(entryId: string, position: number, length: number, extraMetadata = ''): Promise<Response> {
      return h.family(token, '/uploads', {
        method: 'POST',
        headers: headers({ 'Upload-Length': String(length), 'Upload-Metadata': `entry ${b64(entryId)},position ${b64(String(position))}${extraMetadata}` }),
      });
    },
    async patch(location: string, offset: number, body: Uint8Array<ArrayBuffer>): Promise<Response> {
      return h.family(token, location.replace(/^\/api\/family/, ''), {
        method: 'PATCH',
        // A browser's XHR always says the part's length; app.request does not add it by itself.
        headers: headers({ 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream', 'Content-Length': String(body.length) }),
        body,
      });
    },
    async head(location: string): Promise<Response> {
      return h.family(token, location.replace(/^\/api\/family/, ''), { method: 'HEAD', headers: headers() });
    },
  };
}

/** Creates an entry for `files` and sends each file whole through tus. */
export async function sendEntry(h: FamilyHarness, token: string, entry: { id: string; category: string; files: string[] }): Promise<void> {
  const contents = await Promise.all(entry.files.map((path) => readFile(path)));
  const created = await h.family(token, '/entries', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ id: entry.id, category: entry.category, levelId: 'level1', files: contents.map((bytes) => ({ bytes: bytes.length })) }),
  });
  if (created.status !== 201) throw new Error(`creating the entry answered ${created.status}: ${await created.text()}`);
  const tus = tusClient(h, token);
  for (const [position, bytes] of contents.entries()) {
    const location = (await tus.create(entry.id, position, bytes.length)).headers.get('location');
    if (!location) throw new Error('no upload location');
    const sent = await tus.patch(location, 0, bytes);
    if (sent.status !== 204) throw new Error(`sending answered ${sent.status}`);
  }
}
