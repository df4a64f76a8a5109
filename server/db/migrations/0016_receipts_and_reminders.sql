ALTER TABLE "mail_outbox" ADD COLUMN "ledger_entry_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_one_receipt" ON "mail_outbox" USING btree ("ledger_entry_id") WHERE "mail_outbox"."template" = 'receipt';--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_one_reminder" ON "mail_outbox" USING btree ("registration_id","reason") WHERE "mail_outbox"."template" = 'payment-reminder';--> statement-breakpoint
-- Every payment recorded in the ledger queues its receipt, in the same transaction, whichever way it was recorded (ADR 024):
-- a venue's cash, a statement's credit, an admin's entry, one day a gateway. Payments recorded before this migration get none.
CREATE FUNCTION "queue_receipts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "mail_outbox" ("registration_id", "template", "reason", "ledger_entry_id")
  SELECT n."registration_id", 'receipt', 'payment', n."id"
  FROM "new_entries" n JOIN "registrations" r ON r."id" = n."registration_id"
  WHERE n."kind" = 'payment' AND r."deleted_at" IS NULL AND r."email" <> ''
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "ledger_entries_receipts" AFTER INSERT ON "ledger_entries" REFERENCING NEW TABLE AS "new_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "queue_receipts"();
