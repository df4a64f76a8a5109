import { sql } from 'drizzle-orm';
import { REGISTRATION_BATCH_LIMIT, registrationContent, type NewRegistration, type Registration } from '@domain/registration';
import type { Database } from '../client';
import { contentHash } from '../../lib/content-hash';
import { groupCommit, groupCommitPerDatabase } from '../../lib/group-commit';
import { secretMatches } from '../../lib/record-secret';
import { REGISTRATION_COLUMNS, toRegistration, type RegistrationRow } from './registration-row';

/**
 * Idempotent creation of registrations, keyed by the client's UUID. Every write is a single
 * `INSERT ... ON CONFLICT (id) DO NOTHING RETURNING`, so racing requests with one id leave exactly
 * one row; whoever does not get the row back reads the stored copy and compares content hashes.
 */

export type RegistrationSource = 'web' | 'legacy';

export type WriteOutcome = {
  status: 'created' | 'duplicate' | 'conflict';
  /** The stored copy: what was just created, or what the server already had under that id. */
  registration: Registration;
  /**
   * Whether the caller may see `registration`: it sent the secret the record was created with,
   * and the record is not deleted (ADR 009). Everyone else learns the status alone.
   */
  visible: boolean;
};

/** A registration to write, with the hash of the record secret its device sent (null: none). */
export type RegistrationWrite = {
  registration: NewRegistration;
  secretHash: string | null;
  /** When the device first saved it (domain/device-saved-at.ts); null when it did not say. */
  deviceSavedAt?: Date | null;
};

/** A stored row as the store reads it: the shared columns (admin-registration.ts) plus the hashes. */
type StoredRow = RegistrationRow & { contentHash: string; secretHash: string | null };

const STORED_COLUMNS = sql`${REGISTRATION_COLUMNS}, r.content_hash as "contentHash", r.secret_hash as "secretHash"`;

type RowValues = ReturnType<typeof rowValues>;

/**
 * One statement for one row or a hundred: each column travels as a single array parameter, so
 * the statement text never changes and building it costs almost nothing. Rows go in id order,
 * so two batches sharing ids take their locks in the same order and wait instead of deadlocking.
 * Only the id is unique: the reference code is not (ADR 009), so an insert is skipped only when
 * its id is already stored.
 *
 * The same statement queues each created registration's confirmation email and stores its
 * parent's consent: a row that is not inserted (a replay) gets neither, and nothing is ever
 * stored without its email.
 */
function insertRows(database: Database, rows: readonly RowValues[]): Promise<StoredRow[]> {
  const column = (pick: (row: RowValues) => string | number | null) => sql.param(rows.map(pick));
  return database.rows<StoredRow>(sql`
    with input as (
      select * from unnest(
        ${column((r) => r.id)}::uuid[], ${column((r) => r.referenceCode)}::text[], ${column((r) => r.type)}::text[],
        ${column((r) => r.name)}::text[], ${column((r) => r.age)}::int[], ${column((r) => r.ageUnit)}::text[],
        ${column((r) => r.email)}::text[], ${column((r) => r.phone)}::text[], ${column((r) => r.city)}::text[],
        ${column((r) => r.instituteName)}::text[], ${column((r) => r.categories.join(','))}::text[],
        ${column((r) => r.contentHash)}::text[], ${column((r) => r.secretHash)}::text[], ${column((r) => r.source)}::text[], ${column((r) => r.language)}::text[],
        ${column((r) => r.consent?.guardianName ?? null)}::text[], ${column((r) => r.consent?.noticeVersion ?? null)}::text[],
        ${column((r) => r.consent?.channel ?? null)}::text[], ${column((r) => r.consent?.consentedAt ?? null)}::text[],
        ${column((r) => r.deviceSavedAt)}::text[]
      ) as input(id, reference_code, type, name, age, age_unit, email, phone, city, institute_name, categories,
         content_hash, secret_hash, source, language, guardian_name, notice_version, consent_channel, consented_at, device_saved_at)
    ),
    inserted as (
      insert into registrations
        (id, reference_code, type, name, age, age_unit, email, phone, city, institute_name, categories,
         agree_terms, content_hash, secret_hash, source, language, device_saved_at)
      select id, reference_code, type, name, age, age_unit, email, phone, city, institute_name,
        string_to_array(categories, ','), true, content_hash, secret_hash, source, language,
        -- least() skips a null: a record that did not say stays null.
        case when device_saved_at is null then null else least(device_saved_at::timestamptz, now()) end
      from input
      order by id
      on conflict (id) do nothing
      returning *
    ),
    confirmation as (
      insert into mail_outbox (registration_id, template, reason)
      select id, 'confirmation', 'registered' from inserted
    ),
    consent as (
      insert into consent_records (registration_id, guardian_name, notice_version, language, channel, consented_at)
      select i.id, i.guardian_name, i.notice_version, i.language, i.consent_channel,
        least(coalesce(i.consented_at::timestamptz, now()), now())
      from input i join inserted r on r.id = i.id
      where i.guardian_name is not null
    )
    select ${STORED_COLUMNS} from inserted r`);
}

