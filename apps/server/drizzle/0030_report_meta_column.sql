-- The part of a site page's meta_json that its check's builds read (title, description, word
-- count) is written apart with it (schema.ts, reports.report_meta; services/site-page-findings.ts):
-- on the embedded database taking it out of every page's jsonb cost ~190 ms of a 10,000-page
-- report's read. Rows written before it keep null and are read from meta_json
-- (services/site-checks.ts, REPORT_META).
ALTER TABLE "reports" ADD COLUMN "report_meta" json;