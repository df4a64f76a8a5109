CREATE SEQUENCE "public"."ledger_receipt_numbers" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"registration_id" uuid,
	"kind" text NOT NULL,
	"method" text,
	"amount_paise" integer NOT NULL,
	"reference" text,
	"reason" text,
	"source" text NOT NULL,
	"source_ref" text,
	"recorded_by" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"receipt_number" integer,
	"voided_at" timestamp with time zone,
	"voided_by" text,
	"void_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_kind" CHECK ("ledger_entries"."kind" in ('payment', 'waiver', 'refund')),
	CONSTRAINT "ledger_entries_method" CHECK (("ledger_entries"."kind" = 'waiver') = ("ledger_entries"."method" is null) and ("ledger_entries"."method" is null or "ledger_entries"."method" in ('cash', 'upi', 'bank'))),
	CONSTRAINT "ledger_entries_amount" CHECK ("ledger_entries"."amount_paise" > 0),
	CONSTRAINT "ledger_entries_reason" CHECK (("ledger_entries"."kind" = 'payment') = ("ledger_entries"."reason" is null)),
	CONSTRAINT "ledger_entries_receipt_for_payments" CHECK (("ledger_entries"."kind" = 'payment') = ("ledger_entries"."receipt_number" is not null)),
	CONSTRAINT "ledger_entries_source" CHECK ("ledger_entries"."source" in ('venue', 'statement', 'admin')),
	CONSTRAINT "ledger_entries_void" CHECK (("ledger_entries"."voided_at" is null) = ("ledger_entries"."voided_by" is null) and ("ledger_entries"."voided_at" is null) = ("ledger_entries"."void_reason" is null))
);
--> statement-breakpoint
CREATE TABLE "payment_reports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"registration_id" uuid NOT NULL,
	"utr" text NOT NULL,
	"reported_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_reports_utr_digits" CHECK ("payment_reports"."utr" ~ '^[0-9]{12}$')
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reports" ADD CONSTRAINT "payment_reports_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_registration" ON "ledger_entries" USING btree ("registration_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_occurred" ON "ledger_entries" USING btree ("occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_receipt" ON "ledger_entries" USING btree ("receipt_number");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_reports_registration_utr" ON "payment_reports" USING btree ("registration_id","utr");--> statement-breakpoint
CREATE INDEX "payment_reports_utr" ON "payment_reports" USING btree ("utr");--> statement-breakpoint
-- The receipt numbers belong to their column: a copy to Postgres (npm run db:copy) carries the sequence on from the highest number.
ALTER SEQUENCE "public"."ledger_receipt_numbers" OWNED BY "public"."ledger_entries"."receipt_number";--> statement-breakpoint
-- Cash fees and waivers recorded at venues before the ledger existed become its first entries (ADR 024).
INSERT INTO "ledger_entries" ("id", "registration_id", "kind", "method", "amount_paise", "reason", "source", "source_ref", "recorded_by", "occurred_at", "receipt_number", "created_at")
SELECT f."id", f."registration_id", CASE f."status" WHEN 'paid' THEN 'payment' ELSE 'waiver' END, CASE f."status" WHEN 'paid' THEN 'cash' END,
  f."amount_rupees" * 100, f."waiver_reason", 'venue', f."session_id", f."staff_username", f."recorded_at",
  CASE f."status" WHEN 'paid' THEN nextval('ledger_receipt_numbers') END, f."created_at"
FROM (SELECT * FROM "venue_fees" WHERE "amount_rupees" > 0 ORDER BY "recorded_at", "id") f;
