import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  date,
  boolean,
  check,
  customType,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
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
    /** How the child appears on public results pages (issue 25): first name and initial, or the reference code only. */
    resultsName: text('results_name', { enum: ['initial', 'code'] }).notNull().default('initial'),
    /** The language the family registered in; their emails use it. */
    language: text('language', { enum: ['en', 'ta'] }).notNull().default('en'),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true, mode: 'string' }),
    /** Cancelled (by the family through their private link): still listed, marked as cancelled. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'string' }),
    cancelledBy: text('cancelled_by', { enum: ['family', 'admin'] }),
    /**
     * When the record was first saved on the device (sent by the outbox beside the record, never
     * later than its arrival): created_at minus this is how late a field device synced. Null for
     * records sent before devices sent it, and for the legacy API.
     */
    deviceSavedAt: timestamp('device_saved_at', { withTimezone: true, mode: 'string' }),
    /**
     * Set by the retention job (server/retention): the personal fields are gone, the row stays,
     * soft-deleted, as an anonymous count (day, type, categories, city, age) for the overview.
     */
    erasedAt: timestamp('erased_at', { withTimezone: true, mode: 'string' }),
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
      sql`${t.erasedAt} is not null or (${t.type} = 'participant' and ${t.name} is not null and ${t.age} is not null and ${t.ageUnit} is not null)
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
    check('registrations_language', sql`${t.language} in ('en', 'ta')`),
    check('registrations_cancelled_by', sql`(${t.cancelledAt} is null) = (${t.cancelledBy} is null)`),
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
    // The season overview (server/routes/overview): every chart reads the counted rows by day.
    index('registrations_counted_day')
      .on(t.createdAt)
      .where(sql`${t.deletedAt} is null or ${t.erasedAt} is not null`),
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

/** The same list as domain/judge-review.ts (JUDGE_STATUSES). */
const JUDGE_STATUSES = ['new', 'shortlisted', 'approved', 'rejected'] as const;

export const judgeApplications = pgTable(
  'judge_applications',
  {
    id: uuid('id').primaryKey(),
    name: text('name').notNull(),
    /** Where the decision is sent; null for applications made before the form asked for it. */
    email: text('email'),
    expertise: text('expertise').notNull(),
    experience: integer('experience').notNull(),
    bio: text('bio').notNull(),
    photo: bytea('photo'),
    photoType: text('photo_type'),
    photoSize: integer('photo_size'),
    contentHash: text('content_hash').notNull(),
    /** SHA-256 of the record secret (ADR 009); null for applications made before secrets. */
    secretHash: text('secret_hash'),
    /** The organisers' review (server/routes/judges/judges.admin-routes.ts). */
    status: text('status', { enum: JUDGE_STATUSES }).notNull().default('new'),
    /** Internal: never shown to the applicant. */
    note: text('note'),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true, mode: 'string' }),
    /** Set by the retention job: name, email, bio, note and photo are gone; expertise and status stay. */
    erasedAt: timestamp('erased_at', { withTimezone: true, mode: 'string' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('judge_experience_range', sql`${t.experience} between 0 and 60`),
    check('judge_bio_length', sql`${t.erasedAt} is not null or char_length(${t.bio}) between 1 and 1000`),
    check('judge_status', sql`${t.status} in ('new', 'shortlisted', 'approved', 'rejected')`),
    index('judge_applications_status').on(t.status, t.expertise),
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
    /** Set by the retention job: every personal field is blanked, the row stays as a count. */
    erasedAt: timestamp('erased_at', { withTimezone: true, mode: 'string' }),
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

/** Everyone who signs in: admins, and venue staff (`role`). */
export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** admin: everything; staff: venue mode only; judge: the judges' pages only (everything else answers 403). */
    role: text('role', { enum: ['admin', 'staff', 'judge'] }).notNull().default('admin'),
    /** A disabled account cannot sign in, and its sessions end. */
    disabledAt: timestamp('disabled_at', { withTimezone: true, mode: 'string' }),
    /** The authenticator app's shared secret (base32), once confirmed with a code (ADR 033). */
    totpSecret: text('totp_secret'),
    /** The last 30-second step a code was accepted for: a code is good once (replay). */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('accounts_username_key').on(t.username),
    check('accounts_username_lowercase', sql`${t.username} = lower(${t.username})`),
    check('accounts_role', sql`${t.role} in ('admin', 'staff', 'judge')`),
  ],
);

/** Only the SHA-256 of a session token is stored; the token itself lives in the cookie alone. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    adminId: uuid('admin_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'string' }).notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** When this session last proved the second factor; null: signed in with the password only (ADR 033). */
    secondFactorAt: timestamp('second_factor_at', { withTimezone: true, mode: 'string' }),
    /** The passkey ceremony under way on this device: its challenge, good for 5 minutes. */
    challenge: text('challenge'),
    challengeExpiresAt: timestamp('challenge_expires_at', { withTimezone: true, mode: 'string' }),
    /** An authenticator-app secret shown on this device and not yet confirmed with a code. */
    pendingTotpSecret: text('pending_totp_secret'),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_admin').on(t.adminId), index('sessions_expires').on(t.expiresAt)],
);

/** An account's passkeys (WebAuthn credentials): only the public key is stored (ADR 033). */
export const passkeys = pgTable(
  'passkeys',
  {
    /** The credential id, base64url, as the authenticator made it. */
    id: text('id').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    publicKey: bytea('public_key').notNull(),
    /** The authenticator's signature counter, where it keeps one (0 otherwise). */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'string' }),
  },
  (t) => [index('passkeys_account').on(t.accountId)],
);

/** Ten single-use recovery codes per account, stored as SHA-256 hashes; shown once when made. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'string' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('recovery_codes_hash_key').on(t.accountId, t.codeHash)],
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
    adminId: uuid('admin_id').references(() => accounts.id, { onDelete: 'set null' }),
    adminUsername: text('admin_username').notNull(),
    action: text('action').notNull(),
    entityType: text('entity_type'),
    entityId: text('entity_id'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    changes: jsonb('changes'),
    /** Who acted: a signed-in admin, or a family through their private link ("by family"). */
    actor: text('actor', { enum: ['admin', 'family', 'system', 'visitor'] }).notNull().default('admin'),
    /** 'read': an admin was shown or exported personal data (kept at least a year, ADR 016). */
    kind: text('kind', { enum: ['change', 'read'] }).notNull().default('change'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created').on(t.createdAt),
    index('audit_log_entity').on(t.entityType, t.entityId),
    index('audit_log_kind').on(t.kind, t.createdAt),
  ],
);

/**
 * Emails waiting to be sent, written in the same statement as the registration they belong to,
 * so a stored registration always gets its confirmation and a rolled-back one never does. The
 * mail worker (server/mail) claims rows with FOR UPDATE SKIP LOCKED and a lease, so several
 * instances never send one row twice and a crashed instance's claims are retried.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The registration it is about; null for an email to a judge applicant. */
    registrationId: uuid('registration_id').references(() => registrations.id, { onDelete: 'cascade' }),
    judgeApplicationId: uuid('judge_application_id').references(() => judgeApplications.id, { onDelete: 'cascade' }),
    /**
     * confirmation: reference code, summary, dates, QR code and link; family-link: the link alone;
     * judge-decision: the organisers' answer to an application; retention-notice: "your data will
     * be erased on DATE", 48 hours before; receipt: a payment recorded in the ledger (ADR 024);
     * payment-reminder: what is still to pay, and how; payment-withdrawn: a payment a statement's
     * import recorded, and its receipt, withdrawn when the import was undone; judge-reminder: a
     * judge's entries still to score, 3 days and 1 day before the round's scoring deadline.
     */
    template: text('template', {
      enum: ['confirmation', 'family-link', 'judge-decision', 'retention-notice', 'receipt', 'payment-reminder', 'judge-invite', 'round-result', 'payment-withdrawn', 'session-result', 'place-invitation', 'judge-reminder'],
    }).notNull(),
    /**
     * Why it was queued: a new registration, an admin's resend, the family asking for their link, a
     * judge decision, the retention notice, a payment, a reminder (3 days after registering, 2 days
     * before registrations close, or once after they closed), or a statement's import undone.
     */
    reason: text('reason', {
      enum: [
        'registered',
        'admin-resend',
        'family-request',
        'judge-decision',
        'retention',
        'payment',
        'reminder-after-registering',
        'reminder-before-deadline',
        'reminder-after-deadline',
        'import-undone',
        'judge-invite',
        'round-published',
        'session-published',
        'place-invited',
        'place-changed',
        'place-reminder',
        'scoring-3-days',
        'scoring-1-day',
      ],
    }).notNull(),
    /** For a round's result (template round-result): the judging round whose results it announces. */
    judgingRoundId: uuid('judging_round_id'),
    /** For a live session's result (template session-result, issue 45): the venue session. */
    sessionId: text('session_id'),
    /**
     * For a place at a later level (template place-invitation, issue 46): the level and contest of
     * the place, and the version of its session and slot the email tells (a change sends a new one).
     */
    levelId: text('level_id'),
    category: text('category'),
    offerSequence: integer('offer_sequence'),
    /** For a receipt: the payment it is for; for a withdrawal, the payment withdrawn. */
    ledgerEntryId: uuid('ledger_entry_id'),
    /** For a judge decision: the decision it announces (approved or rejected), as it was when queued. */
    decision: text('decision', { enum: ['approved', 'rejected'] }),
    status: text('status', { enum: ['queued', 'sending', 'sent', 'failed', 'skipped'] }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    /** Set by the claiming worker; a claim whose lease has run out may be taken by another. */
    leaseToken: uuid('lease_token'),
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true, mode: 'string' }),
    /** The last failure in the mail server's words (for admins), or why it was skipped. */
    lastError: text('last_error'),
    sentTo: text('sent_to'),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'string' }),
    messageId: text('message_id'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    // Exactly one confirmation per stored registration, however often its batch is replayed.
    uniqueIndex('mail_outbox_one_confirmation').on(t.registrationId).where(sql`${t.reason} = 'registered'`),
    // One retention notice per registration, however many instances run the job.
    uniqueIndex('mail_outbox_one_retention_notice').on(t.registrationId).where(sql`${t.reason} = 'retention'`),
    // One receipt per payment, and each reminder once per registration, however many instances run.
    uniqueIndex('mail_outbox_one_receipt').on(t.ledgerEntryId).where(sql`${t.template} = 'receipt'`),
    uniqueIndex('mail_outbox_one_reminder').on(t.registrationId, t.reason).where(sql`${t.template} = 'payment-reminder'`),
    uniqueIndex('mail_outbox_one_withdrawal').on(t.ledgerEntryId).where(sql`${t.template} = 'payment-withdrawn'`),
    // One result email per registration and round, however often the round is published.
    uniqueIndex('mail_outbox_one_result').on(t.registrationId, t.judgingRoundId).where(sql`${t.template} = 'round-result'`),
    // One email per version of a place (its invitation, each change) and one reminder, however many instances run.
    uniqueIndex('mail_outbox_one_place_email').on(t.registrationId, t.levelId, t.category, t.reason, t.offerSequence).where(sql`${t.template} = 'place-invitation'`),
    uniqueIndex('mail_outbox_one_session_result').on(t.registrationId, t.sessionId).where(sql`${t.template} = 'session-result'`),
    // A judge's reminder before the scoring deadline: each once per judge and round, however many instances run.
    uniqueIndex('mail_outbox_one_judge_reminder').on(t.judgeApplicationId, t.judgingRoundId, t.reason).where(sql`${t.template} = 'judge-reminder'`),
    index('mail_outbox_judge').on(t.judgeApplicationId, t.createdAt),
    check('mail_outbox_one_subject', sql`(${t.registrationId} is null) <> (${t.judgeApplicationId} is null)`),
    index('mail_outbox_due').on(t.nextAttemptAt).where(sql`${t.status} = 'queued'`),
    index('mail_outbox_leased').on(t.leaseExpiresAt).where(sql`${t.status} = 'sending'`),
    index('mail_outbox_registration').on(t.registrationId, t.createdAt),
    // How many emails went to one address lately: the per-recipient limit (server/mail/mail-worker.ts).
    index('mail_outbox_recipient').on(sql`lower(${t.sentTo})`, t.sentAt),
    check('mail_outbox_attempts', sql`${t.attempts} >= 0`),
  ],
);

/**
 * A family's private links. Only the token's SHA-256 is stored; the token itself exists only in
 * the email. A newer link replaces the older ones once its email has been accepted for delivery.
 */
export const familyLinks = pgTable(
  'family_links',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    tokenHash: text('token_hash').notNull(),
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => registrations.id, { onDelete: 'cascade' }),
    mailId: uuid('mail_id').references(() => mailOutbox.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'string' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'string' }),
  },
  (t) => [uniqueIndex('family_links_token_hash_key').on(t.tokenHash), index('family_links_registration').on(t.registrationId)],
);

/** A parent's or guardian's consent for a child's registration; a new row for each notice version agreed to. */
export const consentRecords = pgTable(
  'consent_records',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => registrations.id, { onDelete: 'cascade' }),
    guardianName: text('guardian_name').notNull(),
    noticeVersion: text('notice_version').notNull(),
    /** The language the notice was shown in. */
    language: text('language', { enum: ['en', 'ta'] }).notNull(),
    channel: text('channel', { enum: ['web', 'field-staff'] }).notNull(),
    /** When the box was ticked (on the device, for a record queued offline). */
    consentedAt: timestamp('consented_at', { withTimezone: true, mode: 'string' }).notNull(),
    /** When the server stored it. */
    recordedAt: timestamp('recorded_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    index('consent_records_registration').on(t.registrationId, t.recordedAt),
    check('consent_records_language', sql`${t.language} in ('en', 'ta')`),
    check('consent_records_channel', sql`${t.channel} in ('web', 'field-staff')`),
  ],
);

/**
 * A family's request to erase their data. It outlives the registration it names (no foreign
 * key): once carried out it keeps only what is anonymous (type, categories), the count.
 */
export const erasureRequests = pgTable(
  'erasure_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    registrationId: uuid('registration_id').notNull(),
    referenceCode: text('reference_code').notNull(),
    status: text('status', { enum: ['open', 'completed'] }).notNull().default('open'),
    requestedAt: timestamp('requested_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    dueAt: timestamp('due_at', { withTimezone: true, mode: 'string' }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'string' }),
    completedBy: text('completed_by'),
    registrationType: text('registration_type', { enum: ['participant', 'institute'] }),
    categories: text('categories').array(),
  },
  (t) => [
    uniqueIndex('erasure_requests_one_open').on(t.registrationId).where(sql`${t.status} = 'open'`),
    index('erasure_requests_due').on(t.status, t.dueAt),
    check('erasure_requests_due_within_90_days', sql`${t.dueAt} <= ${t.requestedAt} + interval '90 days'`),
    check('erasure_requests_completed', sql`(${t.status} = 'completed') = (${t.completedAt} is not null)`),
  ],
);

/** "Find my registration" requests, counted per IP and per reference code so every instance shares the limit. */
export const familyLookupAttempts = pgTable(
  'family_lookup_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ip: text('ip').notNull(),
    /** SHA-256 of the normalised reference code asked about. */
    codeHash: text('code_hash').notNull(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    index('family_lookup_attempts_ip').on(t.ip, t.attemptedAt),
    index('family_lookup_attempts_code').on(t.codeHash, t.attemptedAt),
  ],
);

/**
 * Venue mode (docs/product.md, "Venue mode"): what field staff record at an in-person session.
 * Every row carries who made it (staff username) and on which installation (device id).
 */
const venueMarks = () => ({
  sessionId: text('session_id').notNull(),
  staffUsername: text('staff_username').notNull(),
  deviceId: text('device_id').notNull(),
});

/**
 * A child checked in at a session. `id` is the device's outbox id (a replay is a no-op); one
 * check-in per registration and session: when two devices check in the same child, the first
 * to reach the server stays and the second learns who was first.
 */
export const venueCheckIns = pgTable(
  'venue_check_ins',
  {
    id: uuid('id').primaryKey(),
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => registrations.id, { onDelete: 'cascade' }),
    ...venueMarks(),
    /** When the staff member checked the child in, on the device. */
    checkedInAt: timestamp('checked_in_at', { withTimezone: true, mode: 'string' }).notNull(),
    /** The date of birth entered or confirmed at check-in, and the age in months on the session's date. */
    dateOfBirth: text('date_of_birth'),
    ageMonths: integer('age_months'),
    /** The server's own check of that age against the category's band. */
    ageOutsideBand: boolean('age_outside_band').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('venue_check_ins_one_per_session').on(t.sessionId, t.registrationId),
    index('venue_check_ins_created').on(t.createdAt),
    // The admin's list and details read a registration's check-ins (the age flag) by the registration.
    index('venue_check_ins_registration').on(t.registrationId),
  ],
);

/** A cash fee paid, or waived with a reason, at a session. One per registration and session: the first stays. */
export const venueFees = pgTable(
  'venue_fees',
  {
    id: uuid('id').primaryKey(),
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => registrations.id, { onDelete: 'cascade' }),
    ...venueMarks(),
    status: text('status', { enum: ['paid', 'waived'] }).notNull(),
    amountRupees: integer('amount_rupees').notNull(),
    waiverReason: text('waiver_reason'),
    recordedAt: timestamp('recorded_at', { withTimezone: true, mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('venue_fees_one_per_session').on(t.sessionId, t.registrationId),
    index('venue_fees_created').on(t.createdAt),
    check('venue_fees_status', sql`${t.status} in ('paid', 'waived')`),
    check('venue_fees_amount', sql`${t.amountRupees} >= 0`),
    check('venue_fees_waiver_reason', sql`(${t.status} = 'waived') = (${t.waiverReason} is not null)`),
  ],
);

/** A registration made at a session by a staff member (a walk-in), and on which device. */
export const venueWalkIns = pgTable(
  'venue_walk_ins',
  {
    registrationId: uuid('registration_id')
      .primaryKey()
      .references(() => registrations.id, { onDelete: 'cascade' }),
    ...venueMarks(),
    createdAt: createdAt(),
  },
  (t) => [index('venue_walk_ins_session').on(t.sessionId)],
);

/**
 * The names staff give their devices ("Hall phone 2"), so every screen says which phone did what
 * instead of its random id. Sent with the device's records; the latest name received is kept.
 */
export const venueDevices = pgTable('venue_devices', {
  deviceId: text('device_id').primaryKey(),
  name: text('name').notNull(),
  /** When the device was given this name, on its own clock (null: a name sent before names had a time). */
  namedAt: timestamp('named_at', { withTimezone: true, mode: 'string' }),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
});

/**
 * The retention job's finished steps (server/retention): one row per season and step, so the
 * notice goes out and the erasure runs once per deployment, however many instances share the
 * database (the job also holds an advisory lock while it works).
 */
export const retentionRuns = pgTable(
  'retention_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    seasonYear: integer('season_year').notNull(),
    step: text('step', { enum: ['notice', 'erase'] }).notNull(),
    /** What it did, as counts only. */
    counts: jsonb('counts').notNull(),
    ranAt: timestamp('ran_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('retention_runs_once').on(t.seasonYear, t.step), check('retention_runs_step', sql`${t.step} in ('notice', 'erase')`)],
);

/**
 * The season overview's counters (server/routes/overview), kept by statement-level triggers on
 * registrations (migration overview_counters, like registration_stats) over the counted rows:
 * live ones and those the retention job erased. One row per chart and key, e.g. ('day',
 * '2027-03-01'), ('category', 'dance'), ('city', 'chennai'), ('baby', 'crawling:6'),
 * ('delay', '2027-03-01|65'): a log-scale bucket of the device-to-server delay
 * (floor(ln(1 + seconds) * 8), about 6% wide), and ('late', day): records over a day late.
 */
export const overviewCounts = pgTable(
  'overview_counts',
  {
    chart: text('chart').notNull(),
    key: text('key').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.chart, t.key] })],
);

/** Receipt numbers, one per payment in the ledger: never reused, in the order payments are recorded. */
export const ledgerReceiptNumbers = pgSequence('ledger_receipt_numbers', { startWith: 1 });

/**
 * The ledger (ADR 024): every movement of money for a registration, wherever it came from: cash at
 * a venue, UPI or a bank transfer read from a statement, a waiver, a refund. An entry is never
 * changed or deleted: one made by mistake is voided (who, when, why), and a registration's payment
 * status follows from its live entries. A payment gateway would be one more `source`.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    /** The device's id for a venue fee (the venue record's own), a new one otherwise. */
    id: uuid('id').primaryKey(),
    /**
     * Null once the registration is erased: the books keep the money (amount, method, date,
     * receipt number) without anything about the family (ADR 024).
     */
    registrationId: uuid('registration_id').references(() => registrations.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['payment', 'waiver', 'refund'] }).notNull(),
    /** How the money moved; none for a waiver. */
    method: text('method', { enum: ['cash', 'upi', 'bank'] }),
    /** In paise, always positive: the kind says which way it goes. */
    amountPaise: integer('amount_paise').notNull(),
    /** The payment's own reference: a UPI transaction reference (UTR), a bank's. */
    reference: text('reference'),
    /** Why, for a waiver or a refund. */
    reason: text('reason'),
    /** Where the entry came from, and which record there (a venue session, a statement row). */
    source: text('source', { enum: ['venue', 'statement', 'admin'] }).notNull(),
    sourceRef: text('source_ref'),
    recordedBy: text('recorded_by').notNull(),
    /** When the money moved: the device's time at a venue, the statement's date. */
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'string' }).notNull(),
    /** Each payment's receipt number (ledger_receipt_numbers); none for waivers and refunds. */
    receiptNumber: integer('receipt_number'),
    voidedAt: timestamp('voided_at', { withTimezone: true, mode: 'string' }),
    voidedBy: text('voided_by'),
    voidReason: text('void_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_entries_registration').on(t.registrationId),
    index('ledger_entries_occurred').on(t.occurredAt),
    uniqueIndex('ledger_entries_receipt').on(t.receiptNumber),
    check('ledger_entries_kind', sql`${t.kind} in ('payment', 'waiver', 'refund')`),
    check('ledger_entries_method', sql`(${t.kind} = 'waiver') = (${t.method} is null) and (${t.method} is null or ${t.method} in ('cash', 'upi', 'bank'))`),
    check('ledger_entries_amount', sql`${t.amountPaise} > 0`),
    check('ledger_entries_reason', sql`(${t.kind} = 'payment') = (${t.reason} is null)`),
    check('ledger_entries_receipt_for_payments', sql`(${t.kind} = 'payment') = (${t.receiptNumber} is not null)`),
    check('ledger_entries_source', sql`${t.source} in ('venue', 'statement', 'admin')`),
    check('ledger_entries_void', sql`(${t.voidedAt} is null) = (${t.voidedBy} is null) and (${t.voidedAt} is null) = (${t.voidReason} is null)`),
  ],
);

/**
 * A UPI transaction reference (UTR) a family typed on its page after paying: "reported, to be
 * confirmed" until a statement row or an admin confirms it. Keyed by the device's id, so a replay
 * from the outbox is stored once.
 */
export const paymentReports = pgTable(
  'payment_reports',
  {
    id: uuid('id').primaryKey(),
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => registrations.id, { onDelete: 'cascade' }),
    utr: text('utr').notNull(),
    /** When the family reported it, on their device. */
    reportedAt: timestamp('reported_at', { withTimezone: true, mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payment_reports_registration_utr').on(t.registrationId, t.utr),
    index('payment_reports_utr').on(t.utr),
    check('payment_reports_utr_digits', sql`${t.utr} ~ '^[0-9]{12}$'`),
  ],
);

/** One upload of a bank statement (ADR 024): who imported which file, and what was new in it. */
export const statementImports = pgTable('statement_imports', {
  id: uuid('id').primaryKey().defaultRandom(),
  fileName: text('file_name').notNull(),
  format: text('format', { enum: ['csv', 'camt053'] }).notNull(),
  importedBy: text('imported_by').notNull(),
  /** Lines read, lines seen for the first time, and lines an earlier import already had. */
  lines: integer('lines').notNull().default(0),
  newRows: integer('new_rows').notNull().default(0),
  knownRows: integer('known_rows').notNull().default(0),
  createdAt: createdAt(),
  /** An import undone as a whole: its rows removed, its ledger entries voided (issue 49). */
  undoneAt: timestamp('undone_at', { withTimezone: true, mode: 'string' }),
  undoneBy: text('undone_by'),
});

/**
 * Each line of the organiser's bank statements, once (ADR 024): its fingerprint is the same
 * whichever file or format it came in, so a second import or an overlapping statement adds
 * nothing. `state` is what it came to; the ledger entries it made carry its id as `source_ref`.
 */
export const statementRows = pgTable(
  'statement_rows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fingerprint: text('fingerprint').notNull(),
    importId: uuid('import_id')
      .notNull()
      .references(() => statementImports.id),
    bookedOn: date('booked_on', { mode: 'string' }),
    direction: text('direction', { enum: ['credit', 'debit'] }),
    amountPaise: integer('amount_paise'),
    narration: text('narration').notNull().default(''),
    reference: text('reference'),
    /** An unreadable line, as it was, and why it could not be read. */
    raw: text('raw'),
    problem: text('problem'),
    state: text('state').notNull(),
    /** The registrations the money went to (matched, split, part, over, already paid). */
    registrationIds: uuid('registration_ids').array().notNull().default(sql`'{}'::uuid[]`),
    /** For a person to choose from: registrations whose balance is the amount, with why. */
    suggestions: jsonb('suggestions'),
    /** Null while the import decided; the admin who decided otherwise. */
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'string' }),
    /**
     * An overpaid or double-paid credit, settled by a person: refunded (the refund's ledger entry)
     * or kept (why, in their words). A resolved row leaves the list of those needing a person.
     */
    resolution: text('resolution', { enum: ['refunded', 'kept'] }),
    resolutionNote: text('resolution_note'),
    refundEntryId: uuid('refund_entry_id').references(() => ledgerEntries.id),
    resolvedBy: text('resolved_by'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'string' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('statement_rows_fingerprint').on(t.fingerprint),
    index('statement_rows_import').on(t.importId),
    check(
      'statement_rows_resolution',
      sql`(${t.resolution} is null) = (${t.resolvedAt} is null) and (${t.resolution} is null) = (${t.resolvedBy} is null)
        and (${t.resolution} is null or ${t.resolution} in ('refunded', 'kept'))
        and (${t.resolution} is not distinct from 'refunded') = (${t.refundEntryId} is not null)
        and (${t.resolution} is distinct from 'kept' or ${t.resolutionNote} is not null)`,
    ),
    index('statement_rows_state').on(t.state, t.bookedOn),
    index('statement_rows_booked').on(t.bookedOn),
    check(
      'statement_rows_state_known',
      sql`${t.state} in ('matched', 'split', 'part_payment', 'overpayment', 'already_paid', 'suggested', 'no_match', 'invalid', 'ignored')`,
    ),
  ],
);

/** A bank's CSV column mapping, remembered by its header line for the next statement. */
export const statementProfiles = pgTable('statement_profiles', {
  signature: text('signature').primaryKey(),
  mapping: jsonb('mapping').notNull(),
  updatedBy: text('updated_by').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
});

/**
 * An online entry (issue 23, ADR 026): one sending of a child's performance video or 1-3 artwork
 * photos for one contest at one level, keyed by the device's id (a replay creates nothing). A
 * family may send again until the window closes; the newest ready one counts and replaces the
 * older ones. `status` follows the files: uploading (bytes still coming), checking (every byte
 * here, waiting for or in the processing job), ready, rejected (what arrived is not acceptable,
 * `problem` says why), replaced (a newer one became ready; its files are deleted).
 */
export const entries = pgTable(
  'entries',
  {
    id: uuid('id').primaryKey(),
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => registrations.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    levelId: text('level_id', { enum: ['level1', 'level2', 'level3'] }).notNull(),
    kind: text('kind', { enum: ['video', 'photos'] }).notNull(),
    /** How many files the family said it would send; the entry is checked once all of them are here. */
    fileCount: integer('file_count').notNull(),
    status: text('status', { enum: ['uploading', 'checking', 'ready', 'rejected', 'replaced'] }).notNull().default('uploading'),
    problem: text('problem', { enum: ['not_a_video', 'not_a_photo', 'unreadable', 'too_long', 'heic_photo'] }),
    durationSeconds: doublePrecision('duration_seconds'),
    /** Whether the video had to be converted for browsers to play it (HEVC from an iPhone, say). */
    converted: boolean('converted'),
    /** What the processing job costs: attempts, and the lease of the instance working on it. */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'string' }),
    leaseToken: uuid('lease_token'),
    leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true, mode: 'string' }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'string' }),
    checkedAt: timestamp('checked_at', { withTimezone: true, mode: 'string' }),
  },
  (t) => [
    index('entries_registration').on(t.registrationId, t.category, t.levelId, t.createdAt),
    index('entries_contest').on(t.category, t.levelId, t.status),
    index('entries_due').on(t.nextAttemptAt).where(sql`${t.status} = 'checking'`),
    check('entries_file_count', sql`${t.fileCount} between 1 and 3`),
    check('entries_problem', sql`(${t.status} = 'rejected') = (${t.problem} is not null)`),
  ],
);

/**
 * One file of an entry: its resumable upload while the bytes come (the tus upload id, the size the
 * family declared), then what the processing job kept (storage keys; no name the family gave).
 */
export const entryFiles = pgTable(
  'entry_files',
  {
    entryId: uuid('entry_id')
      .notNull()
      .references(() => entries.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    declaredBytes: bigint('declared_bytes', { mode: 'number' }).notNull(),
    /**
     * The file's one live upload: the one begun last (a new one replaces it, ADR 026), and once
     * received_at is set, the finished upload that counts.
     */
    uploadId: text('upload_id'),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'string' }),
    mediaKey: text('media_key'),
    posterKey: text('poster_key'),
    bytes: bigint('bytes', { mode: 'number' }),
    width: integer('width'),
    height: integer('height'),
  },
  (t) => [
    primaryKey({ columns: [t.entryId, t.position] }),
    check('entry_files_position', sql`${t.position} between 0 and 2`),
    check('entry_files_declared', sql`${t.declaredBytes} > 0`),
  ],
);

/**
 * Who holds a resumable upload right now (server/entries/upload-locker.ts): several instances
 * share the entries directory, so the lock that keeps two requests from writing one upload at
 * once is here, not in one process's memory. A holder renews its lease while it writes; another
 * request may ask it to let go (release_requested), as a client that reconnects does.
 */
export const uploadLocks = pgTable('upload_locks', {
  uploadId: text('upload_id').primaryKey(),
  holder: uuid('holder').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'string' }).notNull(),
  releaseRequested: boolean('release_requested').notNull().default(false),
});

/**
 * A judge (issue 24, ADR 027): an account with the role `judge`, the expertise that decides which
 * contests they score, and the institutes they declared a conflict with (normalised names,
 * domain/judge-assignment.ts): they are never given an entry from one of those.
 */
export const judges = pgTable(
  'judges',
  {
    accountId: uuid('account_id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** The application they were invited from; null for a judge created with `npm run admin`. */
    applicationId: uuid('application_id').references(() => judgeApplications.id, { onDelete: 'set null' }),
    expertise: text('expertise').notNull(),
    conflicts: text('conflicts').array().notNull().default(sql`'{}'::text[]`),
    /**
     * The language their emails are written in (issue 49): the language of the judges' pages they
     * last opened their queue from (`/judge` or `/ta/judge`); English until they have.
     */
    language: text('language', { enum: ['en', 'ta'] }).notNull().default('en'),
    createdAt: createdAt(),
  },
  (t) => [check('judges_language', sql`${t.language} in ('en', 'ta')`)],
);

/**
 * A single-use link to set an account's password (a judge's invitation). Only the token's SHA-256
 * is stored; the token exists only in the email, made when the email is sent.
 */
export const accountInvites = pgTable(
  'account_invites',
  {
    tokenHash: text('token_hash').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    mailId: uuid('mail_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'string' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'string' }),
    createdAt: createdAt(),
  },
  (t) => [index('account_invites_account').on(t.accountId)],
);

/**
 * A level's judging round: scoring (judges score) -> closed (nothing changes) -> results (computed,
 * admins moderate) -> published (families are told). `settings` is the season module's round
 * settings as they were when the round opened.
 */
export const judgingRounds = pgTable(
  'judging_rounds',
  {
    id: uuid('id').primaryKey(),
    levelId: text('level_id', { enum: ['level1', 'level2', 'level3'] }).notNull(),
    state: text('state', { enum: ['scoring', 'closed', 'results', 'published'] }).notNull().default('scoring'),
    settings: jsonb('settings').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'string' }),
    resultsAt: timestamp('results_at', { withTimezone: true, mode: 'string' }),
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'string' }),
  },
  (t) => [uniqueIndex('judging_rounds_level').on(t.levelId), check('judging_rounds_state', sql`${t.state} in ('scoring', 'closed', 'results', 'published')`)],
);

/**
 * An entry in a round: its blind number (all a judge knows it by), its pool (contest and age
 * band), the child's institute (normalised, for conflicts; never sent to a judge) and, once the
 * round's results are computed, its score, place and how the score was reached.
 */
export const roundEntries = pgTable(
  'round_entries',
  {
    roundId: uuid('round_id')
      .notNull()
      .references(() => judgingRounds.id, { onDelete: 'cascade' }),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => entries.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    category: text('category').notNull(),
    ageBand: text('age_band').notNull(),
    institute: text('institute'),
    final: doublePrecision('final'),
    place: integer('place'),
    qualifies: boolean('qualifies'),
    flagged: boolean('flagged'),
    /** The judges' values behind `final` (domain/judging-results.ts EntryResult.judges). */
    detail: jsonb('detail'),
  },
  (t) => [
    primaryKey({ columns: [t.roundId, t.entryId] }),
    uniqueIndex('round_entries_number').on(t.roundId, t.number),
    // A judge's queue and a family's results find an entry's round by the entry.
    index('round_entries_entry').on(t.entryId),
  ],
);

/**
 * Who judges which entry. A judge who says "I know this child" is `recused` (and another judge
 * is added); an admin may remove one (`removed`). Only `active` assignments appear in a queue.
 */
export const judgeAssignments = pgTable(
  'judge_assignments',
  {
    roundId: uuid('round_id').notNull(),
    entryId: uuid('entry_id').notNull(),
    judgeId: uuid('judge_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['active', 'recused', 'removed'] }).notNull().default('active'),
    /** Why the judge was given it: the first assignment, a recusal, a disagreement, or an admin. */
    reason: text('reason', { enum: ['assigned', 'recusal', 'disagreement', 'admin'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.roundId, t.entryId, t.judgeId] }),
    foreignKey({ columns: [t.roundId, t.entryId], foreignColumns: [roundEntries.roundId, roundEntries.entryId] }).onDelete('cascade'),
    index('judge_assignments_queue').on(t.judgeId, t.roundId, t.status),
  ],
);

/**
 * A judge's score sheet for one entry: a whole number per criterion, an optional comment to the
 * organisers and an optional note to the family (which an admin may reword or hide before publishing).
 * The judge's last edit wins (`edited_at`, the time on the judge's device when they saved it),
 * so a sheet saved offline and sent later never overwrites a newer one.
 */
export const judgeScores = pgTable(
  'judge_scores',
  {
    roundId: uuid('round_id').notNull(),
    entryId: uuid('entry_id').notNull(),
    judgeId: uuid('judge_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    scores: jsonb('scores').$type<Record<string, number>>().notNull(),
    comment: text('comment'),
    /** The judge's note to the family (issue 49), as they wrote it; null when none. */
    familyNote: text('family_note'),
    /** An admin's wording of the note before publishing (null: the judge's own); cleared when the judge rewrites the note. */
    familyNoteModerated: text('family_note_moderated'),
    /** An admin hid the note: the family never sees it. */
    familyNoteHidden: boolean('family_note_hidden').notNull().default(false),
    editedAt: timestamp('edited_at', { withTimezone: true, mode: 'string' }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.roundId, t.entryId, t.judgeId] }),
    foreignKey({ columns: [t.roundId, t.entryId], foreignColumns: [roundEntries.roundId, roundEntries.entryId] }).onDelete('cascade'),
    // A judge's own sheets, for their queue.
    index('judge_scores_judge').on(t.judgeId, t.roundId),
  ],
);

/**
 * A child's place in line for a later level (issue 46, ADR 036): one row per child, level and
 * contest, so nobody is ever invited twice to the same level. `rank` is the place in line from the
 * earlier level's results; the first ones are invited with a session and a stage slot, and a place
 * declined or left unanswered past `answer_by` goes to the next `waiting` one. `sequence` counts
 * the changes of session or slot (the calendar file's SEQUENCE).
 */
export const levelOffers = pgTable(
  'level_offers',
  {
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => registrations.id, { onDelete: 'cascade' }),
    levelId: text('level_id', { enum: ['level2', 'level3'] }).notNull(),
    category: text('category').notNull(),
    ageBand: text('age_band').notNull(),
    rank: integer('rank').notNull(),
    /** Whether the earlier level's result qualified the child (the pool has as many places as qualified). */
    qualified: boolean('qualified').notNull(),
    /** Where the ranking came from: a published online round or a venue session. */
    source: text('source').notNull(),
    state: text('state', { enum: ['waiting', 'invited', 'accepted', 'declined', 'lapsed'] }).notNull().default('waiting'),
    sessionId: text('session_id'),
    slot: integer('slot'),
    sequence: integer('sequence').notNull().default(0),
    clash: boolean('clash').notNull().default(false),
    invitedAt: timestamp('invited_at', { withTimezone: true, mode: 'string' }),
    answerBy: timestamp('answer_by', { withTimezone: true, mode: 'string' }),
    remindedAt: timestamp('reminded_at', { withTimezone: true, mode: 'string' }),
    answeredAt: timestamp('answered_at', { withTimezone: true, mode: 'string' }),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.levelId, t.category, t.registrationId] }),
    // No seat is ever given twice: a held slot belongs to one child.
    uniqueIndex('level_offers_one_per_slot').on(t.sessionId, t.slot).where(sql`${t.state} in ('invited', 'accepted')`),
    index('level_offers_line').on(t.levelId, t.category, t.ageBand, t.rank),
    index('level_offers_registration').on(t.registrationId),
    index('level_offers_session').on(t.sessionId, t.registrationId),
    check('level_offers_state', sql`${t.state} in ('waiting', 'invited', 'accepted', 'declined', 'lapsed')`),
  ],
);

/**
 * The keys certificates are signed with (issue 25, ADR 028): Ed25519, made once and kept with
 * the data (and so in its backups), or given by CERTIFICATE_SIGNING_KEY. The newest signs; older
 * ones stay so what they signed still verifies. The private key is null when it comes from the setting.
 */
export const signingKeys = pgTable('signing_keys', {
  kid: text('kid').primaryKey(),
  publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
  privateKeyPem: text('private_key_pem'),
  createdAt: createdAt(),
});

/**
 * A certificate (issue 25): what it says (`statement`, signed as `jws`), for whom, and the PDF
 * made from it by the certificate job (its SHA-256, so a changed copy does not verify). One live
 * certificate per child, level and contest; a correction revokes it and issues a new one.
 */
export const certificates = pgTable(
  'certificates',
  {
    id: text('id').primaryKey(),
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => registrations.id, { onDelete: 'cascade' }),
    levelId: text('level_id', { enum: ['level1', 'level2', 'level3'] }).notNull(),
    category: text('category').notNull(),
    ageBand: text('age_band').notNull(),
    award: text('award', { enum: ['winner', 'runner-up', 'merit', 'qualified', 'participated'] }).notNull(),
    /** The published round behind the award, or the venue session the child was checked in at. */
    roundId: uuid('round_id'),
    sessionId: text('session_id'),
    statement: jsonb('statement').notNull(),
    jws: text('jws').notNull(),
    kid: text('kid').notNull(),
    pdfSha256: text('pdf_sha256'),
    pdfBytes: integer('pdf_bytes'),
    renderLeaseUntil: timestamp('render_lease_until', { withTimezone: true, mode: 'string' }),
    renderAttempts: integer('render_attempts').notNull().default(0),
    renderError: text('render_error'),
    issuedAt: timestamp('issued_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    issuedBy: text('issued_by').notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'string' }),
    revokedReason: text('revoked_reason'),
    replacedBy: text('replaced_by'),
  },
  (t) => [
    uniqueIndex('certificates_one_live').on(t.registrationId, t.levelId, t.category).where(sql`${t.revokedAt} is null`),
    index('certificates_to_render').on(t.issuedAt).where(sql`${t.pdfSha256} is null and ${t.revokedAt} is null`),
    index('certificates_contest').on(t.levelId, t.category),
    index('certificates_session').on(t.sessionId),
    check('certificates_revoked', sql`(${t.revokedAt} is null) = (${t.revokedReason} is null)`),
  ],
);

/**
 * Public results pages (issue 25), rendered when a round is published and again when a family
 * changes how its child appears: one per level, contest and age band, and an index, per language.
 */
export const resultsPages = pgTable('results_pages', {
  path: text('path').primaryKey(),
  html: text('html').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
});

/**
 * Real visitors' page speed (ADR 030): one row per metric of a sampled page view. Nothing that
 * names a visitor: no address, browser, cookie, session or visitor id; the page is its route
 * pattern. Rows older than VITALS_KEEP_DAYS are deleted (server/main.ts).
 */
export const webVitals = pgTable(
  'web_vitals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    metric: text('metric').notNull(),
    page: text('page').notNull(),
    lang: text('lang').notNull(),
    value: doublePrecision('value').notNull(),
    navigationType: text('navigation_type'),
    recordedAt: timestamp('recorded_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [
    index('web_vitals_recorded_at').on(t.recordedAt),
    index('web_vitals_page_metric_recorded_at').on(t.page, t.metric, t.recordedAt),
    check('web_vitals_metric', sql`${t.metric} in ('LCP', 'INP', 'CLS', 'FCP', 'TTFB')`),
    check('web_vitals_lang', sql`${t.lang} in ('en', 'ta')`),
    check('web_vitals_value', sql`${t.value} >= 0`),
  ],
);

/**
 * A live session's judging (issue 45, ADR 034): who leads it at the venue (may publish besides
 * the admins), whether its results are published, and the results as published (what families'
 * pages, emails, certificates and the hall screen read: a later change of rule changes nothing).
 * A row is made the first time anything is recorded for the session.
 */
export const liveSessions = pgTable(
  'live_sessions',
  {
    sessionId: text('session_id').primaryKey(),
    headUsername: text('head_username'),
    state: text('state', { enum: ['scoring', 'published'] }).notNull().default('scoring'),
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'string' }),
    publishedBy: text('published_by'),
  },
  (t) => [check('live_sessions_state', sql`${t.state} in ('scoring', 'published')`)],
);

/** The judges of a live session's panel (3-5, assigned by an admin). */
export const sessionPanels = pgTable(
  'session_panels',
  {
    sessionId: text('session_id').notNull(),
    judgeId: uuid('judge_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    addedBy: text('added_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.judgeId] }), index('session_panels_judge').on(t.judgeId)],
);

/**
 * A session's running order: each checked-in child gets the next running number when the
 * check-in reaches the server (all a judge or the hall screen knows the child by). Staff move a
 * child (`position`), or mark "performed later", "did not perform" or over time; the newest mark wins.
 */
export const runningOrder = pgTable(
  'running_order',
  {
    sessionId: text('session_id').notNull(),
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => registrations.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    position: doublePrecision('position'),
    status: text('status', { enum: ['in-order', 'performed-later', 'did-not-perform'] }).notNull().default('in-order'),
    overTime: boolean('over_time').notNull().default(false),
    markedAt: timestamp('marked_at', { withTimezone: true, mode: 'string' }),
    markedBy: text('marked_by'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.sessionId, t.registrationId] }),
    uniqueIndex('running_order_number').on(t.sessionId, t.number),
    check('running_order_status', sql`${t.status} in ('in-order', 'performed-later', 'did-not-perform')`),
  ],
);

/**
 * A judge's sheet for one performer of a live session, keyed by the running number: a score per
 * criterion, an optional note, or a step back ("I know this performer"). The judge's last edit
 * wins (`edited_at`, the tablet's clock), until the session's results are published.
 */
export const liveSheets = pgTable(
  'live_sheets',
  {
    sessionId: text('session_id').notNull(),
    number: integer('number').notNull(),
    judgeId: uuid('judge_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    scores: jsonb('scores').$type<Record<string, number>>().notNull(),
    note: text('note'),
    recused: boolean('recused').notNull().default(false),
    editedAt: timestamp('edited_at', { withTimezone: true, mode: 'string' }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.number, t.judgeId] })],
);

/**
 * A baby race's heat as staff recorded it (venue mode): `id` is the device's record id (a replay
 * is a no-op); one record per heat and attempt, the first to reach the server. A void heat
 * (false start) is kept and the heat is run again as the next attempt.
 */
export const raceHeats = pgTable(
  'race_heats',
  {
    id: uuid('id').primaryKey(),
    sessionId: text('session_id').notNull(),
    heat: integer('heat').notNull(),
    attempt: integer('attempt').notNull(),
    final: boolean('final').notNull().default(false),
    voidReason: text('void_reason'),
    runners: jsonb('runners').$type<{ registrationId: string; timeMs: number | null; finish: number | null }[]>().notNull(),
    staffUsername: text('staff_username').notNull(),
    deviceId: text('device_id').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true, mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('race_heats_once').on(t.sessionId, t.heat, t.attempt)],
);

/** A baby who ran in a counted heat: one counted heat per baby and session. */
export const heatRunners = pgTable(
  'heat_runners',
  {
    sessionId: text('session_id').notNull(),
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => registrations.id, { onDelete: 'cascade' }),
    heatId: uuid('heat_id')
      .notNull()
      .references(() => raceHeats.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.registrationId] })],
);

/** A live session's published result per child (panel or race): what the family, the certificate and the hall screen read. */
export const sessionPlaces = pgTable(
  'session_places',
  {
    sessionId: text('session_id').notNull(),
    registrationId: uuid('registration_id')
      .notNull()
      .references(() => registrations.id, { onDelete: 'cascade' }),
    number: integer('number'),
    final: doublePrecision('final'),
    timeMs: integer('time_ms'),
    place: integer('place'),
    award: text('award', { enum: ['winner', 'runner-up', 'merit', 'qualified', 'participated'] }).notNull(),
    qualifies: boolean('qualifies').notNull().default(false),
    /** How the result was reached: the judges' values, steps back, deduction (domain/live-judging.ts). */
    detail: jsonb('detail'),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.registrationId] }), index('session_places_registration').on(t.registrationId)],
);
