import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { ageBandLabel, awardFor, certificateBand, type Award, type CertificateStatement } from '@domain/certificates';
import { isCategorySlug } from '@domain/categories';
import { contestName } from '@domain/contest-names';
import { LEVELS, SEASON, VENUE_SESSIONS, type LevelId, type VenueSession } from '@domain/season';
import type { Signer } from '../../certificates/signing';
import { PIECE_ROWS, workInSlices, type Pieces } from '../../lib/people-first';
import { rowsOf, type Db } from '../client';
import { certificates, entries, judgingRounds, registrations, roundEntries, venueCheckIns } from '../schema';

/**
 * Certificates (issue 25, ADR 028): issued for every child who took part in a level (an entry
 * in its published round, or a check-in at one of its venue sessions), signed, rendered to PDF
 * by the certificate job, revoked and re-issued by admins.
 */

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** 80 random bits as 16 lower-case base32 characters (domain/certificates.ts CERTIFICATE_ID). */
export function newCertificateId(): string {
  const bytes = randomBytes(10);
  let bits = 0;
  let value = 0;
  let id = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      id += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return id;
}

/** Today in Chennai as YYYY-MM-DD: the date a certificate is issued on. */
function chennaiDay(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: SEASON.timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

type Candidate = {
  registrationId: string;
  name: string;
  language: 'en' | 'ta';
  category: string;
  ageBand: string;
  award: Award;
  roundId: string | null;
  sessionId: string | null;
  /** A live session's published place (issue 45), said on the certificate with the session's venue and day. */
  place?: number | null;
};

/** What a certificate says, from the child's registration as it is now. */
function statementOf(id: string, candidate: Candidate, levelId: LevelId, issuedOn: string): CertificateStatement {
  const level = LEVELS.find((l) => l.id === levelId)!;
  const language = candidate.language;
  const session = candidate.sessionId ? VENUE_SESSIONS.find((s) => s.id === candidate.sessionId) : undefined;
  return {
    id,
    language,
    season: SEASON.name,
    level: level.number,
    category: candidate.category,
    contest: isCategorySlug(candidate.category) ? contestName(candidate.category, language) : candidate.category,
    ageBand: ageBandLabel(candidate.ageBand, language),
    childName: candidate.name,
    award: candidate.award,
    issuedOn,
    ...(candidate.place ? { place: candidate.place } : {}),
    ...(session ? { venue: session.venue, heldOn: session.date } : {}),
  };
}

/** Who may have a certificate of a level: one contest of one child, or these children (a piece of the level's). */
type Among = { registrationId: string; category: string } | { registrationIds: readonly string[] };

/**
 * Children of a level who have no live certificate for a contest yet: the round's entrants and the
 * venues' check-ins, among `among`'s children.
 */
async function candidatesOf(db: Db, levelId: LevelId, among: Among): Promise<Candidate[]> {
  const only = 'registrationId' in among ? among : undefined;
  const live = (registration: SQL, category: SQL) =>
    sql`not exists (select 1 from ${certificates} c where c.registration_id = ${registration} and c.level_id = ${levelId} and c.category = ${category} and c.revoked_at is null)`;
  const children = 'registrationId' in among ? sql`and g.id = ${among.registrationId}::uuid` : sql`and g.id = any(${sql.param([...among.registrationIds])}::uuid[])`;
  const entrants = await rowsOf<{ registration_id: string; name: string; language: 'en' | 'ta'; category: string; age_band: string; place: number | null; qualifies: boolean | null; round_id: string }>(
    db,
    sql`select distinct on (g.id, r.category) g.id as registration_id, g.name, g.language, r.category, r.age_band, r.place, r.qualifies, r.round_id
      from ${roundEntries} r
      join ${judgingRounds} j on j.id = r.round_id and j.state = 'published' and j.level_id = ${levelId}
      join ${entries} e on e.id = r.entry_id
      join ${registrations} g on g.id = e.registration_id
      where g.deleted_at is null and g.cancelled_at is null and g.name is not null
        and ${live(sql`g.id`, sql`r.category`)} ${children} ${only ? sql`and r.category = ${only.category}` : sql``}
      order by g.id, r.category, r.place nulls last`,
  );
  const sessions = VENUE_SESSIONS.filter((session) => session.levelId === levelId);
  const checkedIn = sessions.length
    ? await rowsOf<{ registration_id: string; name: string; language: 'en' | 'ta'; categories: string[]; session_id: string; award: Award | null; place: number | null }>(
        db,
        sql`select distinct on (g.id, k.session_id) g.id as registration_id, g.name, g.language, g.categories, k.session_id, p.award, p.place
          from ${venueCheckIns} k
          join ${registrations} g on g.id = k.registration_id
          left join live_sessions l on l.session_id = k.session_id and l.state = 'published'
          left join session_places p on p.session_id = l.session_id and p.registration_id = g.id
          where k.session_id = any(${sql.param(sessions.map((s) => s.id))}::text[]) and g.deleted_at is null and g.cancelled_at is null and g.name is not null
            ${children}`,
      )
    : [];
  const candidates: Candidate[] = entrants.map((row) => ({
    registrationId: row.registration_id,
    name: row.name,
    language: row.language,
    category: row.category,
    ageBand: certificateBand(row.category, row.age_band),
    award: awardFor(row),
    roundId: row.round_id,
    sessionId: null,
  }));
  const seen = new Set(candidates.map((c) => `${c.registrationId}|${c.category}`));
  const existing = checkedIn.length
    ? new Set(
        (
          await rowsOf<{ registration_id: string; category: string }>(
            db,
            sql`select registration_id, category from ${certificates} where level_id = ${levelId} and revoked_at is null and registration_id = any(${sql.param(checkedIn.map((row) => row.registration_id))}::uuid[])`,
          )
        ).map((row) => `${row.registration_id}|${row.category}`),
      )
    : new Set<string>();
  for (const row of checkedIn) {
    const session = sessions.find((s) => s.id === row.session_id)!;
    for (const category of session.categories) {
      const key = `${row.registration_id}|${category}`;
      if (!row.categories.includes(category) || seen.has(key) || existing.has(key)) continue;
      if (only && (only.registrationId !== row.registration_id || only.category !== category)) continue;
      seen.add(key);
      candidates.push({
        registrationId: row.registration_id,
        name: row.name,
        language: row.language,
        category,
        ageBand: certificateBand(category, session.ageBand),
        award: row.award ?? 'participated',
        roundId: null,
        sessionId: row.session_id,
        place: row.place,
      });
    }
  }
  return candidates;
}

async function insertIssued(db: Db, signer: Signer, levelId: LevelId, candidates: readonly Candidate[], issuedBy: string, now: Date): Promise<string[]> {
  const issuedOn = chennaiDay(now);
  const ids: string[] = [];
  for (let i = 0; i < candidates.length; i += PIECE_ROWS) {
    const slice = candidates.slice(i, i + PIECE_ROWS);
    const rows = await Promise.all(
      slice.map(async (candidate) => {
        const id = newCertificateId();
        const statement = statementOf(id, candidate, levelId, issuedOn);
        return {
          id,
          registrationId: candidate.registrationId,
          levelId,
          category: candidate.category,
          ageBand: candidate.ageBand,
          award: candidate.award,
          roundId: candidate.roundId,
          sessionId: candidate.sessionId,
          statement,
          jws: await signer.sign(statement),
          kid: signer.kid,
          issuedAt: now.toISOString(),
          issuedBy,
        };
      }),
    );
    // Two admins issuing at once: the one live certificate per child and contest stays one.
    const inserted = await db.insert(certificates).values(rows).onConflictDoNothing().returning({ id: certificates.id });
    ids.push(...inserted.map((row) => row.id));
  }
  return ids;
}

/** Every child who took part in a level (its published round's entrants, its venues' check-ins), in id order. */
async function participantsOf(db: Db, levelId: LevelId): Promise<string[]> {
  const sessions = VENUE_SESSIONS.filter((session) => session.levelId === levelId).map((session) => session.id);
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`select e.registration_id::text as id from ${roundEntries} r
        join ${judgingRounds} j on j.id = r.round_id and j.state = 'published' and j.level_id = ${levelId}
        join ${entries} e on e.id = r.entry_id
      union
      select k.registration_id::text from ${venueCheckIns} k where k.session_id = any(${sql.param(sessions)}::text[])
      order by 1`,
  );
  return rows.map((row) => row.id);
}

