CREATE TABLE "entries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"registration_id" uuid NOT NULL,
	"category" text NOT NULL,
	"level_id" text NOT NULL,
	"kind" text NOT NULL,
	"file_count" integer NOT NULL,
	"status" text DEFAULT 'uploading' NOT NULL,
	"problem" text,
	"duration_seconds" double precision,
	"converted" boolean,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"lease_token" uuid,
	"lease_expires_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"received_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	CONSTRAINT "entries_file_count" CHECK ("entries"."file_count" between 1 and 3),
	CONSTRAINT "entries_problem" CHECK (("entries"."status" = 'rejected') = ("entries"."problem" is not null))
);
--> statement-breakpoint
CREATE TABLE "entry_files" (
	"entry_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"declared_bytes" bigint NOT NULL,
	"upload_id" text,
	"received_at" timestamp with time zone,
	"media_key" text,
	"poster_key" text,
	"bytes" bigint,
	"width" integer,
	"height" integer,
	CONSTRAINT "entry_files_entry_id_position_pk" PRIMARY KEY("entry_id","position"),
	CONSTRAINT "entry_files_position" CHECK ("entry_files"."position" between 0 and 2),
	CONSTRAINT "entry_files_declared" CHECK ("entry_files"."declared_bytes" > 0)
);
--> statement-breakpoint
CREATE TABLE "upload_locks" (
	"upload_id" text PRIMARY KEY NOT NULL,
	"holder" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"release_requested" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "entries" ADD CONSTRAINT "entries_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_files" ADD CONSTRAINT "entry_files_entry_id_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "entries_registration" ON "entries" USING btree ("registration_id","category","level_id","created_at");--> statement-breakpoint
CREATE INDEX "entries_contest" ON "entries" USING btree ("category","level_id","status");--> statement-breakpoint
CREATE INDEX "entries_due" ON "entries" USING btree ("next_attempt_at") WHERE "entries"."status" = 'checking';