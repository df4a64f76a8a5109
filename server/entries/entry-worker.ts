import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { entryRuleFor, type EntryRejection } from '@domain/entries';
import type { CategorySlug } from '@domain/categories';
import type { Deps } from '../context';
import {
  claimNextEntry,
  markEntryReady,
  markEntryRejected,
  retryEntryLater,
  type CheckedFile,
  type ClaimedEntry,
} from '../db/stores/entry-store';
import { describeError } from '../lib/logger';
import type { EntryStorage } from './entry-storage';
import type { EntryUploads } from './entry-uploads';
import { findMediaTools, prepareVideo, preparePhoto, sniffMedia, type MediaTools } from './media-check';

export type EntryWorkerOptions = {
  pollMs: number;
  /** Far longer than one conversion may take (media-check.ts kills ffmpeg long before). */
  leaseMs: number;
  /** After our own failure (a tool missing, a full disk), the entry is tried again this much later. */
  retryMs: number;
};

export const DEFAULT_ENTRY_WORKER_OPTIONS: EntryWorkerOptions = { pollMs: 2_000, leaseMs: 30 * 60_000, retryMs: 10 * 60_000 };

/** Storage keys of one entry's files: ids only, nothing a family typed. */
export const entryKeys = (registrationId: string, entryId: string, position: number) => ({
  video: `${registrationId}/${entryId}/${position}.mp4`,
  photo: `${registrationId}/${entryId}/${position}.jpg`,
  poster: `${registrationId}/${entryId}/${position}-poster.jpg`,
});

type Checked = { files: CheckedFile[]; durationSeconds: number | null; converted: boolean | null } | { problem: EntryRejection };

export type EntryChecker = {
  /** Checks due entries one at a time until none is due; returns how many it handled. */
  checkDue(keepGoing?: () => boolean): Promise<number>;
  /** Stops the conversion in hand (the server is stopping): its entry is due again at once. */
  abort(): void;
};

/**
 * The processing job (ADR 026): takes one received entry at a time, checks each file by its
 * content, keeps a version without metadata (and a poster) in storage, and marks the entry ready
 * or rejected with the reason. The family's bytes stay in the incoming area until this is done:
 * a crash or a missing tool leaves the entry checking, to be tried again, never lost.
 */
export function createEntryChecker(
  deps: Deps,
  storage: EntryStorage,
  uploads: EntryUploads,
  overrides: Partial<EntryWorkerOptions> = {},
  tools: () => Promise<MediaTools | null> = () => findMediaTools(deps.env),
): EntryChecker {
  const options = { ...DEFAULT_ENTRY_WORKER_OPTIONS, ...overrides };
  const { db } = deps.database;
  const stopping = new AbortController();

  async function checkFiles(claim: ClaimedEntry, work: string, mediaTools: MediaTools | null): Promise<Checked> {
    const rule = entryRuleFor(claim.category as CategorySlug, claim.levelId);
    const files: CheckedFile[] = [];
    let durationSeconds: number | null = null;
    let converted: boolean | null = null;
    for (const file of claim.files) {
      const input = uploads.pathOf(file.uploadId);
      const out = join(work, String(file.position));
      const sniffed = await sniffMedia(input);
      const keys = entryKeys(claim.registrationId, claim.id, file.position);
      if (claim.kind === 'video') {
        if (sniffed?.kind !== 'video') return { problem: 'not_a_video' };
        if (!mediaTools) throw new Error('ffmpeg and ffprobe were not found: videos wait until they are installed (README, "Entries").');
        const video = await prepareVideo(input, await mkdtemp(out), { maxSeconds: rule?.kind === 'video' ? rule.maxSeconds : 180, tools: mediaTools, signal: stopping.signal });
        if ('problem' in video) return video;
        await storage.put(keys.video, createReadStream(video.mediaPath));
        await storage.put(keys.poster, createReadStream(video.posterPath));
        durationSeconds = video.durationSeconds;
        converted = video.converted;
        files.push({ position: file.position, mediaKey: keys.video, posterKey: keys.poster, bytes: video.bytes, width: video.width, height: video.height });
      } else {
        if (sniffed?.kind !== 'photo') return { problem: 'not_a_photo' };
        const photo = await preparePhoto(input, await mkdtemp(out));
        // An iPhone's HEIC the bundled image library cannot open: the family can fix that on the phone.
        if ('problem' in photo) return photo.problem === 'unreadable' && ['heic', 'heif'].includes(sniffed.format) ? { problem: 'heic_photo' } : photo;
        await storage.put(keys.photo, createReadStream(photo.photoPath));
        await storage.put(keys.poster, createReadStream(photo.thumbPath));
        files.push({ position: file.position, mediaKey: keys.photo, posterKey: keys.poster, bytes: photo.bytes, width: photo.width, height: photo.height });
      }
    }
    return { files, durationSeconds, converted };
  }

  async function checkOne(claim: ClaimedEntry): Promise<void> {
    const work = await mkdtemp(join(tmpdir(), 'ktc-entry-'));
    try {
      const checked = await checkFiles(claim, work, claim.kind === 'video' ? await tools() : null);
      if ('problem' in checked) {
        await markEntryRejected(db, claim, checked.problem);
        await storage.delete(`${claim.registrationId}/${claim.id}/`);
      } else {
        const { held, replacedKeys } = await markEntryReady(db, claim, checked);
        if (!held) {
          deps.log.warn('entry checked after its lease ran out', { entryId: claim.id });
          return;
        }
        for (const key of replacedKeys) await storage.delete(key);
      }
      await uploads.removeUploadsOf([claim.id]);
    } catch (error) {
      if (stopping.signal.aborted) {
        await retryEntryLater(db, claim, 'The server stopped while checking it.', 0);
        return;
      }
      deps.log.error('checking an entry failed; it will be tried again', { entryId: claim.id, ...describeError(error) });
      await retryEntryLater(db, claim, error instanceof Error ? error.message : String(error), options.retryMs);
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }

  return {
    async checkDue(keepGoing = () => true) {
      let handled = 0;
      while (keepGoing()) {
        const claim = await claimNextEntry(db, options.leaseMs);
        if (!claim) break;
        await checkOne(claim);
        handled += 1;
      }
      return handled;
    },
    abort: () => stopping.abort(),
  };
}

/** Runs the checker every few seconds until stopped; stop() waits for the entry in hand. */
export function startEntryWorker(deps: Deps, checker: EntryChecker, pollMs = DEFAULT_ENTRY_WORKER_OPTIONS.pollMs) {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | null = null;
  const tick = () => {
    running = checker
      .checkDue(() => !stopped)
      .catch((error: unknown) => deps.log.error('the entry checker failed', describeError(error)))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, pollMs);
      });
  };
  timer = setTimeout(tick, pollMs);
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      checker.abort();
      await running;
    },
  };
}