/**
 * Issues a certificate to every child of the level who took part and has none yet for that
 * contest; again later issues only the new ones. A piece of children per statement (issue 47),
 * each piece on its own: stopped midway, a second run issues the rest (one live certificate per
 * child and contest: a unique index). Returns how many were issued.
 */
export async function issueCertificates(db: Db, signer: Signer, options: { levelId: LevelId; issuedBy: string; now: Date }, work: Pieces = {}): Promise<number> {
  const size = work.size ?? PIECE_ROWS;
  const slices = work.slices ?? workInSlices();
  const children = await participantsOf(db, options.levelId);
  let issued = 0;
  for (let i = 0; i < children.length; i += size) {
    await slices.between();
    const candidates = await candidatesOf(db, options.levelId, { registrationIds: children.slice(i, i + size) });
    issued += (await insertIssued(db, signer, options.levelId, candidates, options.issuedBy, options.now)).length;
  }
  return issued;
}

/**
 * A live session's published results on certificates (issue 45): each child's place replaces the
 * participation certificate the check-in gave, which is revoked and points to the new one.
 * Again issues nothing new. Returns how many were issued.
 */
export async function issueSessionCertificates(db: Db, signer: Signer, options: { session: VenueSession; issuedBy: string; now: Date }): Promise<number> {
  const { session, now } = options;
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const outdated = await rowsOf<{ id: string; registration_id: string; category: string }>(
      t,
      sql`update ${certificates} c set revoked_at = ${now.toISOString()}::timestamptz, revoked_reason = 'Replaced by the session’s published result.'
        from session_places p
        where p.session_id = ${session.id} and c.registration_id = p.registration_id and c.session_id = ${session.id}
          and c.level_id = ${session.levelId} and c.revoked_at is null and c.award <> p.award
        returning c.id, c.registration_id, c.category`,
    );
    // The session's children only, not the level's thousands (issue 47).
    const checkedIn = await rowsOf<{ id: string }>(t, sql`select registration_id::text as id from ${venueCheckIns} where session_id = ${session.id}`);
    const candidates = (await candidatesOf(t, session.levelId, { registrationIds: checkedIn.map((row) => row.id) })).filter((candidate) => candidate.sessionId === session.id);
    const ids = await insertIssued(t, signer, session.levelId, candidates, options.issuedBy, now);
    for (const old of outdated) {
      await t.execute(sql`update ${certificates} set replaced_by = (
          select id from ${certificates} n where n.registration_id = ${old.registration_id}::uuid and n.level_id = ${session.levelId} and n.category = ${old.category} and n.revoked_at is null)
        where id = ${old.id}`);
    }
    return ids.length;
  });
}

