CREATE TABLE "level_offers" (
	"registration_id" uuid NOT NULL,
	"level_id" text NOT NULL,
	"category" text NOT NULL,
	"age_band" text NOT NULL,
	"rank" integer NOT NULL,
	"qualified" boolean NOT NULL,
	"source" text NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"session_id" text,
	"slot" integer,
	"sequence" integer DEFAULT 0 NOT NULL,
	"clash" boolean DEFAULT false NOT NULL,
	"invited_at" timestamp with time zone,
	"answer_by" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "level_offers_level_id_category_registration_id_pk" PRIMARY KEY("level_id","category","registration_id"),
	CONSTRAINT "level_offers_state" CHECK ("level_offers"."state" in ('waiting', 'invited', 'accepted', 'declined', 'lapsed'))
);
--> statement-breakpoint
-- Places families confirmed before invitations existed (issue 24) stay theirs: accepted, with no session yet.
INSERT INTO "level_offers" ("registration_id", "level_id", "category", "age_band", "rank", "qualified", "source", "state", "answered_at")
SELECT p."registration_id", p."level_id", p."category", r."age_band", coalesce(r."place", 1), true, 'round:' || p."round_id", 'accepted', p."confirmed_at"
FROM "level_places" p
JOIN "round_entries" r ON r."round_id" = p."round_id" AND r."category" = p."category"
JOIN "entries" e ON e."id" = r."entry_id" AND e."registration_id" = p."registration_id"
ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "level_places" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "level_places" CASCADE;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "level_id" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "category" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "offer_sequence" integer;--> statement-breakpoint
ALTER TABLE "level_offers" ADD CONSTRAINT "level_offers_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "level_offers_one_per_slot" ON "level_offers" USING btree ("session_id","slot") WHERE "level_offers"."state" in ('invited', 'accepted');--> statement-breakpoint
CREATE INDEX "level_offers_line" ON "level_offers" USING btree ("level_id","category","age_band","rank");--> statement-breakpoint
CREATE INDEX "level_offers_registration" ON "level_offers" USING btree ("registration_id");--> statement-breakpoint
CREATE INDEX "level_offers_session" ON "level_offers" USING btree ("session_id","registration_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_one_place_email" ON "mail_outbox" USING btree ("registration_id","level_id","category","reason","offer_sequence") WHERE "mail_outbox"."template" = 'place-invitation';