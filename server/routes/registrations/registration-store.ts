import { eq, inArray } from 'drizzle-orm';
import type { CategorySlug } from '@domain/categories';
import { createReferenceCode } from '@domain/reference-code';
import { registrationContent, type NewRegistration, type Registration } from '@domain/registration';
import type { Db } from '../../db/client';
import { registrations } from '../../db/schema';
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

const storedColumns = {
  id: registrations.id,
  referenceCode: registrations.referenceCode,
  type: registrations.type,
  name: registrations.name,
  age: registrations.age,
  ageUnit: registrations.ageUnit,
  email: registrations.email,
  phone: registrations.phone,
  city: registrations.city,
  instituteName: registrations.instituteName,
  categories: registrations.categories,
  contentHash: registrations.contentHash,
  createdAt: registrations.createdAt,
  updatedAt: registrations.updatedAt,
  version: registrations.version,
};

type StoredRow = {
  [K in keyof typeof storedColumns]: (typeof storedColumns)[K]['_']['notNull'] extends true
    ? (typeof storedColumns)[K]['_']['data']
    : (typeof storedColumns)[K]['_']['data'] | null;
};

/** A 40-bit code collides about once in a trillion draws; a few retries are plenty. */
const REFERENCE_CODE_ATTEMPTS = 5;

/** The hash that decides "same content": the record as the client first sent it. */
export function registrationHash(registration: NewRegistration): string {
  return contentHash(registrationContent(registration));
}

export function toRegistration(row: StoredRow): Registration {
  return {
    id: row.id,
    referenceCode: row.referenceCode,
    type: row.type,
    name: row.name,
    age: row.age,
    ageUnit: row.ageUnit,
    email: row.email,
    phone: row.phone,
    city: row.city,
    instituteName: row.instituteName,
    categories: row.categories as CategorySlug[],
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
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
    agreeTerms: true,
    contentHash: hash,
    source,
  };
}

/** Postgres prints a uuid in lower case; keying by that form lets an upper-case id match its row. */
function withCanonicalId(registration: NewRegistration): NewRegistration {
  const id = registration.id.toLowerCase();
  return id === registration.id ? registration : { ...registration, id };
}

type Stored = { contentHash: string; registration: Registration };

function stored(row: StoredRow): Stored {
  return { contentHash: row.contentHash, registration: toRegistration(row) };
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
  db: Db,
  input: NewRegistration,
  source: RegistrationSource = 'web',
): Promise<WriteOutcome> {
  const registration = withCanonicalId(input);
  const hash = registrationHash(registration);
  const { outcome } = await insertOne(db, registration, hash, source);
  return outcome;
}

async function insertOne(
  db: Db,
  registration: NewRegistration,
  hash: string,
  source: RegistrationSource,
): Promise<{ outcome: WriteOutcome; existing: Stored }> {
  let values = rowValues(registration, hash, source);
  for (let attempt = 0; attempt < REFERENCE_CODE_ATTEMPTS; attempt++) {
    const [inserted] = await db.insert(registrations).values(values).onConflictDoNothing().returning(storedColumns);
    if (inserted) {
      const existing = stored(inserted);
      return { outcome: { status: 'created', registration: existing.registration }, existing };
    }
    const [row] = await db.select(storedColumns).from(registrations).where(eq(registrations.id, registration.id));
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
export async function createRegistrations(db: Db, input: readonly NewRegistration[]): Promise<WriteOutcome[]> {
  if (input.length === 0) return [];
  const batch = input.map(withCanonicalId);
  const hashes = batch.map(registrationHash);
  const firstIndexOf = new Map<string, number>();
  batch.forEach((registration, index) => {
    if (!firstIndexOf.has(registration.id)) firstIndexOf.set(registration.id, index);
  });

  // Rows go in id order: two batches sharing ids then take their row locks in the same order
  // and wait for each other instead of deadlocking.
  const rows = [...firstIndexOf.values()]
    .map((index) => rowValues(batch[index] as NewRegistration, hashes[index] as string, 'web'))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const inserted = await db.insert(registrations).values(rows).onConflictDoNothing().returning(storedColumns);
  const created = new Set(inserted.map((row) => row.id));
  const known = new Map(inserted.map((row) => [row.id, stored(row)]));

  const notInserted = [...firstIndexOf.keys()].filter((id) => !created.has(id));
  if (notInserted.length > 0) {
    const rows = await db.select(storedColumns).from(registrations).where(inArray(registrations.id, notInserted));
    for (const row of rows) known.set(row.id, stored(row));
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
      const result = await insertOne(db, registration, hash, 'web');
      known.set(registration.id, result.existing);
      outcomes.push(result.outcome);
    }
  }
  return outcomes;
}
