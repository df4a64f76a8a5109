import { sql } from 'drizzle-orm';
import type { Language } from '@domain/languages';
import { isoTime } from '../../lib/sql-time';
import type { Registration } from '@domain/registration';

/** A registration as the admin API returns it (docs/api.md). */
export type AdminRegistration = Registration & {
  possibleDuplicate: boolean;
  deletedAt: string | null;
  language: Language;
  /** Set when the family cancelled through their private link: still listed, shown as cancelled. */
  cancelledAt: string | null;
  cancelledBy: 'family' | 'admin' | null;
};


/**
 * Possible duplicate: another live registration with the same normalised child name + phone
 * (the generated duplicate_key) sharing at least one category. One index probe per row.
 */
export const POSSIBLE_DUPLICATE = sql`(r.duplicate_key is not null and exists (
  select 1 from registrations d
  where d.duplicate_key = r.duplicate_key and d.id <> r.id and d.deleted_at is null and d.categories && r.categories
))`;

/** The select list for `registrations r`, in AdminRegistration's shape. */
export const ADMIN_REGISTRATION_COLUMNS = sql`
  r.id::text as "id", r.reference_code as "referenceCode", r.type, r.name, r.age, r.age_unit as "ageUnit",
  r.email, r.phone, r.city, r.institute_name as "instituteName", r.categories, r.version,
  ${isoTime(sql`r.created_at`)} as "createdAt", ${isoTime(sql`r.updated_at`)} as "updatedAt",
  case when r.deleted_at is null then null else ${isoTime(sql`r.deleted_at`)} end as "deletedAt",
  r.language, case when r.cancelled_at is null then null else ${isoTime(sql`r.cancelled_at`)} end as "cancelledAt",
  r.cancelled_by as "cancelledBy",
  ${POSSIBLE_DUPLICATE} as "possibleDuplicate"`;

/** A row as the drivers return it: numbers may arrive as text, the flag as anything truthy. */
export type AdminRegistrationRow = Omit<AdminRegistration, 'age' | 'version' | 'possibleDuplicate'> & {
  age: number | string | null;
  version: number | string;
  possibleDuplicate: unknown;
};

/** Copies the fields one by one: list queries select extra columns (the keyset sort key). */
export function toAdminRegistration(row: AdminRegistrationRow): AdminRegistration {
  return {
    id: row.id,
    referenceCode: row.referenceCode,
    type: row.type,
    name: row.name,
    age: row.age === null ? null : Number(row.age),
    ageUnit: row.ageUnit,
    email: row.email,
    phone: row.phone,
    city: row.city,
    instituteName: row.instituteName,
    categories: row.categories,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    version: Number(row.version),
    deletedAt: row.deletedAt,
    possibleDuplicate: row.possibleDuplicate === true,
    language: row.language,
    cancelledAt: row.cancelledAt,
    cancelledBy: row.cancelledBy,
  };
}

/** The fields a person can change (an admin, or the family), for the audit log's before/after. */
export function editableFields(r: AdminRegistration) {
  return {
    type: r.type,
    name: r.name,
    age: r.age,
    ageUnit: r.ageUnit,
    email: r.email,
    phone: r.phone,
    city: r.city,
    instituteName: r.instituteName,
    categories: r.categories,
  };
}
