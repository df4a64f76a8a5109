import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { EntryKind, EntryRejection, EntryStatus } from '@domain/entries';
import type { LevelId } from '@domain/season';
import { pageOf, preciseTime, type CreatedAtCursor } from '../../lib/created-at-cursor';
import { rowsOf, type Database, type Db } from '../client';
import { entries, entryFiles, registrations } from '../schema';
import { fromNow, nextDueId } from './lease';

type EntryRow = typeof entries.$inferSelect;
type FileRow = typeof entryFiles.$inferSelect;

const iso = (value: string | null) => (value ? new Date(value).toISOString() : null);

/** An entry as its family and the admins see it: no upload ids, no storage keys. */
export function toEntryView(row: EntryRow, files: FileRow[]) {
  return {
    id: row.id,
    category: row.category,
    levelId: row.levelId as LevelId,
    kind: row.kind as EntryKind,
    status: row.status as EntryStatus,
    problem: (row.problem ?? null) as EntryRejection | null,
    durationSeconds: row.durationSeconds,
    converted: row.converted,
    createdAt: new Date(row.createdAt).toISOString(),
    receivedAt: iso(row.receivedAt),
    checkedAt: iso(row.checkedAt),
    files: files
      .filter((file) => file.entryId === row.id)
      .sort((a, b) => a.position - b.position)
      .map((file) => ({
        position: file.position,
        declaredBytes: file.declaredBytes,
        received: file.receivedAt !== null,
        bytes: file.bytes,
        width: file.width,
        height: file.height,
        hasPoster: file.posterKey !== null,
      })),
  };
}

export type EntryView = ReturnType<typeof toEntryView>;

async function withFiles(db: Db, rows: EntryRow[]): Promise<EntryView[]> {
  if (rows.length === 0) return [];
  const files = await db.select().from(entryFiles).where(inArray(entryFiles.entryId, rows.map((row) => row.id)));
  return rows.map((row) => toEntryView(row, files));
}

export type NewEntry = {
  id: string;
  registrationId: string;
  category: string;
  levelId: LevelId;
  kind: EntryKind;
  fileBytes: number[];
  /** The server's clock (deps.now): an upload begun before the window closed may finish in its grace time. */
  createdAt: Date;
};

/**
 * Stores a new entry and its expected files, once per id: the same id again answers `duplicate`
 * (a page that sends again after a reload), or `conflict` when it names other files or another
 * registration. `tooMany` when this child already sent `maxSends` times for this contest.
 */
export async function createEntry(
  database: Database,
  entry: NewEntry,
  maxSends: number,
): Promise<{ status: 'created' | 'duplicate' | 'conflict' | 'tooMany'; entry: EntryView | null }> {
  return database.db.transaction(async (tx) => {
    const [existing] = await tx.select().from(entries).where(eq(entries.id, entry.id));
    if (existing) {
      const [view] = await withFiles(tx, [existing]);
      const same =
        existing.registrationId === entry.registrationId &&
        existing.category === entry.category &&
        existing.levelId === entry.levelId &&
        view!.files.map((file) => file.declaredBytes).join() === entry.fileBytes.join();
      return same ? { status: 'duplicate', entry: view! } : { status: 'conflict', entry: null };
    }
    // One registration's sends are counted under its row's lock, so two racing creates cannot both pass.
    await tx.select({ id: registrations.id }).from(registrations).where(eq(registrations.id, entry.registrationId)).for('update');
    const [{ sent } = { sent: 0 }] = await tx
      .select({ sent: sql<number>`count(*)::int` })
      .from(entries)
      .where(and(eq(entries.registrationId, entry.registrationId), eq(entries.category, entry.category), eq(entries.levelId, entry.levelId)));
    if (sent >= maxSends) return { status: 'tooMany', entry: null };
    const [row] = await tx
      .insert(entries)
      .values({
        id: entry.id,
        registrationId: entry.registrationId,
        category: entry.category,
        levelId: entry.levelId,
        kind: entry.kind,
        fileCount: entry.fileBytes.length,
        createdAt: entry.createdAt.toISOString(),
      })
      .returning();
    await tx.insert(entryFiles).values(entry.fileBytes.map((bytes, position) => ({ entryId: entry.id, position, declaredBytes: bytes })));
    const [view] = await withFiles(tx, [row!]);
    return { status: 'created', entry: view! };
  });
}

export type EntryFileTarget = {
  entryId: string;
  registrationId: string;
  status: EntryStatus;
  createdAt: string;
  levelId: LevelId;
  category: string;
  declaredBytes: number;
  received: boolean;
  /** The file's live upload (null: none begun, or one begun before uploads were recorded when begun). */
  uploadId: string | null;
};

