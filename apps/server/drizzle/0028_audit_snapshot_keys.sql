-- The audit snapshot's rows are written under a key of their own (issue 19, the known limit of
-- stop 57; schema.ts, siteChecks.auditKey; db/tables/site-audit.ts): a build writes the new
-- rows in short transactions and switches the check's key in one, instead of replacing them in
-- one transaction that held the embedded database's only connection for seconds. Rows already
-- stored keep the check's id as their key (a null audit_key reads as the id). A deleted check
-- takes the rows of all its keys with it.
ALTER TABLE "site_checks" ADD COLUMN "audit_key" uuid;
--> statement-breakpoint
ALTER TABLE "site_checks" ADD COLUMN "audit_writing_key" uuid;
--> statement-breakpoint
ALTER TABLE "site_checks" ADD COLUMN "audit_retired_key" uuid;
--> statement-breakpoint
CREATE INDEX "site_checks_audit_leftover_idx" ON "site_checks" USING btree ("audit_build_claimed_until") WHERE "site_checks"."audit_retired_key" is not null or "site_checks"."audit_writing_key" is not null;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "site_check_audit_snapshot_gone"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  gone uuid[] := array_remove(ARRAY[OLD."id", OLD."audit_key", OLD."audit_writing_key", OLD."audit_retired_key"], NULL);
BEGIN
  DELETE FROM "site_audit_pages" WHERE "site_check_id" = ANY(gone);
  DELETE FROM "site_audit_issues" WHERE "site_check_id" = ANY(gone);
  DELETE FROM "site_audit_issue_items" WHERE "site_check_id" = ANY(gone);
  DELETE FROM "site_audit_links" WHERE "site_check_id" = ANY(gone);
  DELETE FROM "site_audit_duplicates" WHERE "site_check_id" = ANY(gone);
  RETURN OLD;
END
$$;
