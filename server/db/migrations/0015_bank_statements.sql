CREATE TABLE "statement_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_name" text NOT NULL,
	"format" text NOT NULL,
	"imported_by" text NOT NULL,
	"lines" integer DEFAULT 0 NOT NULL,
	"new_rows" integer DEFAULT 0 NOT NULL,
	"known_rows" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "statement_profiles" (
	"signature" text PRIMARY KEY NOT NULL,
	"mapping" jsonb NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "statement_rows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"fingerprint" text NOT NULL,
	"import_id" uuid NOT NULL,
	"booked_on" date,
	"direction" text,
	"amount_paise" integer,
	"narration" text DEFAULT '' NOT NULL,
	"reference" text,
	"raw" text,
	"problem" text,
	"state" text NOT NULL,
	"registration_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"suggestions" jsonb,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "statement_rows_state_known" CHECK ("statement_rows"."state" in ('matched', 'split', 'part_payment', 'overpayment', 'already_paid', 'suggested', 'no_match', 'invalid', 'ignored'))
);
--> statement-breakpoint
ALTER TABLE "statement_rows" ADD CONSTRAINT "statement_rows_import_id_statement_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."statement_imports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "statement_rows_fingerprint" ON "statement_rows" USING btree ("fingerprint");--> statement-breakpoint
CREATE INDEX "statement_rows_state" ON "statement_rows" USING btree ("state","booked_on");--> statement-breakpoint
CREATE INDEX "statement_rows_booked" ON "statement_rows" USING btree ("booked_on");