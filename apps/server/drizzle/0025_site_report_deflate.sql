-- A stored site report is kept compressed, as the fragment a gzip answer carries unchanged
-- (issue 19, the site report in at most 2 s; services/gzip-splice.ts): GET /report then neither
-- reads 4 MB of text nor compresses it again for every request. The rows in the old form are
-- dropped, and their checks marked for the worker's next snapshot build, which stores them again
-- (site-audit-build.ts picks an ended check whose snapshot is older than its end); until then
-- their report is built on request, as for any check without a stored one.
UPDATE "site_checks" SET "audit_built_at" = NULL
  WHERE "id" IN (SELECT "site_check_id" FROM "site_report_snapshots");--> statement-breakpoint
DELETE FROM "site_report_snapshots";--> statement-breakpoint
ALTER TABLE "site_report_snapshots" ALTER COLUMN "report" SET DATA TYPE bytea USING convert_to("report", 'UTF8');--> statement-breakpoint
-- Already compressed: stored out of line as it is, without a second compression attempt.
ALTER TABLE "site_report_snapshots" ALTER COLUMN "report" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "site_report_snapshots" ADD COLUMN "report_crc32" bigint NOT NULL;--> statement-breakpoint
ALTER TABLE "site_report_snapshots" ADD COLUMN "report_bytes" bigint NOT NULL;
