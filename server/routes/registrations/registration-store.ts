import { sql } from 'drizzle-orm';
import type { AgeUnit } from '@domain/age-bands';
import type { CategorySlug } from '@domain/categories';
import { createReferenceCode } from '@domain/reference-code';
import { registrationContent, type NewRegistration, type Registration, type RegistrationType } from '@domain/registration';
import type { Database } from '../../db/client';
import { contentHash } from '../../lib/content-hash';

/**
 * Idempotent creation of registrations, keyed by the client's UUID. Every write is a single
 * `INSERT ... ON CONFLICT DO NOTHING RETURNING`, so racing requests with one id leave exactly one
 * row; whoever does not get the row back reads the stored copy and compares content hashes.
 */

export type RegistrationSource = 'web' | 'legacy';

export type WriteOutcome = {
  status: 'created' | 'duplicate' | 'conflict';
  /** The stored copy: what was just created, or what the server already had under that id. */
  registration: Registration;
};

type StoredRow = {
  id: string;
  reference_code: string;
  type: RegistrationType;
  name: string | null;
  age: number | null;
  age_unit: AgeUnit | null;
  email: string;
  phone: string;
  city: string;
  institute_name: string | null;
  categories: string[];
  content_hash: string;
  created_at: string | Date;
  updated_at: string | Date;
  version: number;
};

const STORED_COLUMNS = sql.raw(
  'id, reference_code, type, name, age, age_unit, email, phone, city, institute_name, categories, content_hash, created_at, updated_at, version',
);

type RowValues = ReturnType<typeof rowValues>;

/**
 * One statement for one row or a hundred: each column travels as a single array parameter, so
 * the statement text never changes and building it costs almost nothing. Rows go in id order,
 * so two batches sharing ids take their locks in the same order and wait instead of deadlocking.
 *
 * The same statement queues each created registration's confirmation email and stores its
 * parent's consent: a row that is not inserted (a replay, a taken reference code) gets neither,
 * and nothing is ever stored without its email.
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
        ${column((r) => r.contentHash)}::text[], ${column((r) => r.source)}::text[], ${column((r) => r.language)}::text[],
        ${column((r) => r.consent?.guardianName ?? null)}::text[], ${column((r) => r.consent?.noticeVersion ?? null)}::text[],
        ${column((r) => r.consent?.channel ?? null)}::text[], ${column((r) => r.consent?.consentedAt ?? null)}::text[]
      ) as input(id, reference_code, type, name, age, age_unit, email, phone, city, institute_name, categories,
         content_hash, source, language, guardian_name, notice_version, consent_channel, consented_at)
    ),
    inserted as (
      insert into registrations
        (id, reference_code, type, name, age, age_unit, email, phone, city, institute_name, categories,
         agree_terms, content_hash, source, language)
      select id, reference_code, type, name, age, age_unit, email, phone, city, institute_name,
        string_to_array(categories, ','), true, content_hash, source, language
      from input
      order by id
      on conflict do nothing
      returning ${STORED_COLUMNS}
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
    select * from inserted`);
}

function selectByIds(database: Database, ids: readonly string[]): Promise<StoredRow[]> {
  return database.rows<StoredRow>(sql`select ${STORED_COLUMNS} from registrations where id = any(${sql.param([...ids])}::uuid[])`);
}

/** A 40-bit code collides about once in a trillion draws; a few retries are plenty. */
const REFERENCE_CODE_ATTEMPTS = 5;

/** The hash that decides "same content": the record as the client first sent it. */
export function registrationHash(registration: NewRegistration): string {
  return contentHash(registrationContent(registration));
}

function toRegistration(row: StoredRow): Registration {
  return {
    id: row.id,
    referenceCode: row.reference_code,
    type: row.type,
    name: row.name,
    age: row.age,
    ageUnit: row.age_unit,
    email: row.email,
    phone: row.phone,
    city: row.city,
    instituteName: row.institute_name,
    categories: row.categories as CategorySlug[],
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
    version: row.version,
  };
}