/** One expected file of an entry: what an upload for it must match. */
export async function entryFileTarget(db: Db, entryId: string, position: number): Promise<EntryFileTarget | null> {
  const [row] = await db
    .select({
      entryId: entries.id,
      registrationId: entries.registrationId,
      status: entries.status,
      createdAt: entries.createdAt,
      levelId: entries.levelId,
      category: entries.category,
      declaredBytes: entryFiles.declaredBytes,
      receivedAt: entryFiles.receivedAt,
      uploadId: entryFiles.uploadId,
    })
    .from(entryFiles)
    .innerJoin(entries, eq(entries.id, entryFiles.entryId))
    .where(and(eq(entryFiles.entryId, entryId), eq(entryFiles.position, position)));
  if (!row) return null;
  const { receivedAt, ...target } = row;
  return { ...target, status: target.status as EntryStatus, levelId: target.levelId as LevelId, received: receivedAt !== null };
}

export type BegunUpload = { status: 'begun'; replaced: string | null } | { status: 'received' } | { status: 'full' };

/**
 * Makes `uploadId` the file's one live upload (ADR 026): answers the one it replaces, whose bytes
 * the caller deletes. `full` when the registration's other unfinished uploads and this one would
 * declare more than `maxUnfinishedBytes`; `received` when the file is already here. Decided under
 * the registration's row lock, so parallel requests cannot both pass.
 */
export async function beginUpload(
  db: Db,
  upload: { entryId: string; position: number; uploadId: string; maxUnfinishedBytes: number },
): Promise<BegunUpload> {
  return db.transaction(async (tx) => {
    const [entry] = await tx.select({ registrationId: entries.registrationId }).from(entries).where(eq(entries.id, upload.entryId));
    if (!entry) return { status: 'received' };
    await tx.select({ id: registrations.id }).from(registrations).where(eq(registrations.id, entry.registrationId)).for('update');
    const [file] = await tx
      .select({ uploadId: entryFiles.uploadId, receivedAt: entryFiles.receivedAt, declaredBytes: entryFiles.declaredBytes })
      .from(entryFiles)
      .where(and(eq(entryFiles.entryId, upload.entryId), eq(entryFiles.position, upload.position)));
    if (!file || file.receivedAt !== null) return { status: 'received' };
    const [{ unfinished } = { unfinished: 0 }] = await tx
      .select({ unfinished: sql<number>`coalesce(sum(${entryFiles.declaredBytes}), 0)::bigint` })
      .from(entryFiles)
      .innerJoin(entries, eq(entries.id, entryFiles.entryId))
      .where(
        and(
          eq(entries.registrationId, entry.registrationId),
          sql`${entryFiles.uploadId} is not null`,
          isNull(entryFiles.receivedAt),
          sql`not (${entryFiles.entryId} = ${upload.entryId} and ${entryFiles.position} = ${upload.position})`,
        ),
      );
    if (Number(unfinished) + file.declaredBytes > upload.maxUnfinishedBytes) return { status: 'full' };
    await tx
      .update(entryFiles)
      .set({ uploadId: upload.uploadId })
      .where(and(eq(entryFiles.entryId, upload.entryId), eq(entryFiles.position, upload.position)));
    return { status: 'begun', replaced: file.uploadId };
  });
}

/** An upload that was not created after all: the one it replaced is the live one again. */
export async function undoBeginUpload(db: Db, upload: { entryId: string; position: number; uploadId: string; restore: string | null }): Promise<void> {
  await db
    .update(entryFiles)
    .set({ uploadId: upload.restore })
    .where(and(eq(entryFiles.entryId, upload.entryId), eq(entryFiles.position, upload.position), eq(entryFiles.uploadId, upload.uploadId), isNull(entryFiles.receivedAt)));
}

/** Unfinished uploads whose bytes are gone (abandoned, or ended by the family): no longer live. */
export async function releaseUploads(db: Db, uploadIds: string[]): Promise<void> {
  if (uploadIds.length === 0) return;
  await db.update(entryFiles).set({ uploadId: null }).where(and(inArray(entryFiles.uploadId, uploadIds), isNull(entryFiles.receivedAt)));
}

/**
 * Records that every byte of one file is here (the upload that finished), when that upload is
 * the file's live one (or one begun before uploads were recorded when begun): a replaced upload
 * finishing late counts for nothing. When it was the last file the entry waited for, the entry is
 * due for checking now; true then.
 */
