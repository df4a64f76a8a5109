DROP INDEX "registrations_duplicate_key";--> statement-breakpoint
CREATE INDEX "registrations_live" ON "registrations" USING btree ("id") WHERE "registrations"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "registrations_duplicate_key" ON "registrations" USING btree ("duplicate_key") WHERE "registrations"."deleted_at" is null and "registrations"."duplicate_key" is not null;