function rowValues(registration: NewRegistration, hash: string, source: RegistrationSource) {
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
    source,
    language: registration.language,
    consent: registration.consent,
  };
}

/** Postgres prints a uuid in lower case; keying by that form lets an upper-case id match its row. */
function withCanonicalId(registration: NewRegistration): NewRegistration {
  const id = registration.id.toLowerCase();
  return id === registration.id ? registration : { ...registration, id };
}

type Stored = { contentHash: string; registration: Registration };

function stored(row: StoredRow): Stored {
  return { contentHash: row.content_hash, registration: toRegistration(row) };
}

/** Soft-deleted rows count too: replaying a deleted record must neither resurrect nor copy it. */
function compareWithStored(existing: Stored, hash: string): WriteOutcome {
  return { status: existing.contentHash === hash ? 'duplicate' : 'conflict', registration: existing.registration };
}

/**
 * Creates one registration. When another record already holds its reference code, a fresh code
 * is drawn and the answer carries it.
 */
export async function createRegistration(
  database: Database,
  input: NewRegistration,
  source: RegistrationSource = 'web',
): Promise<WriteOutcome> {
  const registration = withCanonicalId(input);
  const hash = registrationHash(registration);
  const { outcome } = await insertOne(database, registration, hash, source);
  return outcome;
}

async function insertOne(
  database: Database,
  registration: NewRegistration,
  hash: string,
  source: RegistrationSource,
): Promise<{ outcome: WriteOutcome; existing: Stored }> {
  let values = rowValues(registration, hash, source);
  for (let attempt = 0; attempt < REFERENCE_CODE_ATTEMPTS; attempt++) {
    const [inserted] = await insertRows(database, [values]);
    if (inserted) {
      const existing = stored(inserted);
      return { outcome: { status: 'created', registration: existing.registration }, existing };
    }
    const [row] = await selectByIds(database, [registration.id]);
    if (row) {
      const existing = stored(row);
      return { outcome: compareWithStored(existing, hash), existing };
    }
    // Nothing holds this id, so the reference code was taken by another record.
    values = { ...values, referenceCode: createReferenceCode() };
  }
  throw new Error('No free reference code after several attempts.');
}

/**
 * Creates many registrations with one multi-row insert and one read of the ids that were not
 * inserted. Results come back in the order of the input. The first occurrence of an id within
 * the batch is the one inserted; later copies compare against it like any replay.
 */
export async function createRegistrations(database: Database, input: readonly NewRegistration[]): Promise<WriteOutcome[]> {
  if (input.length === 0) return [];
  const batch = input.map(withCanonicalId);
  const hashes = batch.map(registrationHash);
  const firstIndexOf = new Map<string, number>();
  batch.forEach((registration, index) => {
    if (!firstIndexOf.has(registration.id)) firstIndexOf.set(registration.id, index);
  });

  const inserted = await insertRows(
    database,
    [...firstIndexOf.values()].map((index) => rowValues(batch[index] as NewRegistration, hashes[index] as string, 'web')),
  );
  const created = new Set(inserted.map((row) => row.id));
  const known = new Map(inserted.map((row) => [row.id, stored(row)]));

  const notInserted = [...firstIndexOf.keys()].filter((id) => !created.has(id));
  if (notInserted.length > 0) {
    for (const row of await selectByIds(database, notInserted)) known.set(row.id, stored(row));
  }

  const outcomes: WriteOutcome[] = [];
  for (const [index, registration] of batch.entries()) {
    const hash = hashes[index] as string;
    const existing = known.get(registration.id);
    if (created.has(registration.id) && firstIndexOf.get(registration.id) === index) {
      outcomes.push({ status: 'created', registration: (existing as Stored).registration });
    } else if (existing) {
      outcomes.push(compareWithStored(existing, hash));
    } else {
      // Neither inserted nor stored: its reference code is taken. Rare, so one at a time.
      const result = await insertOne(database, registration, hash, 'web');
      known.set(registration.id, result.existing);
      outcomes.push(result.outcome);
    }
  }
  return outcomes;
}
