ALTER TABLE "statement_imports" ADD COLUMN "undone_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "statement_imports" ADD COLUMN "undone_by" text;--> statement-breakpoint
ALTER TABLE "statement_rows" ADD COLUMN "resolution" text;--> statement-breakpoint
ALTER TABLE "statement_rows" ADD COLUMN "resolution_note" text;--> statement-breakpoint
ALTER TABLE "statement_rows" ADD COLUMN "refund_entry_id" uuid;--> statement-breakpoint
ALTER TABLE "statement_rows" ADD COLUMN "resolved_by" text;--> statement-breakpoint
ALTER TABLE "statement_rows" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "statement_rows" ADD CONSTRAINT "statement_rows_refund_entry_id_ledger_entries_id_fk" FOREIGN KEY ("refund_entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_one_withdrawal" ON "mail_outbox" USING btree ("ledger_entry_id") WHERE "mail_outbox"."template" = 'payment-withdrawn';--> statement-breakpoint
CREATE INDEX "statement_rows_import" ON "statement_rows" USING btree ("import_id");--> statement-breakpoint
ALTER TABLE "statement_rows" ADD CONSTRAINT "statement_rows_resolution" CHECK (("statement_rows"."resolution" is null) = ("statement_rows"."resolved_at" is null) and ("statement_rows"."resolution" is null) = ("statement_rows"."resolved_by" is null)
        and ("statement_rows"."resolution" is null or "statement_rows"."resolution" in ('refunded', 'kept'))
        and ("statement_rows"."resolution" is not distinct from 'refunded') = ("statement_rows"."refund_entry_id" is not null)
        and ("statement_rows"."resolution" is distinct from 'kept' or "statement_rows"."resolution_note" is not null));