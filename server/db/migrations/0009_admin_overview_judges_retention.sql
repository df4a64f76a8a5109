CREATE TABLE "overview_counts" (
	"chart" text NOT NULL,
	"key" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "overview_counts_chart_key_pk" PRIMARY KEY("chart","key")
);
--> statement-breakpoint
CREATE TABLE "retention_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"season_year" integer NOT NULL,
	"step" text NOT NULL,
	"counts" jsonb NOT NULL,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "retention_runs_step" CHECK ("retention_runs"."step" in ('notice', 'erase'))
);
--> statement-breakpoint
ALTER TABLE "judge_applications" DROP CONSTRAINT "judge_bio_length";--> statement-breakpoint
ALTER TABLE "registrations" DROP CONSTRAINT "registrations_participant_fields";--> statement-breakpoint
ALTER TABLE "mail_outbox" ALTER COLUMN "registration_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "kind" text DEFAULT 'change' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "judge_applications" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "judge_applications" ADD COLUMN "status" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "judge_applications" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "judge_applications" ADD COLUMN "status_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "judge_applications" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "judge_application_id" uuid;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "decision" text;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "device_saved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "retention_runs_once" ON "retention_runs" USING btree ("season_year","step");--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_judge_application_id_judge_applications_id_fk" FOREIGN KEY ("judge_application_id") REFERENCES "public"."judge_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_kind" ON "audit_log" USING btree ("kind","created_at");--> statement-breakpoint
CREATE INDEX "judge_applications_status" ON "judge_applications" USING btree ("status","expertise");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_one_retention_notice" ON "mail_outbox" USING btree ("registration_id") WHERE "mail_outbox"."reason" = 'retention';--> statement-breakpoint
CREATE INDEX "mail_outbox_judge" ON "mail_outbox" USING btree ("judge_application_id","created_at");--> statement-breakpoint
CREATE INDEX "registrations_counted_day" ON "registrations" USING btree ("created_at") WHERE "registrations"."deleted_at" is null or "registrations"."erased_at" is not null;--> statement-breakpoint
ALTER TABLE "judge_applications" ADD CONSTRAINT "judge_status" CHECK ("judge_applications"."status" in ('new', 'shortlisted', 'approved', 'rejected'));--> statement-breakpoint
ALTER TABLE "judge_applications" ADD CONSTRAINT "judge_bio_length" CHECK ("judge_applications"."erased_at" is not null or char_length("judge_applications"."bio") between 1 and 1000);--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_one_subject" CHECK (("mail_outbox"."registration_id" is null) <> ("mail_outbox"."judge_application_id" is null));--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_participant_fields" CHECK ("registrations"."erased_at" is not null or ("registrations"."type" = 'participant' and "registrations"."name" is not null and "registrations"."age" is not null and "registrations"."age_unit" is not null)
        or ("registrations"."type" = 'institute' and "registrations"."institute_name" is not null and "registrations"."name" is null and "registrations"."age" is null and "registrations"."age_unit" is null));