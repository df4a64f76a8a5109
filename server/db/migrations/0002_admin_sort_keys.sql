DROP INDEX "registrations_name_sort";--> statement-breakpoint
DROP INDEX "registrations_city_sort";--> statement-breakpoint
DROP INDEX "registrations_email_sort";--> statement-breakpoint
DROP INDEX "registrations_phone_sort";--> statement-breakpoint
DROP INDEX "registrations_age_sort";--> statement-breakpoint
DROP INDEX "registrations_institute_sort";--> statement-breakpoint
CREATE INDEX "registrations_categories_sort" ON "registrations" USING btree ("categories","id");--> statement-breakpoint
CREATE INDEX "registrations_name_sort" ON "registrations" USING btree ((coalesce(lower("name"), '') collate "C"),"id");--> statement-breakpoint
CREATE INDEX "registrations_city_sort" ON "registrations" USING btree ((lower("city") collate "C"),"id");--> statement-breakpoint
CREATE INDEX "registrations_email_sort" ON "registrations" USING btree ((lower("email") collate "C"),"id");--> statement-breakpoint
CREATE INDEX "registrations_phone_sort" ON "registrations" USING btree (("phone" collate "C"),"id");--> statement-breakpoint
CREATE INDEX "registrations_age_sort" ON "registrations" USING btree ((coalesce("age_in_months", -1)),"id");--> statement-breakpoint
CREATE INDEX "registrations_institute_sort" ON "registrations" USING btree ((coalesce(lower("institute_name"), '') collate "C"),"id");