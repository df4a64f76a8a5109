ALTER TABLE "admins" RENAME TO "accounts";--> statement-breakpoint
ALTER TABLE "accounts" DROP CONSTRAINT "admins_username_lowercase";--> statement-breakpoint
ALTER TABLE "accounts" DROP CONSTRAINT "admins_role";--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_admin_id_admins_id_fk";
--> statement-breakpoint
ALTER TABLE "sessions" DROP CONSTRAINT "sessions_admin_id_admins_id_fk";
--> statement-breakpoint
DROP INDEX "admins_username_key";--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_admin_id_accounts_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_admin_id_accounts_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_username_key" ON "accounts" USING btree ("username");--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_username_lowercase" CHECK ("accounts"."username" = lower("accounts"."username"));--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_role" CHECK ("accounts"."role" in ('admin', 'staff'));