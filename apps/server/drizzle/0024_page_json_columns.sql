-- What a site build reads of every page is kept as `json` (the text as written) instead of `jsonb`
-- (issue 19, the site report's build; schema.ts, reports.pageSignals): SQL never looks inside
-- these values, and turning 10,000 pages' jsonb back into text took the database ~0.5 s of each
-- build's reading (~0.25 s as json), besides parsing each into jsonb when a page is stored.
-- One statement: the table is rewritten once.
ALTER TABLE "reports" ALTER COLUMN "page_signals" SET DATA TYPE json USING "page_signals"::json,
  ALTER COLUMN "audit_issues" SET DATA TYPE json USING "audit_issues"::json,
  ALTER COLUMN "view_findings" SET DATA TYPE json USING "view_findings"::json;
