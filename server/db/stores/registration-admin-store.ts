import { eq, sql } from 'drizzle-orm';
import type { ResultsName } from '@domain/certificates';
import type { RegistrationUpdate } from '@domain/registration';
import type { Database, Db } from '../client';
import { registrations } from '../schema';
import { ADMIN_REGISTRATION_COLUMNS, toAdminRegistration, type AdminRegistration, type AdminRegistrationRow } from './registration-row';

export async function findRegistration(database: Database, id: string): Promise<AdminRegistration | null> {
  const [row] = await database.rows<AdminRegistrationRow>(
    sql`select ${ADMIN_REGISTRATION_COLUMNS} from registrations r where r.id = ${id}::uuid`,
  );
  return row ? toAdminRegistration(row) : null;
}

/**
 * Optimistic concurrency: the row changes only if it is still at the version the admin loaded.
 * Returns null when nothing was updated (stale version, deleted or missing).
 */
export async function updateRegistration(
  database: Database,
  id: string,
  update: RegistrationUpdate,
  now: Date,
): Promise<AdminRegistration | null> {
  const updated = await database.rows<{ id: string }>(sql`
    update registrations set
      type = ${update.type}, name = ${update.name}, age = ${update.age}, age_unit = ${update.ageUnit},
      email = ${update.email}, phone = ${update.phone}, city = ${update.city},
      institute_name = ${update.instituteName},
      categories = string_to_array(${update.categories.join(',')}, ',')::text[],
      version = version + 1, updated_at = ${now.toISOString()}::timestamptz
    where id = ${id}::uuid and version = ${update.version} and deleted_at is null
    returning id::text as id`);
  return updated.length > 0 ? findRegistration(database, id) : null;
}

/** Soft delete (deleted = true) or restore; returns the row after, or null when it does not exist. */
export async function setDeleted(
  database: Database,
  id: string,
  deleted: boolean,
  now: Date,
): Promise<{ registration: AdminRegistration; changed: boolean } | null> {
  const changed = await database.rows<{ id: string }>(sql`
    update registrations set
      deleted_at = ${deleted ? sql`${now.toISOString()}::timestamptz` : sql`null`},
      updated_at = ${now.toISOString()}::timestamptz
    where id = ${id}::uuid and deleted_at is ${deleted ? sql`null` : sql`not null`}
    returning id::text as id`);
  const registration = await findRegistration(database, id);
  return registration ? { registration, changed: changed.length > 0 } : null;
}

/** The live registrations holding each reference code (codes are not unique: twins can share one, ADR 009). */
export async function findRegistrationIdsByCode(database: Database, codes: readonly string[]): Promise<Map<string, string[]>> {
  if (codes.length === 0) return new Map();
  const rows = await database.rows<{ code: string; id: string }>(sql`
    select reference_code as code, id::text as id from registrations where deleted_at is null and reference_code = any(${sql.param([...codes])}::text[])`);
  const byCode = new Map<string, string[]>();
  for (const row of rows) byCode.set(row.code, [...(byCode.get(row.code) ?? []), row.id]);
  return byCode;
}

/** How the child appears on public results pages (issue 25): name and initial, or the reference code only. */
export async function resultsNameOf(db: Db, registrationId: string): Promise<ResultsName> {
  const [row] = await db.select({ resultsName: registrations.resultsName }).from(registrations).where(eq(registrations.id, registrationId));
  return row?.resultsName ?? 'initial';
}

export async function setResultsName(db: Db, registrationId: string, resultsName: ResultsName): Promise<void> {
  await db.update(registrations).set({ resultsName }).where(eq(registrations.id, registrationId));
}
