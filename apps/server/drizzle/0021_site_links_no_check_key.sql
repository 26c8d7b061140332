-- A link's check is held through its source report (issue 19; schema.ts, siteLinks.siteCheckId):
-- the key to site_checks locked the check's row once per inserted link, on the row every page
-- end of a crawl updates.
ALTER TABLE "site_links" DROP CONSTRAINT "site_links_site_check_id_site_checks_id_fk";
