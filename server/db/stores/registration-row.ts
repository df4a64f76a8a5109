import { sql } from 'drizzle-orm';
import type { CategorySlug } from '@domain/categories';
import type { Registration } from '@domain/registration';
import { VENUE_SESSIONS } from '@domain/season';
import type { registrations } from '../schema';
import { isoTime } from '../../lib/sql-time';

/**
 * The registrations table's one column list and one mapper, shared by the store (create, replay)
 * and the admin queries (list, find, update, delete). The row type is the table's own
 * (`$inferSelect`); only what the drivers hand back differently is widened.
 */

type TableRow = typeof registrations.$inferSelect;

/** A registration as the admin API returns it (docs/api.md). */
export type AdminRegistration = Registration &
  Pick<TableRow, 'deletedAt' | 'language' | 'cancelledBy'> & {
    possibleDuplicate: boolean;
    /** Set when the family cancelled through their private link: still listed, shown as cancelled. */
    cancelledAt: string | null;
    /** Venue mode: the cash fee of a child in an in-person session's contest (null for everyone else). */
    venueFee: VenueFeeStatus | null;
    /** Venue mode: checked in with an age (on the session's day) outside the contest's band. */
    ageOutsideBand: boolean;
  };

export type VenueFeeStatus = 'paid' | 'waived' | 'unpaid';

/**
 * What `REGISTRATION_COLUMNS` selects: the table's fields under their drizzle names, times as
 * ISO text (sql-time.ts). Numbers may arrive as text from one driver, hence the widening.
 */
export type RegistrationRow = Pick<
  TableRow,
  | 'id'
  | 'referenceCode'
  | 'type'
  | 'name'
  | 'ageUnit'
  | 'email'
  | 'phone'
  | 'city'
  | 'instituteName'
  | 'createdAt'
  | 'updatedAt'
  | 'deletedAt'
  | 'language'
  | 'cancelledAt'
  | 'cancelledBy'
> & { age: number | string | null; version: number | string; categories: string[] };

/** A row with the admin's duplicate flag and fee (`ADMIN_REGISTRATION_COLUMNS`); the drivers give the flag as anything truthy. */
export type AdminRegistrationRow = RegistrationRow & { possibleDuplicate: unknown; venueFee: VenueFeeStatus | null; ageOutsideBand: unknown };

/** The select list for `registrations r`, in RegistrationRow's shape. Raw SQL for the time text (sql-time.ts). */
export const REGISTRATION_COLUMNS = sql`
  r.id::text as "id", r.reference_code as "referenceCode", r.type, r.name, r.age, r.age_unit as "ageUnit",
  r.email, r.phone, r.city, r.institute_name as "instituteName", r.categories, r.version,
  ${isoTime(sql`r.created_at`)} as "createdAt", ${isoTime(sql`r.updated_at`)} as "updatedAt",
  case when r.deleted_at is null then null else ${isoTime(sql`r.deleted_at`)} end as "deletedAt",
  r.language, case when r.cancelled_at is null then null else ${isoTime(sql`r.cancelled_at`)} end as "cancelledAt",
  r.cancelled_by as "cancelledBy"`;

/**
 * Possible duplicate: another live registration with the same normalised child name + phone
 * (the generated duplicate_key) sharing at least one category. One index probe per row.
 */
export const POSSIBLE_DUPLICATE = sql`(r.duplicate_key is not null and exists (
  select 1 from registrations d
  where d.duplicate_key = r.duplicate_key and d.id <> r.id and d.deleted_at is null and d.categories && r.categories
))`;

/** The contests held only in person this season (the baby races of domain/season.ts, VENUE_SESSIONS). */
const IN_PERSON_ONLY = [...new Set(VENUE_SESSIONS.filter((session) => session.judging === 'race').flatMap((session) => session.categories))];

/**
 * Venue mode's cash fee (ADR 018): for a child in a contest held only in person, or checked in at
 * a session (a dancer who came to a centre rather than sending a video), the first fee recorded
 * (paid or waived), else unpaid; null for everyone else.
 */
export const VENUE_FEE = sql`case when r.type = 'participant' and (r.categories && ${sql.param(IN_PERSON_ONLY)}::text[]
    or exists (select 1 from venue_check_ins k where k.registration_id = r.id))
  then coalesce((select f.status from venue_fees f where f.registration_id = r.id order by f.created_at limit 1), 'unpaid') end`;

/** Venue mode's age check (ADR 018): a check-in whose age on the session's day is outside the contest's band. */
export const AGE_OUTSIDE_BAND = sql`exists (select 1 from venue_check_ins k where k.registration_id = r.id and k.age_outside_band)`;

/** The admin's select list: every column plus the duplicate flag, the venue fee and the age flag. */
export const ADMIN_REGISTRATION_COLUMNS = sql`${REGISTRATION_COLUMNS}, ${POSSIBLE_DUPLICATE} as "possibleDuplicate", ${VENUE_FEE} as "venueFee", ${AGE_OUTSIDE_BAND} as "ageOutsideBand"`;

/** The one mapper. Copies field by field: queries select extra columns (sort keys, hashes). */
export function toRegistration(row: RegistrationRow): Registration {
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
    categories: row.categories as CategorySlug[],
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    version: Number(row.version),
  };
}

export function toAdminRegistration(row: AdminRegistrationRow): AdminRegistration {
  return {
    ...toRegistration(row),
    deletedAt: row.deletedAt,
    possibleDuplicate: row.possibleDuplicate === true,
    language: row.language,
    cancelledAt: row.cancelledAt,
    cancelledBy: row.cancelledBy,
    venueFee: row.venueFee ?? null,
    ageOutsideBand: row.ageOutsideBand === true,
  };
}

/** The fields a person can change (an admin, or the family): the audit log's before/after. */
const EDITABLE_FIELDS = ['type', 'name', 'age', 'ageUnit', 'email', 'phone', 'city', 'instituteName', 'categories'] as const;

export function editableFields(r: AdminRegistration): Pick<AdminRegistration, (typeof EDITABLE_FIELDS)[number]> {
  return Object.fromEntries(EDITABLE_FIELDS.map((field) => [field, r[field]])) as Pick<AdminRegistration, (typeof EDITABLE_FIELDS)[number]>;
}
