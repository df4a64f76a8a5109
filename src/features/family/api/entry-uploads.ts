import Dexie, { type EntityTable } from 'dexie';
import type { HttpRequest, HttpResponse } from 'tus-js-client';
import type { CategorySlug } from '@domain/categories';
import { entryRuleFor, UPLOAD_CHUNK_BYTES } from '@domain/entries';
import type { LevelId } from '@domain/season';
import { api, apiHref, API_HEADERS, readResponse, ApiRequestError } from '@/lib/api-client';
import { canMakeCopies, makeSmallerCopy, type CopyFailure, type CopyOutcome } from '../utils/smaller-copy';
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
  /**
   * The smaller copy judges need (issue 48): `making` until the phone has made it (`file` is the
   * original meanwhile); `made` once `file` is the copy; `original` when the family chose the
   * original or the copy would not have been smaller; `failed` when the phone could not make it.
   */
  copy: 'making' | 'made' | 'original' | 'failed';
  copyFailure: CopyFailure | null;
  /** The file the family chose, kept until the entry is sent: it can always be sent instead. */
  original: Blob;
};

class EntryUploadsDatabase extends Dexie {
  uploads!: EntityTable<PendingUpload, 'key'>;

  constructor() {
    super('ktc-entry-uploads');
    // A shipped version is never edited: add version(n + 1) with an upgrade instead.
    this.version(1).stores({ uploads: 'key, entryId, savedAt' });
    // Issue 48: files kept before copies were made are sent as they are.
    this.version(2)
      .stores({ uploads: 'key, entryId, savedAt' })
      .upgrade((tx) =>
        tx
          .table<PendingUpload>('uploads')
          .toCollection()
          .modify((upload) => {
            upload.copy = 'original';
            upload.copyFailure = null;
            upload.original = upload.file;
          }),
      );
  }
}

let shared: EntryUploadsDatabase | null = null;
export function entryUploadsDb(): EntryUploadsDatabase {
  shared ??= new EntryUploadsDatabase();
  return shared;
}

const RETRY_DELAYS_MS = [0, 1_000, 3_000, 5_000, 10_000, 20_000, 30_000, 60_000];

export type UploadProgress =
  | { phase: 'sending'; entryId: string; sent: number; total: number; bytesPerSecond: number | null; waiting: boolean }
  /** The phone making the copy: `share` done (0-1), the copy's expected size once known (videos). */
  | { phase: 'copying'; entryId: string; share: number; secondsLeft: number | null; plannedBytes: number | null };

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
  const kind = entryRuleFor(entry.category as CategorySlug, entry.levelId)?.kind === 'video' ? 'video' : 'photo';
  const copies = canMakeCopies(kind);
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
      copy: copies ? 'making' : 'failed',
      copyFailure: copies ? null : 'cannot_read',
      original: file,
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

/** The work in hand for an entry on this page (its copy or its upload), to stop when the family sends the original instead. */
const inHand = new Map<string, AbortController>();

/**
 * Sends the files the family chose rather than the copies, whenever they ask: before the copy is
 * made, or while it is being sent (then as a new entry: the server was told the copy's size).
 */
export async function sendOriginalInstead(entryId: string): Promise<void> {
  const db = entryUploadsDb();
  await db.transaction('rw', db.uploads, async () => {
    const rows = await db.uploads.where('entryId').equals(entryId).toArray();
    if (rows.length === 0) return;
    const id = rows.some((row) => row.entryCreated) ? crypto.randomUUID() : entryId;
    await db.uploads.where('entryId').equals(entryId).delete();
    await db.uploads.bulkPut(
      rows.map((row) => ({
        ...row,
        key: `${id}:${row.position}`,
        entryId: id,
        file: row.original,
        bytes: row.original.size,
        entryCreated: false,
        uploadUrl: null,
        copy: 'original' as const,
        copyFailure: null,
      })),
    );
  });
  inHand.get(entryId)?.abort();
}

const isQuotaError = (error: unknown) =>
  error instanceof Error && [error.name, (error as { inner?: { name?: string } }).inner?.name].includes('QuotaExceededError');

