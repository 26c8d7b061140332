-- A site page's findings as its check's audit snapshot and site report read them, written with the
-- page's findings (issue 19; schema.ts, reports.auditIssues): each build took every page's ~20 KB
-- of stored findings apart again, about 4 s of PostgreSQL's time per build at 10,000 pages.
ALTER TABLE "reports" ADD COLUMN "audit_issues" jsonb;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "view_findings" jsonb;