import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { entryProblems, entryRuleFor, MAX_PHOTOS, MAX_SENDS_PER_CONTEST, MAX_UNFINISHED_BYTES, newEntrySchema, type EntryRule } from '@domain/entries';
import type { CategorySlug } from '@domain/categories';
import { SEASON } from '@domain/season';
import type { AppEnv } from '../../context';
import { auditFamily } from '../../lib/audit';
import { ApiError } from '../../lib/errors';
import { readAudit, readsPersonalData } from '../../lib/read-audit';
import { jsonBody, pathParams, uuidAndPositionParams } from '../../lib/validators';
import { beginUpload, createEntry, entriesOf, entryFileTarget, findEntry, markFileReceived, releaseUploads, storedFile, undoBeginUpload, type EntryView } from '../../db/stores/entry-store';
import { entryFilesOf } from '../../entries/entry-files';
import { fileResponse } from '../../entries/file-response';
import { parseUploadId } from '../../entries/entry-uploads';
import type { AdminRegistration } from '../../db/stores/registration-row';
import { limitPublicWrite } from '../../lib/rate-limits';
import { linkedRegistration, linkOf, requireFamilyLink } from '../family/family-link-auth';
import { plural } from '@domain/plural';

/** An upload begun before the window closed may finish within this time after it (a slow connection). */
export const FINISHING_GRACE_MS = 6 * 60 * 60_000;

