DROP INDEX "registrations_reference_code_key";--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "secret_hash" text;--> statement-breakpoint
ALTER TABLE "judge_applications" ADD COLUMN "secret_hash" text;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "secret_hash" text;