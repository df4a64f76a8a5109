CREATE TABLE "certificates" (
	"id" text PRIMARY KEY NOT NULL,
	"registration_id" uuid NOT NULL,
	"level_id" text NOT NULL,
	"category" text NOT NULL,
	"age_band" text NOT NULL,
	"award" text NOT NULL,
	"round_id" uuid,
	"session_id" text,
	"statement" jsonb NOT NULL,
	"jws" text NOT NULL,
	"kid" text NOT NULL,
	"pdf_sha256" text,
	"pdf_bytes" integer,
	"render_lease_until" timestamp with time zone,
	"render_attempts" integer DEFAULT 0 NOT NULL,
	"render_error" text,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"issued_by" text NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text,
	"replaced_by" text,
	CONSTRAINT "certificates_revoked" CHECK (("certificates"."revoked_at" is null) = ("certificates"."revoked_reason" is null))
);
--> statement-breakpoint
CREATE TABLE "results_pages" (
	"path" text PRIMARY KEY NOT NULL,
	"html" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signing_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"private_key_pem" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "results_name" text DEFAULT 'initial' NOT NULL;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_one_live" ON "certificates" USING btree ("registration_id","level_id","category") WHERE "certificates"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "certificates_to_render" ON "certificates" USING btree ("issued_at") WHERE "certificates"."pdf_sha256" is null and "certificates"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "certificates_contest" ON "certificates" USING btree ("level_id","category");--> statement-breakpoint
CREATE INDEX "certificates_session" ON "certificates" USING btree ("session_id");