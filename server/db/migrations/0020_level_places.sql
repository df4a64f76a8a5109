CREATE TABLE "level_places" (
	"registration_id" uuid NOT NULL,
	"level_id" text NOT NULL,
	"category" text NOT NULL,
	"round_id" uuid NOT NULL,
	"confirmed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "level_places_registration_id_level_id_category_pk" PRIMARY KEY("registration_id","level_id","category")
);
--> statement-breakpoint
ALTER TABLE "level_places" ADD CONSTRAINT "level_places_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "judge_scores_judge" ON "judge_scores" USING btree ("judge_id","round_id");--> statement-breakpoint
CREATE INDEX "round_entries_entry" ON "round_entries" USING btree ("entry_id");