import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow();

/**
 * Registrations, keyed by the client's UUID (the idempotency key). Categories are slugs.
 * Rows are soft-deleted (deleted_at) so an admin can undo. The reference code is a receipt made
 * on the device, not a key: it is deliberately not unique, so no answer reveals whether a code is
 * taken (ADR 009).
 */
export const registrations = pgTable(
  'registrations',
  {
    id: uuid('id').primaryKey(),
    referenceCode: text('reference_code').notNull(),
    type: text('type', { enum: ['participant', 'institute'] }).notNull(),
    name: text('name'),
    age: integer('age'),
    ageUnit: text('age_unit', { enum: ['years', 'months'] }),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    city: text('city').notNull(),
    instituteName: text('institute_name'),
    categories: text('categories').array().notNull(),
    agreeTerms: boolean('agree_terms').notNull(),
    /** SHA-256 of the canonical content as first received: same id + same hash = a replay. */
    contentHash: text('content_hash').notNull(),
    /** SHA-256 of the record secret the device sent first (ADR 009); null for records made before secrets. */
    secretHash: text('secret_hash'),
    source: text('source', { enum: ['web', 'legacy'] }).notNull().default('web'),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'string' }),
    /** Age in months whatever the unit, so the Age column sorts babies and children together. */
    ageInMonths: integer('age_in_months').generatedAlwaysAs(
      sql`case when age_unit = 'years' then age * 12 else age end`,
    ),
    /** Lower-cased text of every searchable column, for the trigram search index. */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(coalesce(name, '') || ' ' || email || ' ' || phone || ' ' || city || ' ' || coalesce(institute_name, '') || ' ' || reference_code)`,
    ),
    /** Normalised child name + phone digits: rows sharing it are possible duplicates. */
    duplicateKey: text('duplicate_key').generatedAlwaysAs(
      sql`case when name is null then null else lower(regexp_replace(btrim(name), '\\s+', ' ', 'g')) || '|' || right(regexp_replace(phone, '\\D', '', 'g'), 10) end`,
    ),
  },
  (t) => [
    check('registrations_terms_agreed', sql`${t.agreeTerms} = true`),
    check('registrations_has_category', sql`cardinality(${t.categories}) >= 1`),
    check(
      'registrations_known_categories',
      sql`${t.categories} <@ array['dance','singing','drawing','costume','storytelling','spelling-bee','coloring','handwriting','fastest-walking','crawling','art-craft','yoga']::text[]`,
    ),
    check(
      'registrations_participant_fields',
      sql`(${t.type} = 'participant' and ${t.name} is not null and ${t.age} is not null and ${t.ageUnit} is not null)
        or (${t.type} = 'institute' and ${t.instituteName} is not null and ${t.name} is null and ${t.age} is null and ${t.ageUnit} is null)`,
    ),
    check(
      'registrations_age_years',
      sql`${t.ageUnit} is distinct from 'years' or (${t.age} between 1 and 17 and not (${t.categories} && array['crawling','fastest-walking']::text[]))`,
    ),
    check(
      'registrations_age_months',
      sql`${t.ageUnit} is distinct from 'months' or (${t.categories} && array['crawling','fastest-walking']::text[]
        and (not ('crawling' = any(${t.categories})) or ${t.age} between 5 and 9)
        and (not ('fastest-walking' = any(${t.categories})) or ${t.age} between 9 and 15))`,
    ),
    check('registrations_version_positive', sql`${t.version} >= 1`),
    index('registrations_search_trgm').using('gin', sql`${t.searchText} gin_trgm_ops`),
    index('registrations_categories_gin').using('gin', t.categories),
    // Admin sort keys (server/routes/registrations/registration-list-query.ts): never null, so
    // keyset row comparisons work, and in the "C" collation so one index serves ORDER BY, the
    // keyset cursor and the LIKE 'ab%' prefix search used for one- and two-letter terms.
    index('registrations_name_sort').on(sql`(coalesce(lower(${t.name}), '') collate "C")`, t.id),
    index('registrations_city_sort').on(sql`(lower(${t.city}) collate "C")`, t.id),
    index('registrations_email_sort').on(sql`(lower(${t.email}) collate "C")`, t.id),
    index('registrations_phone_sort').on(sql`(${t.phone} collate "C")`, t.id),
    index('registrations_age_sort').on(sql`(coalesce(${t.ageInMonths}, -1))`, t.id),
    index('registrations_institute_sort').on(sql`(coalesce(lower(${t.instituteName}), '') collate "C")`, t.id),
    index('registrations_categories_sort').on(t.categories, t.id),
    index('registrations_created_sort').on(t.createdAt, t.id),
    index('registrations_duplicate_key')
      .on(t.duplicateKey)
      .where(sql`${t.deletedAt} is null and ${t.duplicateKey} is not null`),
    // Lets "how many live registrations" be an index-only scan instead of reading every row.
    index('registrations_live').on(t.id).where(sql`${t.deletedAt} is null`),
  ],
);

/**
 * Kept by triggers on registrations (migration registration_counters): the number of live
 * registrations, so the admin table's total is one row read instead of counting 100k rows.
 */
export const registrationStats = pgTable(
  'registration_stats',
  {
    id: integer('id').primaryKey(),
    live: integer('live').notNull(),
  },
  (t) => [check('registration_stats_single_row', sql`${t.id} = 1`)],
);

/**
 * Kept by the same triggers: how many live registrations share each duplicate_key, so the
 * "possible duplicates" view starts from the few keys used more than once.
 */
export const registrationDuplicateKeys = pgTable(
  'registration_duplicate_keys',
  {
    duplicateKey: text('duplicate_key').primaryKey(),
    live: integer('live').notNull(),
  },
  (t) => [index('registration_duplicate_keys_shared').on(t.duplicateKey).where(sql`${t.live} > 1`)],
);

export const judgeApplications = pgTable(
  'judge_applications',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    expertise: text('expertise').notNull(),
    experience: integer('experience').notNull(),
    bio: text('bio').notNull(),
    photo: bytea('photo'),
    photoType: text('photo_type'),
    photoSize: integer('photo_size'),
    contentHash: text('content_hash').notNull(),
    /** SHA-256 of the record secret (ADR 009); null for applications made before secrets. */
    secretHash: text('secret_hash'),
    createdAt: createdAt(),
  },
  (t) => [
    check('judge_experience_range', sql`${t.experience} between 0 and 60`),
    check('judge_bio_length', sql`char_length(${t.bio}) between 1 and 1000`),
    check(
      'judge_photo_consistent',
      sql`(${t.photo} is null and ${t.photoType} is null and ${t.photoSize} is null)
        or (${t.photo} is not null and ${t.photoType} in ('image/jpeg','image/png','image/webp','image/gif') and ${t.photoSize} between 1 and 5242880)`,
    ),
    index('judge_applications_created').on(t.createdAt),
  ],
);

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    contactMethod: text('contact_method', { enum: ['Email', 'Phone'] }).notNull(),
    contentHash: text('content_hash').notNull(),
    /** SHA-256 of the record secret (ADR 009); null for messages sent before secrets. */
    secretHash: text('secret_hash'),
    handledAt: timestamp('handled_at', { withTimezone: true, mode: 'string' }),
    handledBy: text('handled_by'),
    createdAt: createdAt(),
  },
  (t) => [index('contact_messages_created').on(t.createdAt)],
);

export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: uuid('id').primaryKey(),
    /** Stored lower-cased: subscribing twice with different case is the same subscriber. */
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('newsletter_subscribers_email_key').on(t.email),
    check('newsletter_email_lowercase', sql`${t.email} = lower(${t.email})`),
  ],
);

export const admins = pgTable(
  'admins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('admins_username_key').on(t.username),
    check('admins_username_lowercase', sql`${t.username} = lower(${t.username})`),
  ],
);

/** Only the SHA-256 of a session token is stored; the token itself lives in the cookie alone. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'string' }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_admin').on(t.adminId), index('sessions_expires').on(t.expiresAt)],
);

/** Failed sign-ins, counted per username + IP over a window so several instances share the limit. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    username: text('username').notNull(),
    ip: text('ip').notNull(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    index('login_attempts_lookup').on(t.username, t.ip, t.attemptedAt),
    // Failed sign-ins per IP across usernames (server/routes/auth/login.ts).
    index('login_attempts_ip').on(t.ip, t.attemptedAt),
  ],
);

/**
 * Token buckets of the abuse limits (server/lib/rate-limits.ts), one row per bucket and caller:
 * `key` is "<bucket>:<ip>" (or "<bucket>:*" for a limit over everyone). In the database so that
 * every instance spends from the same bucket; rows idle long enough to be full again are pruned.
 */
export const rateLimitBuckets = pgTable(
  'rate_limit_buckets',
  {
    key: text('key').primaryKey(),
    tokens: doublePrecision('tokens').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull(),
  },
  (t) => [index('rate_limit_buckets_updated').on(t.updatedAt)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    adminId: uuid('admin_id').references(() => admins.id, { onDelete: 'set null' }),
    adminUsername: text('admin_username').notNull(),
    action: text('action').notNull(),
    entityType: text('entity_type'),
    entityId: text('entity_id'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    changes: jsonb('changes'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created').on(t.createdAt), index('audit_log_entity').on(t.entityType, t.entityId)],
);