const closedMessage = (rule: EntryRule) => {
  const day = new Intl.DateTimeFormat('en-IN', { timeZone: SEASON.timeZone, day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(rule.closesAt));
  return `Entries for this contest closed on ${day}, when judging started. New files cannot be sent.`;
};

/** The registration's contests that take an entry now, with their rule. */
function contestRule(registration: AdminRegistration, category: string, levelId: 'level1' | 'level2' | 'level3'): EntryRule {
  if (registration.type !== 'participant') throw new ApiError(409, 'conflict', 'An institute registration sends no entries; each child sends their own.');
  if (registration.cancelledAt) throw new ApiError(409, 'conflict', 'This registration was cancelled, so it takes no entry.');
  if (!registration.categories.includes(category as CategorySlug)) throw new ApiError(422, 'validation_failed', 'This child is not registered for that contest.', { category: 'Not one of this registration’s contests.' });
  const rule = entryRuleFor(category as CategorySlug, levelId);
  if (!rule) throw new ApiError(409, 'conflict', 'This contest is judged in person: there is nothing to send.');
  return rule;
}

/** What each of the family's contests asks for, the entry that counts and the one in progress. */
function contestsOf(registration: AdminRegistration, entries: EntryView[]) {
  return registration.categories.map((category) => {
    const rule = entryRuleFor(category as CategorySlug, 'level1');
    const mine = entries.filter((entry) => entry.category === category && entry.levelId === 'level1');
    const counting = mine.find((entry) => entry.status === 'ready') ?? null;
    const latest = mine.find((entry) => entry.status !== 'replaced') ?? null;
    return { category, levelId: 'level1' as const, rule, counting, latest: latest && latest.id !== counting?.id ? latest : null };
  });
}

/** A new upload names its entry and file in Upload-Metadata (base64 values, tus 1.0). */
function metadataOf(c: Context<AppEnv>): Map<string, string> {
  return new Map(
    (c.req.header('upload-metadata') ?? '')
      .split(',')
      .map((pair) => pair.trim().split(' '))
      .map(([key = '', value = '']) => [key, Buffer.from(value, 'base64').toString('utf8')] as const),
  );
}

/** The checks every tus request passes first: this family's entry, still open, the size it said. */
async function checkUploadRequest(c: Context<AppEnv>): Promise<{ entryId: string; position: number }> {
  const registration = await linkedRegistration(c);
  const id = c.req.param('id');
  // A new upload names its entry and file in its metadata; a started one in its id.
  const metadata = id === undefined ? metadataOf(c) : null;
  let target: { entryId: string; position: number } | null;
  if (metadata) {
    const position = Number(metadata.get('position'));
    target = /^[0-9a-f-]{36}$/.test(metadata.get('entry') ?? '') && [0, 1, 2].includes(position) ? { entryId: metadata.get('entry')!, position } : null;
  } else {
    target = parseUploadId(id ?? '');
  }
  if (!target) throw new ApiError(404, 'not_found', 'No such upload.');
  const file = await entryFileTarget(c.var.deps.database.db, target.entryId, target.position);
  // Another family's entry answers exactly like one that does not exist.
  if (!file || file.registrationId !== registration.id) throw new ApiError(404, 'not_found', 'No such upload.');
  // One live upload per file: one that was replaced is gone (the page starts again with a new one).
  if (!metadata && file.uploadId !== null && file.uploadId !== id) throw new ApiError(404, 'not_found', 'No such upload.');
  const rule = contestRule(registration, file.category, file.levelId);
  if (metadata) {
    if (file.received || file.status !== 'uploading') throw new ApiError(409, 'conflict', 'This file has already been received.');
    // What the phone says the file is: a first filter only (the content is checked after), so an
    // obvious mistake is refused before a byte is stored. Some phones say nothing; that passes.
    const declared = metadata.get('filetype') ?? '';
    const expected = rule.kind === 'video' ? 'video/' : 'image/';
    if (declared && !declared.startsWith(expected)) {
      throw new ApiError(415, 'unsupported_media_type', rule.kind === 'video' ? 'This contest takes a video; the chosen file is not one.' : 'This contest takes photos; the chosen file is not one.');
    }
    if (c.req.header('upload-length') !== String(file.declaredBytes)) {
      throw new ApiError(413, 'payload_too_large', 'The file is not the size the page said it would send. Choose the file again.');
    }
  }
  const now = c.var.deps.now().getTime();
  const closesAt = new Date(rule.closesAt).getTime();
  const begunInTime = new Date(file.createdAt).getTime() < closesAt && now < closesAt + FINISHING_GRACE_MS;
  if (now >= closesAt && !begunInTime) throw new ApiError(403, 'entries_closed', closedMessage(rule));
  return target;
}

const TOO_MUCH_UNFINISHED = `This registration already has ${MAX_UNFINISHED_BYTES / 1024 ** 3} GB of files that were begun and not finished. Finish sending those first; files not finished within a week are cleared.`;

/**
 * A new upload (tus POST): within the link's and the address's limits and the registration's room
 * for unfinished files, it becomes the file's one live upload, and the one it replaces is deleted.
 */
async function beginTus(c: Context<AppEnv>): Promise<Response> {
  const target = await checkUploadRequest(c);
  await limitPublicWrite(c, [{ bucket: 'uploadsPerLink', cost: 1 }, { bucket: 'uploads', cost: 1 }], String(linkOf(c).id));
  const { uploads } = entryFilesOf(c.var.deps);
  const { db } = c.var.deps.database;
  const uploadId = uploads.newUploadId(target.entryId, target.position);
  const begun = await beginUpload(db, { ...target, uploadId, maxUnfinishedBytes: MAX_UNFINISHED_BYTES });
  if (begun.status === 'received') throw new ApiError(409, 'conflict', 'This file has already been received.');
  if (begun.status === 'full') throw new ApiError(413, 'unfinished_uploads', TOO_MUCH_UNFINISHED);
  const response = await uploads.handle(c.req.raw, { uploadId });
  if (response.status === 201) {
    if (begun.replaced) await uploads.remove(begun.replaced);
  } else {
    await undoBeginUpload(db, { ...target, uploadId, restore: begun.replaced });
  }
  return response;
}

/** A request of an upload begun: its offset (HEAD), a part (PATCH), or its end (DELETE). */
async function tus(c: Context<AppEnv>): Promise<Response> {
  const target = await checkUploadRequest(c);
  const { uploads } = entryFilesOf(c.var.deps);
  const response = await uploads.handle(c.req.raw);
  if (c.req.method === 'DELETE' && response.status === 204) await releaseUploads(c.var.deps.database.db, [c.req.param('id')!]);
  // Every byte here but the finish not recorded (the database failed at that moment): record it now.
  const offset = response.headers.get('upload-offset');
  if (c.req.method === 'HEAD' && offset !== null && offset === response.headers.get('upload-length')) {
    await markFileReceived(c.var.deps.database.db, target.entryId, target.position, c.req.param('id')!);
  }
  return response;
}

/** Family: the child's entries for each contest, sending one (tus, ADR 026) and its thumbnail. */
export const entryRoutes = new Hono<AppEnv>()
  .get('/entries', requireFamilyLink, readsPersonalData('read.family.entries', 'registration'), async (c) => {
    const registration = await linkedRegistration(c);
    readAudit(c).entityId = registration.id;
    // An institute sends nothing itself, and a cancelled registration takes no entry.
    if (registration.type !== 'participant' || registration.cancelledAt) return c.json({ contests: [] as ReturnType<typeof contestsOf> }, 200);
    return c.json({ contests: contestsOf(registration, await entriesOf(c.var.deps.database.db, registration.id)) }, 200);
  })
  .post('/entries', requireFamilyLink, jsonBody(newEntrySchema), async (c) => {
    const input = c.req.valid('json');
    const registration = await linkedRegistration(c);
    const rule = contestRule(registration, input.category, input.levelId);
    const problems = entryProblems(rule, input.files, c.var.deps.now());
    if (problems.includes('closed')) throw new ApiError(403, 'entries_closed', closedMessage(rule));
    if (problems.length > 0) {
      const limit = rule.kind === 'video' ? `one video of at most ${rule.maxBytes / 1024 / 1024} MB` : `${rule.minPhotos} to ${plural(rule.maxPhotos, { one: '# photo', other: '# photos' })} of at most ${rule.maxBytesEach / 1024 / 1024} MB each`;
      throw new ApiError(422, 'validation_failed', `This contest takes ${limit}.`, { files: problems.join(', ') });
    }
    const { status, entry } = await createEntry(
      c.var.deps.database,
      { id: input.id, registrationId: registration.id, category: input.category, levelId: input.levelId, kind: rule.kind, fileBytes: input.files.map((file) => file.bytes), createdAt: c.var.deps.now() },
      MAX_SENDS_PER_CONTEST,
    );
    if (status === 'tooMany') {
      throw new ApiError(429, 'too_many_requests', `This child has already sent ${MAX_SENDS_PER_CONTEST} entries for this contest, the most we take. Write to us if you need to send another.`);
    }
    if (status === 'conflict' || !entry) throw new ApiError(409, 'conflict', 'This entry id is already used for other files. Reload the page and choose the file again.');
    if (status === 'created') await auditFamily(c, 'entry.created', registration.id, { entryId: entry.id, category: entry.category, files: entry.files.length });
    return c.json({ entry }, status === 'created' ? 201 : 200);
  })
  .post('/uploads', requireFamilyLink, beginTus)
  // Hono routes a HEAD request as a GET; an upload's bytes are never read back (tus GET is refused).
  .on(['GET', 'PATCH', 'DELETE'], '/uploads/:id', requireFamilyLink, pathParams({ id: z.string().refine((id) => parseUploadId(id) !== null) }, 'No such upload.'), async (c) => {
    if (c.req.method === 'GET') throw new ApiError(404, 'not_found', 'An upload cannot be read back.');
    return tus(c);
  })
  .get('/entries/:id/files/:position/thumbnail', requireFamilyLink, uuidAndPositionParams('No such entry.', MAX_PHOTOS - 1), readsPersonalData('read.entry.file', 'entry'), async (c) => {
    const { id, position } = c.req.valid('param');
    const registration = await linkedRegistration(c);
    const entry = await findEntry(c.var.deps.database.db, id);
    if (!entry || entry.registrationId !== registration.id) throw new ApiError(404, 'not_found', 'No such entry.');
    readAudit(c).entityId = entry.id;
    const stored = await storedFile(c.var.deps.database.db, entry.id, position);
    if (!stored?.posterKey) throw new ApiError(404, 'not_found', 'This entry has no thumbnail yet.');
    return fileResponse(c, entryFilesOf(c.var.deps).storage, stored.posterKey, `entry-${position + 1}.jpg`);
  });
