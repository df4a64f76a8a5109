CREATE TABLE "registration_duplicate_keys" (
	"duplicate_key" text PRIMARY KEY NOT NULL,
	"live" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registration_stats" (
	"id" integer PRIMARY KEY NOT NULL,
	"live" integer NOT NULL,
	CONSTRAINT "registration_stats_single_row" CHECK ("registration_stats"."id" = 1)
);
--> statement-breakpoint
CREATE INDEX "registration_duplicate_keys_shared" ON "registration_duplicate_keys" USING btree ("duplicate_key") WHERE "registration_duplicate_keys"."live" > 1;