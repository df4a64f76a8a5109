CREATE TABLE "admins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admins_username_lowercase" CHECK ("admins"."username" = lower("admins"."username"))
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"admin_id" uuid,
	"admin_username" text NOT NULL,
	"action" text NOT NULL,
	"entity_type" text,
	"entity_id" text,
	"ip" text,
	"user_agent" text,
	"changes" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"contact_method" text NOT NULL,
	"content_hash" text NOT NULL,
	"handled_at" timestamp with time zone,
	"handled_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "judge_applications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"expertise" text NOT NULL,
	"experience" integer NOT NULL,
	"bio" text NOT NULL,
	"photo" "bytea",
	"photo_type" text,
	"photo_size" integer,
	"content_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "judge_experience_range" CHECK ("judge_applications"."experience" between 0 and 60),
	CONSTRAINT "judge_bio_length" CHECK (char_length("judge_applications"."bio") between 1 and 1000),
	CONSTRAINT "judge_photo_consistent" CHECK (("judge_applications"."photo" is null and "judge_applications"."photo_type" is null and "judge_applications"."photo_size" is null)
        or ("judge_applications"."photo" is not null and "judge_applications"."photo_type" in ('image/jpeg','image/png','image/webp','image/gif') and "judge_applications"."photo_size" between 1 and 5242880))
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"ip" text NOT NULL,
	"attempted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscribers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_email_lowercase" CHECK ("newsletter_subscribers"."email" = lower("newsletter_subscribers"."email"))
);
--> statement-breakpoint
CREATE TABLE "registrations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"reference_code" text NOT NULL,
	"type" text NOT NULL,
	"name" text,
	"age" integer,
	"age_unit" text,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"city" text NOT NULL,
	"institute_name" text,
	"categories" text[] NOT NULL,
	"agree_terms" boolean NOT NULL,
	"content_hash" text NOT NULL,
	"source" text DEFAULT 'web' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"age_in_months" integer GENERATED ALWAYS AS (case when age_unit = 'years' then age * 12 else age end) STORED,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce(name, '') || ' ' || email || ' ' || phone || ' ' || city || ' ' || coalesce(institute_name, '') || ' ' || reference_code)) STORED,
	"duplicate_key" text GENERATED ALWAYS AS (case when name is null then null else lower(regexp_replace(btrim(name), '\s+', ' ', 'g')) || '|' || right(regexp_replace(phone, '\D', '', 'g'), 10) end) STORED,
	CONSTRAINT "registrations_terms_agreed" CHECK ("registrations"."agree_terms" = true),
	CONSTRAINT "registrations_has_category" CHECK (cardinality("registrations"."categories") >= 1),
	CONSTRAINT "registrations_known_categories" CHECK ("registrations"."categories" <@ array['dance','singing','drawing','costume','storytelling','spelling-bee','coloring','handwriting','fastest-walking','crawling','art-craft','yoga']::text[]),
	CONSTRAINT "registrations_participant_fields" CHECK (("registrations"."type" = 'participant' and "registrations"."name" is not null and "registrations"."age" is not null and "registrations"."age_unit" is not null)
        or ("registrations"."type" = 'institute' and "registrations"."institute_name" is not null and "registrations"."name" is null and "registrations"."age" is null and "registrations"."age_unit" is null)),
	CONSTRAINT "registrations_age_years" CHECK ("registrations"."age_unit" is distinct from 'years' or ("registrations"."age" between 1 and 17 and not ("registrations"."categories" && array['crawling','fastest-walking']::text[]))),
	CONSTRAINT "registrations_age_months" CHECK ("registrations"."age_unit" is distinct from 'months' or ("registrations"."categories" && array['crawling','fastest-walking']::text[]
        and (not ('crawling' = any("registrations"."categories")) or "registrations"."age" between 5 and 9)
        and (not ('fastest-walking' = any("registrations"."categories")) or "registrations"."age" between 9 and 15))),
	CONSTRAINT "registrations_version_positive" CHECK ("registrations"."version" >= 1)
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"admin_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "admins_username_key" ON "admins" USING btree ("username");--> statement-breakpoint
CREATE INDEX "audit_log_created" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_log_entity" ON "audit_log" USING btree ("entity_type","entity_id");--> statement-breakpoint
CREATE INDEX "contact_messages_created" ON "contact_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "judge_applications_created" ON "judge_applications" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "login_attempts_lookup" ON "login_attempts" USING btree ("username","ip","attempted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscribers_email_key" ON "newsletter_subscribers" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "registrations_reference_code_key" ON "registrations" USING btree ("reference_code");--> statement-breakpoint
CREATE INDEX "registrations_search_trgm" ON "registrations" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "registrations_categories_gin" ON "registrations" USING gin ("categories");--> statement-breakpoint
CREATE INDEX "registrations_name_sort" ON "registrations" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "registrations_city_sort" ON "registrations" USING btree (lower("city"),"id");--> statement-breakpoint
CREATE INDEX "registrations_email_sort" ON "registrations" USING btree (lower("email"),"id");--> statement-breakpoint
CREATE INDEX "registrations_phone_sort" ON "registrations" USING btree ("phone","id");--> statement-breakpoint
CREATE INDEX "registrations_age_sort" ON "registrations" USING btree ("age_in_months","id");--> statement-breakpoint
CREATE INDEX "registrations_institute_sort" ON "registrations" USING btree (lower("institute_name"),"id");--> statement-breakpoint
CREATE INDEX "registrations_created_sort" ON "registrations" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "registrations_duplicate_key" ON "registrations" USING btree ("duplicate_key");--> statement-breakpoint
CREATE INDEX "sessions_admin" ON "sessions" USING btree ("admin_id");--> statement-breakpoint
CREATE INDEX "sessions_expires" ON "sessions" USING btree ("expires_at");