CREATE TABLE "account_invites" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"mail_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "judge_assignments" (
	"round_id" uuid NOT NULL,
	"entry_id" uuid NOT NULL,
	"judge_id" uuid NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "judge_assignments_round_id_entry_id_judge_id_pk" PRIMARY KEY("round_id","entry_id","judge_id")
);
--> statement-breakpoint
CREATE TABLE "judge_scores" (
	"round_id" uuid NOT NULL,
	"entry_id" uuid NOT NULL,
	"judge_id" uuid NOT NULL,
	"scores" jsonb NOT NULL,
	"comment" text,
	"edited_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "judge_scores_round_id_entry_id_judge_id_pk" PRIMARY KEY("round_id","entry_id","judge_id")
);
--> statement-breakpoint
CREATE TABLE "judges" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"application_id" uuid,
	"expertise" text NOT NULL,
	"conflicts" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "judging_rounds" (
	"id" uuid PRIMARY KEY NOT NULL,
	"level_id" text NOT NULL,
	"state" text DEFAULT 'scoring' NOT NULL,
	"settings" jsonb NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"results_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	CONSTRAINT "judging_rounds_state" CHECK ("judging_rounds"."state" in ('scoring', 'closed', 'results', 'published'))
);
--> statement-breakpoint
CREATE TABLE "round_entries" (
	"round_id" uuid NOT NULL,
	"entry_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"category" text NOT NULL,
	"age_band" text NOT NULL,
	"institute" text,
	"final" double precision,
	"place" integer,
	"qualifies" boolean,
	"flagged" boolean,
	"detail" jsonb,
	CONSTRAINT "round_entries_round_id_entry_id_pk" PRIMARY KEY("round_id","entry_id")
);
--> statement-breakpoint
ALTER TABLE "accounts" DROP CONSTRAINT "accounts_role";--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "judging_round_id" uuid;--> statement-breakpoint
ALTER TABLE "account_invites" ADD CONSTRAINT "account_invites_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "judge_assignments" ADD CONSTRAINT "judge_assignments_judge_id_accounts_id_fk" FOREIGN KEY ("judge_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "judge_assignments" ADD CONSTRAINT "judge_assignments_round_id_entry_id_round_entries_round_id_entry_id_fk" FOREIGN KEY ("round_id","entry_id") REFERENCES "public"."round_entries"("round_id","entry_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "judge_scores" ADD CONSTRAINT "judge_scores_judge_id_accounts_id_fk" FOREIGN KEY ("judge_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "judge_scores" ADD CONSTRAINT "judge_scores_round_id_entry_id_round_entries_round_id_entry_id_fk" FOREIGN KEY ("round_id","entry_id") REFERENCES "public"."round_entries"("round_id","entry_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "judges" ADD CONSTRAINT "judges_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "judges" ADD CONSTRAINT "judges_application_id_judge_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."judge_applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "round_entries" ADD CONSTRAINT "round_entries_round_id_judging_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."judging_rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "round_entries" ADD CONSTRAINT "round_entries_entry_id_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_invites_account" ON "account_invites" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "judge_assignments_queue" ON "judge_assignments" USING btree ("judge_id","round_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "judging_rounds_level" ON "judging_rounds" USING btree ("level_id");--> statement-breakpoint
CREATE UNIQUE INDEX "round_entries_number" ON "round_entries" USING btree ("round_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_one_result" ON "mail_outbox" USING btree ("registration_id","judging_round_id") WHERE "mail_outbox"."template" = 'round-result';--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_role" CHECK ("accounts"."role" in ('admin', 'staff', 'judge'));