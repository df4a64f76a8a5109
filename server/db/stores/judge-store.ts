import { eq, sql } from 'drizzle-orm';
import type { JudgeApplication, JudgePhotoType } from '@domain/judge';
import type { Database, Db } from '../client';
import { judgeApplications } from '../schema';
import { contentHash } from '../../lib/content-hash';
import { olderThan, PAGE_SIZE, type CreatedAtCursor } from '../../lib/created-at-cursor';
import { isoTime, preciseTime } from '../../lib/sql-time';
import { insertOnce, type InsertOutcome } from '../../lib/idempotent-insert';

/**
 * The photo to store (already cleaned: clean-photo.ts) and the SHA-256 of the bytes as sent,
 * which is what idempotency compares: a replay of the same upload is the same content.
 */
export type JudgePhoto = { bytes: Uint8Array; type: JudgePhotoType; sentSha256: string };

/** An application as the API answers it: never the photo bytes, only whether there is one. */
export type StoredJudgeApplication = JudgeApplication & { hasPhoto: boolean; createdAt: string };

const storedColumns = {
  id: judgeApplications.id,
  name: judgeApplications.name,
  email: judgeApplications.email,
  expertise: judgeApplications.expertise,
  experience: judgeApplications.experience,
  bio: judgeApplications.bio,
  hasPhoto: sql<boolean>`${judgeApplications.photo} is not null`.as('has_photo'),
  contentHash: judgeApplications.contentHash,
  secretHash: judgeApplications.secretHash,
  createdAt: judgeApplications.createdAt,
};

/**
 * Stores an application once per client id; the content hash covers the text and the photo's
 * bytes. `visible` says whether the caller sent the record's secret (ADR 009).
 */
export async function createJudgeApplication(
  db: Db,
  input: JudgeApplication,
  photo: JudgePhoto | null,
  secretHash: string | null,
): Promise<InsertOutcome<StoredJudgeApplication> & { visible: boolean }> {
  // Postgres prints a uuid in lower case; hashing that form makes the id's case irrelevant.
  const application = { ...input, id: input.id.toLowerCase() };
  const hash = contentHash({ ...application, photoSha256: photo?.sentSha256 ?? null });
  const outcome = await insertOnce({
    contentHash: hash,
    secretHash,
    insert: async () => {
      const [row] = await db
        .insert(judgeApplications)
        .values({
          ...application,
          photo: photo ? Buffer.from(photo.bytes.buffer, photo.bytes.byteOffset, photo.bytes.byteLength) : null,
          photoType: photo?.type ?? null,
          photoSize: photo?.bytes.byteLength ?? null,
          contentHash: hash,
          secretHash,
        })
        .onConflictDoNothing({ target: judgeApplications.id })
        .returning(storedColumns);
      return row;
    },
    findStored: async () => {
      const [row] = await db.select(storedColumns).from(judgeApplications).where(eq(judgeApplications.id, application.id));
      return row;
    },
  });
  const { stored } = outcome;
  return {
    ...outcome,
    stored: {
      ...stored,
      expertise: stored.expertise as JudgeApplication['expertise'],
      email: stored.email ?? undefined,
      hasPhoto: Boolean(stored.hasPhoto),
      createdAt: new Date(stored.createdAt).toISOString(),
    },
  };
}

export type JudgeListItem = Omit<StoredJudgeApplication, 'experience'> & { experience: number; cursorTime: string };

/**
 * One admin page, newest first. Raw SQL for the keyset page: `(created_at, id) < cursor` walks
 * the index, which drizzle's builder cannot say as a row comparison.
 */
export async function listJudgeApplications(database: Database, cursor: CreatedAtCursor | null): Promise<JudgeListItem[]> {
  const rows = await database.rows<JudgeListItem>(sql`
    select t.id::text as id, t.name, t.expertise, t.experience, t.bio, (t.photo_size is not null) as "hasPhoto",
      ${isoTime(sql`t.created_at`)} as "createdAt", ${preciseTime(sql`t.created_at`)} as "cursorTime"
    from judge_applications t
    where true${olderThan(cursor, 'uuid')}
    order by t.created_at desc, t.id desc
    limit ${PAGE_SIZE + 1}`);
  return rows.map((r) => ({ ...r, experience: Number(r.experience) }));
}

/** An application's photo and its type, or null when there is none. */
export async function judgePhoto(database: Database, id: string): Promise<{ bytes: Uint8Array<ArrayBuffer>; type: string } | null> {
  // Raw: bytea arrives as bytes through `rows` on both drivers (the admin photo test covers both).
  const [row] = await database.rows<{ photo: Uint8Array | null; type: string | null }>(
    sql`select photo, photo_type as type from judge_applications where id = ${id}::uuid`,
  );
  return row?.photo && row.type ? { bytes: new Uint8Array(row.photo), type: row.type } : null;
}
