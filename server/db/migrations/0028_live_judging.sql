CREATE TABLE "heat_runners" (
	"session_id" text NOT NULL,
	"registration_id" uuid NOT NULL,
	"heat_id" uuid NOT NULL,
	CONSTRAINT "heat_runners_session_id_registration_id_pk" PRIMARY KEY("session_id","registration_id")
);
--> statement-breakpoint
CREATE TABLE "live_sessions" (
	"session_id" text PRIMARY KEY NOT NULL,
	"head_username" text,
	"state" text DEFAULT 'scoring' NOT NULL,
	"published_at" timestamp with time zone,
	"published_by" text,
	CONSTRAINT "live_sessions_state" CHECK ("live_sessions"."state" in ('scoring', 'published'))
);
--> statement-breakpoint
CREATE TABLE "live_sheets" (
	"session_id" text NOT NULL,
	"number" integer NOT NULL,
	"judge_id" uuid NOT NULL,
	"scores" jsonb NOT NULL,
	"note" text,
	"recused" boolean DEFAULT false NOT NULL,
	"edited_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_sheets_session_id_number_judge_id_pk" PRIMARY KEY("session_id","number","judge_id")
);
--> statement-breakpoint
CREATE TABLE "race_heats" (
	"id" uuid PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"heat" integer NOT NULL,
	"attempt" integer NOT NULL,
	"final" boolean DEFAULT false NOT NULL,
	"void_reason" text,
	"runners" jsonb NOT NULL,
	"staff_username" text NOT NULL,
	"device_id" text NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "running_order" (
	"session_id" text NOT NULL,
	"registration_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"position" double precision,
	"status" text DEFAULT 'in-order' NOT NULL,
	"over_time" boolean DEFAULT false NOT NULL,
	"marked_at" timestamp with time zone,
	"marked_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "running_order_session_id_registration_id_pk" PRIMARY KEY("session_id","registration_id"),
	CONSTRAINT "running_order_status" CHECK ("running_order"."status" in ('in-order', 'performed-later', 'did-not-perform'))
);
--> statement-breakpoint
CREATE TABLE "session_panels" (
	"session_id" text NOT NULL,
	"judge_id" uuid NOT NULL,
	"added_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_panels_session_id_judge_id_pk" PRIMARY KEY("session_id","judge_id")
);
--> statement-breakpoint
CREATE TABLE "session_places" (
	"session_id" text NOT NULL,
	"registration_id" uuid NOT NULL,
	"number" integer,
	"final" double precision,
	"time_ms" integer,
	"place" integer,
	"award" text NOT NULL,
	"qualifies" boolean DEFAULT false NOT NULL,
	"detail" jsonb,
	CONSTRAINT "session_places_session_id_registration_id_pk" PRIMARY KEY("session_id","registration_id")
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "session_id" text;--> statement-breakpoint
ALTER TABLE "heat_runners" ADD CONSTRAINT "heat_runners_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "heat_runners" ADD CONSTRAINT "heat_runners_heat_id_race_heats_id_fk" FOREIGN KEY ("heat_id") REFERENCES "public"."race_heats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_sheets" ADD CONSTRAINT "live_sheets_judge_id_accounts_id_fk" FOREIGN KEY ("judge_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "running_order" ADD CONSTRAINT "running_order_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_panels" ADD CONSTRAINT "session_panels_judge_id_accounts_id_fk" FOREIGN KEY ("judge_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_places" ADD CONSTRAINT "session_places_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "race_heats_once" ON "race_heats" USING btree ("session_id","heat","attempt");--> statement-breakpoint
CREATE UNIQUE INDEX "running_order_number" ON "running_order" USING btree ("session_id","number");--> statement-breakpoint
CREATE INDEX "session_panels_judge" ON "session_panels" USING btree ("judge_id");--> statement-breakpoint
CREATE INDEX "session_places_registration" ON "session_places" USING btree ("registration_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_one_session_result" ON "mail_outbox" USING btree ("registration_id","session_id") WHERE "mail_outbox"."template" = 'session-result';