-- A crawl's links lose their key to their source report (issue 19; schema.ts, siteLinks): the
-- key's check ran once per inserted link, 50-100 a crawled page, each a lookup and a lock of the
-- report row its own page end had just written. The page end writes the links in the
-- transaction that holds that row, and the trigger below deletes a report's links with the
-- report, as the key's cascade did.
ALTER TABLE "site_links" DROP CONSTRAINT "site_links_source_report_id_reports_id_fk";
--> statement-breakpoint
CREATE FUNCTION "report_site_links_gone"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "site_links" WHERE "source_report_id" = OLD."id";
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "reports_site_links_gone" AFTER DELETE ON "reports"
  FOR EACH ROW EXECUTE FUNCTION "report_site_links_gone"();
