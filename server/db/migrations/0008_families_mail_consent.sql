CREATE TABLE "consent_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"registration_id" uuid NOT NULL,
	"guardian_name" text NOT NULL,
	"notice_version" text NOT NULL,
	"language" text NOT NULL,
	"channel" text NOT NULL,
	"consented_at" timestamp with time zone NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consent_records_language" CHECK ("consent_records"."language" in ('en', 'ta')),
	CONSTRAINT "consent_records_channel" CHECK ("consent_records"."channel" in ('web', 'field-staff'))
);
--> statement-breakpoint
CREATE TABLE "erasure_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"registration_id" uuid NOT NULL,
	"reference_code" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"completed_by" text,
	"registration_type" text,
	"categories" text[],
	CONSTRAINT "erasure_requests_due_within_90_days" CHECK ("erasure_requests"."due_at" <= "erasure_requests"."requested_at" + interval '90 days'),
	CONSTRAINT "erasure_requests_completed" CHECK (("erasure_requests"."status" = 'completed') = ("erasure_requests"."completed_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "family_links" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"registration_id" uuid NOT NULL,
	"mail_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "family_lookup_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ip" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"registration_id" uuid NOT NULL,
	"template" text NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_token" uuid,
	"lease_expires_at" timestamp with time zone,
	"last_error" text,
	"sent_to" text,
	"sent_at" timestamp with time zone,
	"message_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_outbox_attempts" CHECK ("mail_outbox"."attempts" >= 0)
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "actor" text DEFAULT 'admin' NOT NULL;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "cancelled_by" text;--> statement-breakpoint
ALTER TABLE "consent_records" ADD CONSTRAINT "consent_records_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_links" ADD CONSTRAINT "family_links_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_links" ADD CONSTRAINT "family_links_mail_id_mail_outbox_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consent_records_registration" ON "consent_records" USING btree ("registration_id","recorded_at");--> statement-breakpoint
CREATE UNIQUE INDEX "erasure_requests_one_open" ON "erasure_requests" USING btree ("registration_id") WHERE "erasure_requests"."status" = 'open';--> statement-breakpoint
CREATE INDEX "erasure_requests_due" ON "erasure_requests" USING btree ("status","due_at");--> statement-breakpoint
CREATE UNIQUE INDEX "family_links_token_hash_key" ON "family_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "family_links_registration" ON "family_links" USING btree ("registration_id");--> statement-breakpoint
CREATE INDEX "family_lookup_attempts_ip" ON "family_lookup_attempts" USING btree ("ip","attempted_at");--> statement-breakpoint
CREATE INDEX "family_lookup_attempts_code" ON "family_lookup_attempts" USING btree ("code_hash","attempted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_one_confirmation" ON "mail_outbox" USING btree ("registration_id") WHERE "mail_outbox"."reason" = 'registered';--> statement-breakpoint
CREATE INDEX "mail_outbox_due" ON "mail_outbox" USING btree ("next_attempt_at") WHERE "mail_outbox"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "mail_outbox_leased" ON "mail_outbox" USING btree ("lease_expires_at") WHERE "mail_outbox"."status" = 'sending';--> statement-breakpoint
CREATE INDEX "mail_outbox_registration" ON "mail_outbox" USING btree ("registration_id","created_at");--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_language" CHECK ("registrations"."language" in ('en', 'ta'));--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_cancelled_by" CHECK (("registrations"."cancelled_at" is null) = ("registrations"."cancelled_by" is null));