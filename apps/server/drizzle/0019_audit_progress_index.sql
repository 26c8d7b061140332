DROP INDEX "reports_site_check_idx";--> statement-breakpoint
CREATE INDEX "reports_site_check_completed_idx" ON "reports" USING btree ("site_check_id","completed_at");