export async function markFileReceived(db: Db, entryId: string, position: number, uploadId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(entryFiles)
      .set({ uploadId, receivedAt: sql`now()` })
      .where(
        and(
          eq(entryFiles.entryId, entryId),
          eq(entryFiles.position, position),
          isNull(entryFiles.receivedAt),
          or(isNull(entryFiles.uploadId), eq(entryFiles.uploadId, uploadId)),
        ),
      )
      .returning({ entryId: entryFiles.entryId });
    if (updated.length === 0) return false;
    const rows = await tx
      .update(entries)
      .set({ status: 'checking', receivedAt: sql`now()`, nextAttemptAt: sql`now()` })
      .where(
        and(
          eq(entries.id, entryId),
          eq(entries.status, 'uploading'),
          sql`not exists (select 1 from ${entryFiles} where ${entryFiles.entryId} = ${entryId} and ${entryFiles.receivedAt} is null)`,
        ),
      )
      .returning({ id: entries.id });
    return rows.length > 0;
  });
}

/** A claimed processing job: the entry and where its received files are. */
export type ClaimedEntry = {
  id: string;
  registrationId: string;
  kind: EntryKind;
  levelId: LevelId;
  category: string;
  attempts: number;
  leaseToken: string;
  files: { position: number; uploadId: string }[];
};

const dueForCheck = () =>
  and(
    eq(entries.status, 'checking'),
    or(
      and(isNull(entries.leaseToken), lte(entries.nextAttemptAt, sql`now()`)),
      lt(entries.leaseExpiresAt, sql`now()`),
    ),
  );

/** Claims the next entry to check, under a lease (`nextDueId`: no two instances take one). */
export async function claimNextEntry(db: Db, leaseMs: number): Promise<ClaimedEntry | null> {
  const leaseToken = randomUUID();
  const [row] = await db
    .update(entries)
    .set({
      attempts: sql`${entries.attempts} + 1`,
      leaseToken,
      leaseExpiresAt: fromNow(leaseMs),
    })
    .where(and(sql`${entries.id} = ${nextDueId(db, entries, { due: dueForCheck(), orderBy: entries.nextAttemptAt })}`, dueForCheck()))
    .returning();
  if (!row) return null;
  const files = await db
    .select({ position: entryFiles.position, uploadId: entryFiles.uploadId })
    .from(entryFiles)
    .where(eq(entryFiles.entryId, row.id))
    .orderBy(asc(entryFiles.position));
  return {
    id: row.id,
    registrationId: row.registrationId,
    kind: row.kind as EntryKind,
    levelId: row.levelId as LevelId,
    category: row.category,
    attempts: row.attempts,
    leaseToken,
    files: files.map((file) => ({ position: file.position, uploadId: file.uploadId ?? '' })),
  };
}

const held = (claim: ClaimedEntry) => and(eq(entries.id, claim.id), eq(entries.leaseToken, claim.leaseToken));

export type CheckedFile = { position: number; mediaKey: string; posterKey: string | null; bytes: number; width: number; height: number };

/**
 * The entry is ready: its files are stored. Older ready entries of the same child, contest and
 * level become `replaced`; their storage keys are returned so the caller deletes them.
 */
export async function markEntryReady(
  db: Db,
  claim: ClaimedEntry,
  result: { durationSeconds: number | null; converted: boolean | null; files: CheckedFile[] },
): Promise<{ held: boolean; replacedKeys: string[] }> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(entries)
      .set({
        status: 'ready',
        durationSeconds: result.durationSeconds,
        converted: result.converted,
        checkedAt: sql`now()`,
        leaseToken: null,
        leaseExpiresAt: null,
        lastError: null,
      })
      .where(held(claim))
      .returning({ id: entries.id });
    if (rows.length === 0) return { held: false, replacedKeys: [] };
    for (const file of result.files) {
      await tx
        .update(entryFiles)
        .set({ mediaKey: file.mediaKey, posterKey: file.posterKey, bytes: file.bytes, width: file.width, height: file.height })
        .where(and(eq(entryFiles.entryId, claim.id), eq(entryFiles.position, file.position)));
    }
    const replaced = await tx
      .update(entries)
      .set({ status: 'replaced' })
      .where(
        and(
          eq(entries.registrationId, claim.registrationId),
          eq(entries.category, claim.category),
          eq(entries.levelId, claim.levelId),
          eq(entries.status, 'ready'),
          ne(entries.id, claim.id),
        ),
      )
      .returning({ id: entries.id });
    if (replaced.length === 0) return { held: true, replacedKeys: [] };
    const replacedIds = replaced.map((row) => row.id);
    const files = await tx.select().from(entryFiles).where(inArray(entryFiles.entryId, replacedIds));
    await tx.update(entryFiles).set({ mediaKey: null, posterKey: null }).where(inArray(entryFiles.entryId, replacedIds));
    const keys = files.flatMap((file) => [file.mediaKey, file.posterKey]).filter((key): key is string => key !== null);
    return { held: true, replacedKeys: keys };
  });
}

