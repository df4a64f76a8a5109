import Dexie, { type EntityTable } from 'dexie';
import { Upload, type HttpRequest, type HttpResponse } from 'tus-js-client';
import { UPLOAD_CHUNK_BYTES } from '@domain/entries';
import type { LevelId } from '@domain/season';
import { api, apiHref, API_HEADERS, readResponse, ApiRequestError } from '@/lib/api-client';
import { bearer } from './family-keys';

/**
 * A file of an entry waiting on this device until the server has every byte (issue 23, ADR 026).
 * The file itself is kept (a Blob in IndexedDB, on disk), not only a pointer to it: after a
 * crash, a closed browser or a reboot, the upload goes on from the last byte the server confirmed.
 */
export type PendingUpload = {
  /** `<entryId>:<position>` */
  key: string;
  entryId: string;
  position: number;
  fileCount: number;
  category: string;
  levelId: LevelId;
  /** The family's private link token: the upload's credential (kept like the outbox's, never exported). */
  credential: string;
  file: Blob;
  bytes: number;
  /** Set once the server has the entry (POST /api/family/entries). */
  entryCreated: boolean;
  /** The tus upload's address, once created: where a resumed upload continues. */
  uploadUrl: string | null;
  savedAt: string;
  /** The server refused the entry (its words); the file is kept until the family removes it. */
  refused: string | null;
};

class EntryUploadsDatabase extends Dexie {
  uploads!: EntityTable<PendingUpload, 'key'>;

  constructor() {
    super('ktc-entry-uploads');
    // A shipped version is never edited: add version(n + 1) with an upgrade instead.
    this.version(1).stores({ uploads: 'key, entryId, savedAt' });
  }
}

let shared: EntryUploadsDatabase | null = null;
export function entryUploadsDb(): EntryUploadsDatabase {
  shared ??= new EntryUploadsDatabase();
  return shared;
}

const RETRY_DELAYS_MS = [0, 1_000, 3_000, 5_000, 10_000, 20_000, 30_000, 60_000];

export type UploadProgress = { entryId: string; sent: number; total: number; bytesPerSecond: number | null; waiting: boolean };

/**
 * Keeps the chosen files on the device, then sends them. Saving comes first and is all-or-
 * nothing: what a family chose is either all on the device or not at all.
 */
export async function keepEntryFiles(entry: {
  id: string;
  category: string;
  levelId: LevelId;
  credential: string;
  files: readonly Blob[];
}): Promise<void> {
  const savedAt = new Date().toISOString();
  // Ask the browser not to evict what is kept here under storage pressure (as the outbox does).
  void navigator.storage?.persist?.().catch(() => false);
  await entryUploadsDb().uploads.bulkPut(
    entry.files.map((file, position) => ({
      key: `${entry.id}:${position}`,
      entryId: entry.id,
      position,
      fileCount: entry.files.length,
      category: entry.category,
      levelId: entry.levelId,
      credential: entry.credential,
      file,
      bytes: file.size,
      entryCreated: false,
      uploadUrl: null,
      savedAt,
      refused: null,
    })),
  );
}

export function pendingUploadsOf(credential: string): Promise<PendingUpload[]> {
  return entryUploadsDb()
    .uploads.orderBy('savedAt')
    .filter((upload) => upload.credential === credential)
    .toArray();
}

export async function forgetEntry(entryId: string): Promise<void> {
  await entryUploadsDb().uploads.where('entryId').equals(entryId).delete();
}

/** A 4xx the server means (not a dropped connection): the message the family should read. */
class Refused extends Error {}

async function createEntryOnServer(first: PendingUpload, files: PendingUpload[]): Promise<void> {
  try {
    await readResponse(
      api.family.entries.$post(
        { json: { id: first.entryId, category: first.category as never, levelId: first.levelId, files: files.map((file) => ({ bytes: file.bytes })) } },
        bearer(first.credential),
      ),
    );
  } catch (error) {
    if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500 && error.status !== 408) {
      throw new Refused(error.body?.error.code ?? 'refused');
    }
    throw error;
  }
  await entryUploadsDb().uploads.where('entryId').equals(first.entryId).modify({ entryCreated: true });
}