export type CertificateRow = typeof certificates.$inferSelect;

export async function certificateById(db: Db, id: string): Promise<CertificateRow | null> {
  const [row] = await db.select().from(certificates).where(eq(certificates.id, id));
  return row ?? null;
}

/** Revokes a live certificate; false when it is unknown or already revoked. */
export async function revokeCertificate(db: Db, id: string, reason: string, now: Date): Promise<boolean> {
  const revoked = await db
    .update(certificates)
    .set({ revokedAt: now.toISOString(), revokedReason: reason })
    .where(and(eq(certificates.id, id), isNull(certificates.revokedAt)))
    .returning({ id: certificates.id });
  return revoked.length === 1;
}

/**
 * After a correction (a misspelt name, a changed language), the certificate is revoked and a new
 * one issued from the registration as it is now, with the same award. Null when there is nothing
 * live to re-issue, or the child no longer qualifies for one.
 */
export async function reissueCertificate(db: Db, signer: Signer, id: string, issuedBy: string, now: Date): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [old] = await tx.select().from(certificates).where(and(eq(certificates.id, id), isNull(certificates.revokedAt))).for('update');
    if (!old) return null;
    await tx.update(certificates).set({ revokedAt: now.toISOString(), revokedReason: 'Re-issued after a correction.' }).where(eq(certificates.id, id));
    const [candidate] = await candidatesOf(tx as unknown as Db, old.levelId, { registrationId: old.registrationId, category: old.category });
    if (!candidate) throw new CannotReissue();
    const [newId] = await insertIssued(tx as unknown as Db, signer, old.levelId, [candidate], issuedBy, now);
    if (!newId) throw new CannotReissue();
    await tx.update(certificates).set({ replacedBy: newId }).where(eq(certificates.id, id));
    return newId;
  });
}

export class CannotReissue extends Error {
  constructor() {
    super('the child no longer has a result or check-in to certify');
    this.name = 'CannotReissue';
  }
}

/** A family's certificates, live and revoked (a revoked one says so and links to its replacement). */
export async function familyCertificates(db: Db, registrationId: string) {
  return db
    .select({
      id: certificates.id,
      levelId: certificates.levelId,
      category: certificates.category,
      award: certificates.award,
      issuedAt: certificates.issuedAt,
      ready: sql<boolean>`${certificates.pdfSha256} is not null`,
      revokedAt: certificates.revokedAt,
      replacedBy: certificates.replacedBy,
    })
    .from(certificates)
    .where(eq(certificates.registrationId, registrationId))
    .orderBy(asc(certificates.category), desc(certificates.issuedAt));
}

export type CertificateFilter = { levelId: LevelId; category?: string | undefined; sessionId?: string | undefined; q?: string | undefined };

function filterOf(filter: CertificateFilter): SQL {
  const conditions = [eq(certificates.levelId, filter.levelId)];
  if (filter.category) conditions.push(eq(certificates.category, filter.category));
  if (filter.sessionId) conditions.push(eq(certificates.sessionId, filter.sessionId));
  const q = filter.q?.trim().toLowerCase();
  if (q) {
    conditions.push(
      sql`(${certificates.id} = ${q} or exists (select 1 from ${registrations} g where g.id = ${certificates.registrationId} and (lower(g.name) like ${`%${q.replace(/[%_\\]/g, '\\$&')}%`} or lower(g.reference_code) = ${q})))`,
    );
  }
  return and(...conditions)!;
}