export async function markEntryRejected(db: Db, claim: ClaimedEntry, problem: EntryRejection): Promise<boolean> {
  const rows = await db
    .update(entries)
    .set({ status: 'rejected', problem, checkedAt: sql`now()`, leaseToken: null, leaseExpiresAt: null, lastError: null })
    .where(held(claim))
    .returning({ id: entries.id });
  return rows.length > 0;
}

/** Our own failure (a tool missing, a full disk): tried again later; the family's files stay. */
export async function retryEntryLater(db: Db, claim: ClaimedEntry, error: string, delayMs: number): Promise<void> {
  await db
    .update(entries)
    .set({
      leaseToken: null,
      leaseExpiresAt: null,
      lastError: error.slice(0, 500),
      nextAttemptAt: fromNow(delayMs),
    })
    .where(held(claim));
}

/** A registration's entries, newest first (the family's cards, its data download). */
export async function entriesOf(db: Db, registrationId: string): Promise<EntryView[]> {
  const rows = await db.select().from(entries).where(eq(entries.registrationId, registrationId)).orderBy(desc(entries.createdAt));
  return withFiles(db, rows);
}

/** One entry with its registration, or null. */
export async function findEntry(db: Db, entryId: string): Promise<(EntryView & { registrationId: string }) | null> {
  const [row] = await db.select().from(entries).where(eq(entries.id, entryId));
  if (!row) return null;
  const [view] = await withFiles(db, [row]);
  return { ...view!, registrationId: row.registrationId };
}

/** Where one file's stored media and poster are (admins' player, the family's thumbnail). */
export async function storedFile(db: Db, entryId: string, position: number): Promise<{ mediaKey: string | null; posterKey: string | null } | null> {
  const [row] = await db
    .select({ mediaKey: entryFiles.mediaKey, posterKey: entryFiles.posterKey })
    .from(entryFiles)
    .where(and(eq(entryFiles.entryId, entryId), eq(entryFiles.position, position)));
  return row ?? null;
}

/**
 * One page of a contest's entries at one level, newest first (admins' entries page): `limit` of
 * them after the cursor's, by (created_at, id), and how many there are in all.
 */
export async function entriesOfContest(db: Db, category: string, levelId: LevelId, page: { cursor: CreatedAtCursor | null; limit: number }) {
  const ofContest = and(eq(entries.category, category), eq(entries.levelId, levelId), ne(entries.status, 'replaced'), isNull(registrations.deletedAt));
  const after = page.cursor ? sql`(${entries.createdAt}, ${entries.id}) < (${page.cursor.createdAt}::timestamptz, ${page.cursor.id}::uuid)` : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select({ entry: entries, referenceCode: registrations.referenceCode, cursorTime: sql<string>`${preciseTime(sql`${entries.createdAt}`)}` })
      .from(entries)
      .innerJoin(registrations, eq(registrations.id, entries.registrationId))
      .where(and(ofContest, after))
      .orderBy(desc(entries.createdAt), desc(entries.id))
      .limit(page.limit + 1),
    db.select({ total: sql<number>`count(*)::int` }).from(entries).innerJoin(registrations, eq(registrations.id, entries.registrationId)).where(ofContest),
  ]);
  const { items, nextCursor } = pageOf(
    rows.map((row) => ({ ...row, id: row.entry.id })),
    page.limit,
  );
  const views = await withFiles(
    db,
    items.map((row) => row.entry),
  );
  return {
    entries: views.map((view, index) => ({ ...view, registrationId: items[index]!.entry.registrationId, referenceCode: items[index]!.referenceCode, lastError: items[index]!.entry.lastError })),
    nextCursor,
    total: Number(counted?.total ?? 0),
  };
}

/** Every stored file of every ready entry, newest entry first (the check for files lost in a restore). */
export async function storedFilesOfReadyEntries(db: Db) {
  return db
    .select({
      id: entries.id,
      referenceCode: registrations.referenceCode,
      category: entries.category,
      levelId: entries.levelId,
      mediaKey: entryFiles.mediaKey,
      posterKey: entryFiles.posterKey,
    })
    .from(entryFiles)
    .innerJoin(entries, eq(entries.id, entryFiles.entryId))
    .innerJoin(registrations, eq(registrations.id, entries.registrationId))
    .where(eq(entries.status, 'ready'))
    .orderBy(desc(entries.createdAt), entries.id, entryFiles.position);
}