function selectByIds(database: Database, ids: readonly string[]): Promise<StoredRow[]> {
  return database.rows<StoredRow>(sql`select ${STORED_COLUMNS} from registrations r where r.id = any(${sql.param([...ids])}::uuid[])`);
}

/** The hash that decides "same content": the record as the client first sent it. */
export function registrationHash(registration: NewRegistration): string {
  return contentHash(registrationContent(registration));
}

function rowValues(write: RegistrationWrite, hash: string, source: RegistrationSource) {
  const { registration } = write;
  return {
    id: registration.id,
    referenceCode: registration.referenceCode,
    type: registration.type,
    name: registration.name,
    age: registration.age,
    ageUnit: registration.ageUnit,
    email: registration.email,
    phone: registration.phone,
    city: registration.city,
    instituteName: registration.instituteName,
    categories: registration.categories,
    contentHash: hash,
    secretHash: write.secretHash,
    source,
    language: registration.language,
    consent: registration.consent,
    deviceSavedAt: write.deviceSavedAt ? write.deviceSavedAt.toISOString() : null,
  };
}

/** Postgres prints a uuid in lower case; keying by that form lets an upper-case id match its row. */
function withCanonicalId(write: RegistrationWrite): RegistrationWrite {
  const id = write.registration.id.toLowerCase();
  return id === write.registration.id ? write : { ...write, registration: { ...write.registration, id } };
}

/**
 * What a write of `hash` by the holder of `secretHash` finds in a stored row. Soft-deleted rows
 * count too: replaying a deleted record must neither resurrect it nor show it to anyone.
 */
function outcomeFor(row: StoredRow, status: WriteOutcome['status'] | null, hash: string, secretHash: string | null): WriteOutcome {
  return {
    status: status ?? (row.contentHash === hash ? 'duplicate' : 'conflict'),
    registration: toRegistration(row),
    visible: row.deletedAt === null && secretMatches(row.secretHash, secretHash),
  };
}

/** Single creates that arrive together, per database and source (group-commit.ts). */
const singleCreates = groupCommitPerDatabase((database, maxInFlight) => {
  const forSource = (source: RegistrationSource) =>
    groupCommit({
      writeAll: (writes: RegistrationWrite[]) => createRegistrations(database, writes, source),
      maxItems: REGISTRATION_BATCH_LIMIT,
      maxInFlight,
    });
  return { web: forSource('web'), legacy: forSource('legacy') } satisfies Record<RegistrationSource, unknown>;
});

/**
 * Creates one registration, or answers for the one already stored under its id. Creates that
 * arrive together share one statement (group commit, ADR 025): under load, fifty parents
 * registering at once cost the database a few statements instead of fifty.
 */
export function createRegistration(database: Database, input: RegistrationWrite, source: RegistrationSource = 'web'): Promise<WriteOutcome> {
  return singleCreates(database)[source](input);
}

async function insertOne(database: Database, write: RegistrationWrite, hash: string, source: RegistrationSource): Promise<WriteOutcome> {
  // Two rounds cover a stored row vanishing between the insert and the read.
  for (let round = 0; round < 2; round++) {
    const [inserted] = await insertRows(database, [rowValues(write, hash, source)]);
    if (inserted) return outcomeFor(inserted, 'created', hash, write.secretHash);
    const [row] = await selectByIds(database, [write.registration.id]);
    if (row) return outcomeFor(row, null, hash, write.secretHash);
  }
  throw new Error('The row holding this id kept changing; giving up.');
}

/**
 * Creates many registrations with one multi-row insert and one read of the ids that were not
 * inserted. Results come back in the order of the input. The first occurrence of an id within
 * the batch is the one inserted; later copies compare against it like any replay.
 */
export async function createRegistrations(
  database: Database,
  input: readonly RegistrationWrite[],
  source: RegistrationSource = 'web',
): Promise<WriteOutcome[]> {
  if (input.length === 0) return [];
  const batch = input.map(withCanonicalId);
  const hashes = batch.map((write) => registrationHash(write.registration));
  const firstIndexOf = new Map<string, number>();
  batch.forEach((write, index) => {
    if (!firstIndexOf.has(write.registration.id)) firstIndexOf.set(write.registration.id, index);
  });

  const inserted = await insertRows(
    database,
    [...firstIndexOf.values()].map((index) => rowValues(batch[index] as RegistrationWrite, hashes[index] as string, source)),
  );
  const created = new Set(inserted.map((row) => row.id));
  const known = new Map(inserted.map((row) => [row.id, row]));

  const notInserted = [...firstIndexOf.keys()].filter((id) => !created.has(id));
  if (notInserted.length > 0) {
    for (const row of await selectByIds(database, notInserted)) known.set(row.id, row);
  }

  const outcomes: WriteOutcome[] = [];
  for (const [index, write] of batch.entries()) {
    const hash = hashes[index] as string;
    const { id } = write.registration;
    const row = known.get(id);
    if (row) {
      const first = created.has(id) && firstIndexOf.get(id) === index;
      outcomes.push(outcomeFor(row, first ? 'created' : null, hash, write.secretHash));
    } else {
      // Neither inserted nor stored: the row vanished between the two statements. Rare, so alone.
      outcomes.push(await insertOne(database, write, hash, source));
    }
  }
  return outcomes;
}