/** Keeps what the worker made in place of the original, unless the family chose the original meanwhile. */
async function keepCopy(key: string, outcome: CopyOutcome): Promise<void> {
  const db = entryUploadsDb();
  const keep = (change: Partial<PendingUpload>) =>
    db.transaction('rw', db.uploads, async () => {
      const row = await db.uploads.get(key);
      if (row?.copy !== 'making') return;
      // A copy no smaller than the original (a phone's own 720p video, a small photo) is not worth sending.
      if ('file' in change && change.file && change.file.size >= row.original.size) await db.uploads.update(key, { copy: 'original' });
      else await db.uploads.update(key, change);
    });
  const failed = (reason: CopyFailure) => keep({ copy: 'failed', copyFailure: reason });
  if ('failed' in outcome) return failed(outcome.failed);
  try {
    await keep({ copy: 'made', file: outcome.copy, bytes: outcome.copy.size });
  } catch (error) {
    // No room on the phone for the copy beside the original: the original it is.
    if (isQuotaError(error)) return failed('no_room');
    throw error;
  }
}

/** Makes the copies an entry's files wait for, one after another, saying how far it got. */
async function makeCopies(files: PendingUpload[], onProgress: (progress: UploadProgress) => void, signal: AbortSignal): Promise<void> {
  const first = files[0]!;
  const kind = entryRuleFor(first.category as CategorySlug, first.levelId)?.kind === 'video' ? 'video' : 'photo';
  const started = performance.now();
  let plannedBytes: number | null = null;
  for (const [index, file] of files.entries()) {
    if (file.copy !== 'making') continue;
    const report = (share: number) => {
      const done = (index + share) / files.length;
      const elapsed = (performance.now() - started) / 1000;
      const secondsLeft = done >= 0.02 && elapsed >= 1 ? Math.ceil((elapsed * (1 - done)) / done) : null;
      onProgress({ phase: 'copying', entryId: first.entryId, share: done, secondsLeft, plannedBytes });
    };
    report(0);
    const outcome = await makeSmallerCopy(
      { kind, file: file.file },
      {
        onPlan: (bytes) => {
          plannedBytes = bytes;
          report(0);
        },
        onProgress: report,
      },
      signal,
    );
    await keepCopy(file.key, outcome);
  }
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

/**
 * The tus client comes when a file is sent, not with this module: a family's page lists the
 * entries waiting on the device, and offers to keep new ones, on every visit, while a file is sent
 * on few. Evaluating the client took 54-106 ms of one task at a slow phone's speed, after the page
 * was drawn (ADR 032). A failed download fails this try; the page tries again (use-entry-uploads.ts).
 */
async function sendFile(upload: PendingUpload, onBytes: (sent: number) => void, signal: AbortSignal): Promise<void> {
  const { Upload } = await import('tus-js-client');
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
    // Copies first, every entry's (they need no connection); then the oldest entry is sent.
    const first = waiting.find((upload) => upload.copy === 'making') ?? waiting[0];
    if (!first || signal.aborted) break;
    const files = waiting.filter((upload) => upload.entryId === first.entryId);
    const total = files.reduce((sum, file) => sum + file.bytes, 0);
    const entry = new AbortController();
    const stopEntry = () => entry.abort();
    signal.addEventListener('abort', stopEntry, { once: true });
    inHand.set(first.entryId, entry);
    try {
      if (files.some((file) => file.copy === 'making')) {
        // The copies first (they decide the sizes the server is told); then this entry again.
        await makeCopies(files, onProgress, entry.signal);
        continue;
      }
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
            onProgress({ phase: 'sending', entryId: first.entryId, sent: before + sent, total, bytesPerSecond: rate, waiting: false });
          },
          entry.signal,
        );
        await entryUploadsDb().uploads.delete(file.key);
        before += file.bytes;
      }
    } catch (error) {
      // The family chose to send the original: its rows are new, the loop takes them next.
      if (entry.signal.aborted && !signal.aborted) continue;
      if (error instanceof Refused) {
        await entryUploadsDb().uploads.where('entryId').equals(first.entryId).modify({ refused: error.message });
        continue;
      }
      onProgress({ phase: 'sending', entryId: first.entryId, sent: 0, total, bytesPerSecond: null, waiting: true });
      throw error;
    } finally {
      signal.removeEventListener('abort', stopEntry);
      inHand.delete(first.entryId);
    }
  }
  onProgress(null);
}
