import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { FileStore } from '@tus/file-store';
import { Server } from '@tus/server';
import type { Database } from '../db/client';
import { markFileReceived, releaseUploads, uploadsInUse } from '../db/stores/entry-store';
import { databaseUploadLocker, type UploadLockerOptions } from './upload-locker';

/** The path the family's page sends its resumable uploads to (tus, ADR 026). */
export const UPLOADS_PATH = '/api/family/uploads';

/** An upload's id names its entry and file: `<entry uuid>.<position>.<random>`; nothing a family typed. */
const UPLOAD_ID = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([0-2])\.([0-9a-f]{16})$/;

export function parseUploadId(id: string): { entryId: string; position: number } | null {
  const match = UPLOAD_ID.exec(id);
  return match ? { entryId: match[1]!, position: Number(match[2]) } : null;
}

/** Uploads not finished within a week are deleted (a family that gave up, or sent it again). */
const UNFINISHED_KEPT_MS = 7 * 24 * 60 * 60_000;

export type EntryUploads = {
  /**
   * Answers one tus request (checked by the caller: the family's link, the entry, the deadline).
   * A creation (POST) takes the id the caller chose with newUploadId and recorded as the file's live upload.
   */
  handle(request: Request, creating?: { uploadId: string }): Promise<Response>;
  /** A new upload's id for one file of an entry: `<entry>.<position>.<random>`. */
  newUploadId(entryId: string, position: number): string;
  /** Deletes one upload's bytes at once (a replaced one). */
  remove(uploadId: string): Promise<void>;
  /** Where a finished upload's bytes are, for the processing job to read. */
  pathOf(uploadId: string): string;
  /** Deletes every upload (finished or not) of these entries. */
  removeUploadsOf(entryIds: readonly string[]): Promise<void>;
  /** Deletes unfinished uploads older than a week; returns how many. */
  removeAbandoned(): Promise<number>;
  /** The entry ids that have uploads here. */
  entryIds(): Promise<string[]>;
};

/**
 * The tus server over a directory (`<ENTRIES_DIR>/incoming`): bytes stream from the request to
 * the file, and an upload resumes at the offset the file has reached, on whichever instance the
 * next request lands (the lock is in the database). When the last byte of a file arrives, the
 * entry learns it; once all its files are here, it is due for checking (entry-worker.ts).
 */
export function createEntryUploads(
  database: Database,
  incomingDir: string,
  options: { maxBytes: number; locker?: Partial<UploadLockerOptions> },
): EntryUploads {
  mkdirSync(incomingDir, { recursive: true, mode: 0o700 });
  const datastore = new FileStore({ directory: incomingDir });
  /** The id each creation request was given by its caller (the route recorded it first). */
  const chosenIds = new WeakMap<Request, string>();
  const server = new Server({
    path: UPLOADS_PATH,
    datastore,
    locker: databaseUploadLocker(database, options.locker),
    maxSize: options.maxBytes,
    relativeLocation: true,
    namingFunction: (request, metadata) => {
      const id = chosenIds.get(request) ?? '';
      // The route checked the entry and file and recorded the id before the request got here; this is the last guard.
      const target = parseUploadId(id);
      if (!target || metadata?.entry !== target.entryId || metadata.position !== String(target.position)) {
        throw { status_code: 400, body: 'The upload does not name its entry.' };
      }
      return id;
    },
    onUploadFinish: async (_request, upload) => {
      const target = parseUploadId(upload.id);
      if (target) await markFileReceived(database.db, target.entryId, target.position, upload.id);
      return {};
    },
  });

  async function namesOf(entryIds: readonly string[]): Promise<string[]> {
    const prefixes = entryIds.map((id) => `${id}.`);
    const names = await readdir(incomingDir).catch(() => [] as string[]);
    return names.filter((name) => prefixes.some((prefix) => name.startsWith(prefix)));
  }

  return {
    handle: (request, creating) => {
      if (creating) chosenIds.set(request, creating.uploadId);
      return server.handleWeb(request);
    },
    newUploadId: (entryId, position) => `${entryId}.${position}.${randomBytes(8).toString('hex')}`,
    async remove(uploadId) {
      if (!parseUploadId(uploadId)) throw new Error('not an upload id');
      // Its bytes and tus's note of it (`<id>.json`), whichever exists.
      await rm(join(incomingDir, uploadId), { force: true });
      await rm(join(incomingDir, `${uploadId}.json`), { force: true });
    },
    pathOf: (uploadId) => {
      if (!parseUploadId(uploadId)) throw new Error('not an upload id');
      return join(incomingDir, uploadId);
    },
    async removeUploadsOf(entryIds) {
      for (const name of await namesOf(entryIds)) await rm(join(incomingDir, name), { force: true });
    },
    async entryIds() {
      const names = await readdir(incomingDir).catch(() => [] as string[]);
      return [...new Set(names.map((name) => parseUploadId(name.replace(/\.json$/, ''))?.entryId).filter((id): id is string => id !== undefined))];
    },
    async removeAbandoned() {
      const names = await readdir(incomingDir).catch(() => [] as string[]);
      const before = Date.now() - UNFINISHED_KEPT_MS;
      const old: string[] = [];
      for (const name of names) {
        if (!parseUploadId(name)) continue;
        const modified = await stat(join(incomingDir, name)).then((info) => info.mtimeMs, () => Date.now());
        if (modified < before) old.push(name);
      }
      if (old.length === 0) return 0;
      // A finished upload waits for its check however long that takes: only unfinished ones go.
      const kept = new Set(await uploadsInUse(database.db, old));
      const abandoned = old.filter((id) => !kept.has(id));
      for (const id of abandoned) await datastore.remove(id).catch(() => undefined);
      await releaseUploads(database.db, abandoned);
      return abandoned.length;
    },
  };
}