/** Entries per contest and state at one level (the season overview). */
export async function entryCounts(db: Db, levelId: LevelId): Promise<{ category: string; status: EntryStatus; count: number }[]> {
  const rows = await db
    .select({ category: entries.category, status: entries.status, count: sql<number>`count(*)::int` })
    .from(entries)
    .where(and(eq(entries.levelId, levelId), ne(entries.status, 'replaced')))
    .groupBy(entries.category, entries.status);
  return rows.map((row) => ({ ...row, status: row.status as EntryStatus }));
}


/** Which of these upload ids an entry counts on (finished, waiting for or past its check). */
export async function uploadsInUse(db: Db, uploadIds: string[]): Promise<string[]> {
  const rows = await db
    .select({ uploadId: entryFiles.uploadId })
    .from(entryFiles)
    .where(and(inArray(entryFiles.uploadId, uploadIds), sql`${entryFiles.receivedAt} is not null`));
  return rows.map((row) => row.uploadId).filter((id): id is string => id !== null);
}

/** Of these registration ids, the ones that still have entries (their files are kept). */
export async function registrationsWithEntries(db: Db, registrationIds: string[]): Promise<Set<string>> {
  const valid = registrationIds.filter((id) => /^[0-9a-f-]{36}$/.test(id));
  if (valid.length === 0) return new Set();
  const rows = await db.selectDistinct({ id: entries.registrationId }).from(entries).where(inArray(entries.registrationId, valid));
  return new Set(rows.map((row) => row.id));
}

/** Of these entry ids, the ones that exist. */
export async function existingEntries(db: Db, entryIds: string[]): Promise<Set<string>> {
  if (entryIds.length === 0) return new Set();
  const rows = await db.select({ id: entries.id }).from(entries).where(inArray(entries.id, entryIds));
  return new Set(rows.map((row) => row.id));
}

/** Seconds one entry takes when the queue has no history yet: a 3-minute HEVC video converted on one thread (bench: ~35 s per minute), photos. */
const FIRST_GUESS_SECONDS: Record<EntryKind, number> = { video: 105, photos: 3 };

export type CheckingQueue = {
  /** Entries received and not yet checked (one may be in hand). */
  waiting: number;
  /** Of those, the ones waiting for our own failure to be fixed (their lastError says why). */
  held: number;
  /** When the last waiting entry should be ready, at the pace the queue kept lately; null when nothing waits. */
  readyBy: string | null;
  /** The same, as seconds from now. */
  secondsLeft: number | null;
};

/**
 * The checking queue as admins see it (issue 48). The pace is what the queue itself did lately:
 * for each of the last 100 checks, the time from the previous check's end (or the entry's
 * arrival, when the queue was empty) to its own end, the median per kind. Instances share the
 * queue, so with two instances checks end twice as often and the estimate halves by itself.
 */
export async function checkingQueue(db: Db): Promise<CheckingQueue> {
  const [depth, pace] = await Promise.all([
    db
      .select({ kind: entries.kind, waiting: sql<number>`count(*)::int`, held: sql<number>`(count(*) filter (where ${entries.lastError} is not null))::int` })
      .from(entries)
      .where(eq(entries.status, 'checking'))
      .groupBy(entries.kind),
    rowsOf<{ kind: EntryKind; seconds: number | string }>(
      db,
      sql`
      select kind, percentile_cont(0.5) within group (order by gap) as seconds
      from (
        select kind, extract(epoch from checked_at - greatest(received_at, lag(checked_at) over (order by checked_at))) as gap
        from (
          select kind, received_at, checked_at from ${entries}
          where checked_at is not null and received_at is not null
          order by checked_at desc limit 100
        ) last_checked
      ) gaps
      where gap >= 0
      group by kind`,
    ),
  ]);
  const seconds = new Map(pace.map((row) => [row.kind, Number(row.seconds)]));
  const waiting = depth.reduce((sum, row) => sum + row.waiting, 0);
  const ahead = depth.reduce((sum, row) => sum + row.waiting * (seconds.get(row.kind as EntryKind) ?? FIRST_GUESS_SECONDS[row.kind as EntryKind]), 0);
  return {
    waiting,
    held: depth.reduce((sum, row) => sum + row.held, 0),
    readyBy: waiting === 0 ? null : new Date(Date.now() + ahead * 1000).toISOString(),
    secondsLeft: waiting === 0 ? null : Math.round(ahead),
  };
}
