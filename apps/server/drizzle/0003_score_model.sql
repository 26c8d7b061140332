ALTER TABLE "reports" ADD COLUMN "score_model" integer;--> statement-breakpoint
-- Reports completed before score models were versioned were scored by the first model.
UPDATE "reports" SET "score_model" = 1 WHERE "status" = 'completed';
