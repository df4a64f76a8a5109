CREATE TABLE "venue_check_ins" (
	"id" uuid PRIMARY KEY NOT NULL,
	"registration_id" uuid NOT NULL,
	"session_id" text NOT NULL,
	"staff_username" text NOT NULL,
	"device_id" text NOT NULL,
	"checked_in_at" timestamp with time zone NOT NULL,
	"date_of_birth" text,
	"age_months" integer,
	"age_outside_band" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "venue_fees" (
	"id" uuid PRIMARY KEY NOT NULL,
	"registration_id" uuid NOT NULL,
	"session_id" text NOT NULL,
	"staff_username" text NOT NULL,
	"device_id" text NOT NULL,
	"status" text NOT NULL,
	"amount_rupees" integer NOT NULL,
	"waiver_reason" text,
	"recorded_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "venue_fees_status" CHECK ("venue_fees"."status" in ('paid', 'waived')),
	CONSTRAINT "venue_fees_amount" CHECK ("venue_fees"."amount_rupees" >= 0),
	CONSTRAINT "venue_fees_waiver_reason" CHECK (("venue_fees"."status" = 'waived') = ("venue_fees"."waiver_reason" is not null))
);
--> statement-breakpoint
CREATE TABLE "venue_walk_ins" (
	"registration_id" uuid PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL,
	"staff_username" text NOT NULL,
	"device_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "role" text DEFAULT 'admin' NOT NULL;--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "venue_check_ins" ADD CONSTRAINT "venue_check_ins_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venue_fees" ADD CONSTRAINT "venue_fees_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venue_walk_ins" ADD CONSTRAINT "venue_walk_ins_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "venue_check_ins_one_per_session" ON "venue_check_ins" USING btree ("session_id","registration_id");--> statement-breakpoint
CREATE INDEX "venue_check_ins_created" ON "venue_check_ins" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "venue_fees_one_per_session" ON "venue_fees" USING btree ("session_id","registration_id");--> statement-breakpoint
CREATE INDEX "venue_fees_created" ON "venue_fees" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "venue_walk_ins_session" ON "venue_walk_ins" USING btree ("session_id");--> statement-breakpoint
ALTER TABLE "admins" ADD CONSTRAINT "admins_role" CHECK ("admins"."role" in ('admin', 'staff'));