function sendFile(upload: PendingUpload, onBytes: (sent: number) => void, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const tus = new Upload(upload.file, {
      endpoint: apiHref(api.family.uploads.$path()),
      uploadUrl: upload.uploadUrl,
      chunkSize: UPLOAD_CHUNK_BYTES,
      retryDelays: RETRY_DELAYS_MS,
      storeFingerprintForResuming: false,
      metadata: { entry: upload.entryId, position: String(upload.position), filetype: upload.file.type },
      headers: { ...API_HEADERS, Authorization: `Bearer ${upload.credential}` },
      uploadSize: upload.bytes,
      onUploadUrlAvailable: () => {
        if (tus.url) void entryUploadsDb().uploads.update(upload.key, { uploadUrl: tus.url });
      },
      onProgress: (sent) => onBytes(sent),
      onShouldRetry: (error) => {
        const status = (error as { originalResponse?: HttpResponse | null }).originalResponse?.getStatus() ?? 0;
        // Our 4xx answers (other family's entry, window closed, wrong size) do not change on retry; a rate limit (429) does.
        return status === 0 || status === 409 || status === 423 || status === 429 || status >= 500;
      },
      onError: (error) => {
        const response = (error as { originalResponse?: HttpResponse | null }).originalResponse;
        const status = response?.getStatus() ?? 0;
        // A rate limit still there after the retries is not a refusal: the file waits for the next try.
        if (status >= 400 && status < 500 && status !== 409 && status !== 423 && status !== 429) {
          let code = 'refused';
          try {
            code = (JSON.parse(response?.getBody() ?? '') as { error?: { code?: string } }).error?.code ?? code;
          } catch {
            // not our JSON: keep "refused"
          }
          reject(new Refused(code));
          return;
        }
        reject(error);
      },
      onSuccess: () => resolve(),
      onBeforeRequest: (request: HttpRequest) => {
        if (signal.aborted) request.abort().catch(() => undefined);
      },
    });
    signal.addEventListener('abort', () => void tus.abort().then(() => reject(new DOMException('stopped', 'AbortError'))), { once: true });
    tus.start();
  });
}

/**
 * Sends every entry this link has waiting on the device, one file at a time, oldest first.
 * A file leaves the device only when the server has all of it; a refusal keeps it, marked, so
 * the page can say why. Returns when nothing is left to try (or `signal` stops it).
 */
export async function sendPendingEntries(credential: string, onProgress: (progress: UploadProgress | null) => void, signal: AbortSignal): Promise<void> {
  for (;;) {
    const waiting = (await pendingUploadsOf(credential)).filter((upload) => upload.refused === null);
    const first = waiting[0];
    if (!first || signal.aborted) break;
    const files = waiting.filter((upload) => upload.entryId === first.entryId);
    const total = files.reduce((sum, file) => sum + file.bytes, 0);
    try {
      if (!first.entryCreated) await createEntryOnServer(first, files);
      let before = 0;
      let lastAt = performance.now();
      let lastSent = 0;
      let rate: number | null = null;
      for (const file of files) {
        await sendFile(
          file,
          (sent) => {
            const now = performance.now();
            const seconds = (now - lastAt) / 1000;
            if (seconds >= 1) {
              const current = (before + sent - lastSent) / seconds;
              rate = rate === null ? current : rate * 0.7 + current * 0.3;
              lastAt = now;
              lastSent = before + sent;
            }
            onProgress({ entryId: first.entryId, sent: before + sent, total, bytesPerSecond: rate, waiting: false });
          },
          signal,
        );
        await entryUploadsDb().uploads.delete(file.key);
        before += file.bytes;
      }
    } catch (error) {
      if (error instanceof Refused) {
        await entryUploadsDb().uploads.where('entryId').equals(first.entryId).modify({ refused: error.message });
        continue;
      }
      onProgress({ entryId: first.entryId, sent: 0, total, bytesPerSecond: null, waiting: true });
      throw error;
    }
  }
  onProgress(null);
}
