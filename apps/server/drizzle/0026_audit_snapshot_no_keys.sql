-- The audit snapshot's rows lose their key to site_checks (issue 19; schema.ts, above
-- siteAuditPages): the key locked the check's row once per inserted row, on the row every page
-- end of a running crawl updates, and a running build writes ~300,000 rows at 10,000 pages. The
-- write locks the check's row once instead (db/tables/site-audit.ts), and the trigger below
-- deletes a check's snapshot rows with the check, as the keys' cascade did.
ALTER TABLE "site_audit_duplicates" DROP CONSTRAINT "site_audit_duplicates_site_check_id_site_checks_id_fk";
--> statement-breakpoint
ALTER TABLE "site_audit_issue_items" DROP CONSTRAINT "site_audit_issue_items_site_check_id_site_checks_id_fk";
--> statement-breakpoint
ALTER TABLE "site_audit_issues" DROP CONSTRAINT "site_audit_issues_site_check_id_site_checks_id_fk";
--> statement-breakpoint
ALTER TABLE "site_audit_links" DROP CONSTRAINT "site_audit_links_site_check_id_site_checks_id_fk";
--> statement-breakpoint
ALTER TABLE "site_audit_pages" DROP CONSTRAINT "site_audit_pages_site_check_id_site_checks_id_fk";
--> statement-breakpoint
CREATE FUNCTION "site_check_audit_snapshot_gone"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "site_audit_pages" WHERE "site_check_id" = OLD."id";
  DELETE FROM "site_audit_issues" WHERE "site_check_id" = OLD."id";
  DELETE FROM "site_audit_issue_items" WHERE "site_check_id" = OLD."id";
  DELETE FROM "site_audit_links" WHERE "site_check_id" = OLD."id";
  DELETE FROM "site_audit_duplicates" WHERE "site_check_id" = OLD."id";
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "site_checks_audit_snapshot_gone" AFTER DELETE ON "site_checks"
  FOR EACH ROW EXECUTE FUNCTION "site_check_audit_snapshot_gone"();
