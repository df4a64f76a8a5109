ALTER TABLE "judge_scores" ADD COLUMN "family_note" text;--> statement-breakpoint
ALTER TABLE "judge_scores" ADD COLUMN "family_note_moderated" text;--> statement-breakpoint
ALTER TABLE "judge_scores" ADD COLUMN "family_note_hidden" boolean DEFAULT false NOT NULL;