/** The admin's list: the newest first, at most `limit`, with the child's name and reference code. */
export async function listCertificates(db: Db, filter: CertificateFilter, limit = 500) {
  const rows = await db
    .select({
      id: certificates.id,
      registrationId: certificates.registrationId,
      childName: registrations.name,
      referenceCode: registrations.referenceCode,
      category: certificates.category,
      ageBand: certificates.ageBand,
      award: certificates.award,
      language: registrations.language,
      sessionId: certificates.sessionId,
      issuedAt: certificates.issuedAt,
      ready: sql<boolean>`${certificates.pdfSha256} is not null`,
      renderError: certificates.renderError,
      revokedAt: certificates.revokedAt,
      revokedReason: certificates.revokedReason,
      replacedBy: certificates.replacedBy,
    })
    .from(certificates)
    .innerJoin(registrations, eq(registrations.id, certificates.registrationId))
    .where(filterOf(filter))
    .orderBy(desc(certificates.issuedAt), asc(certificates.id))
    .limit(limit);
  const [counts] = await rowsOf<{ total: number; live: number; waiting: number }>(
    db,
    sql`select count(*)::int as total, count(*) filter (where revoked_at is null)::int as live,
      count(*) filter (where revoked_at is null and pdf_sha256 is null)::int as waiting
      from ${certificates} where ${filterOf(filter)}`,
  );
  return { rows, total: Number(counts?.total ?? 0), live: Number(counts?.live ?? 0), waiting: Number(counts?.waiting ?? 0) };
}

/**
 * The live statements of a contest or a venue session, page after page in id order: what a
 * bundle for printing streams, never all in memory at once.
 */
export async function* liveStatements(db: Db, filter: CertificateFilter, pageSize = 500): AsyncGenerator<CertificateStatement> {
  let after = '';
  for (;;) {
    const page = await db
      .select({ id: certificates.id, statement: certificates.statement })
      .from(certificates)
      .where(and(filterOf(filter), isNull(certificates.revokedAt), gt(certificates.id, after)))
      .orderBy(asc(certificates.id))
      .limit(pageSize);
    for (const row of page) yield row.statement as CertificateStatement;
    if (page.length < pageSize) return;
    after = page[page.length - 1]!.id;
  }
}

/** Claims up to `limit` certificates whose PDF is still to be made, for `leaseMs` (several instances never take the same one). */
export async function claimToRender(db: Db, now: Date, limit: number, leaseMs: number) {
  return rowsOf<{ id: string; registration_id: string; statement: CertificateStatement }>(
    db,
    sql`update ${certificates} set render_lease_until = ${new Date(now.getTime() + leaseMs).toISOString()}, render_attempts = render_attempts + 1
      where id in (
        select id from ${certificates}
        where pdf_sha256 is null and revoked_at is null and (render_lease_until is null or render_lease_until < ${now.toISOString()})
        order by issued_at, id
        limit ${limit}
        for update skip locked
      )
      returning id, registration_id, statement`,
  );
}

/** Records the PDFs made (their SHA-256 and size), in one statement for a batch. */
export async function markRendered(db: Db, made: readonly { id: string; sha256: string; bytes: number }[]): Promise<void> {
  if (made.length === 0) return;
  await db.execute(sql`
    update ${certificates} as c set pdf_sha256 = v.sha256, pdf_bytes = v.bytes, render_lease_until = null, render_error = null
    from unnest(${sql.param(made.map((m) => m.id))}::text[], ${sql.param(made.map((m) => m.sha256))}::text[], ${sql.param(made.map((m) => m.bytes))}::int[]) as v(id, sha256, bytes)
    where c.id = v.id`);
}

export async function markRenderFailed(db: Db, id: string, error: string, retryAt: Date): Promise<void> {
  await db.update(certificates).set({ renderError: error.slice(0, 500), renderLeaseUntil: retryAt.toISOString() }).where(eq(certificates.id, id));
}

/** Of these registration ids (folders of PDFs), the ones that still have a certificate. */
export async function certificatesWithFiles(db: Db, registrationIds: string[]): Promise<Set<string>> {
  const valid = registrationIds.filter((id) => /^[0-9a-f-]{36}$/.test(id));
  if (valid.length === 0) return new Set();
  const rows = await db.selectDistinct({ id: certificates.registrationId }).from(certificates).where(inArray(certificates.registrationId, valid));
  return new Set(rows.map((row) => row.id));
}
