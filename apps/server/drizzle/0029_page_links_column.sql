-- A crawl's link graph moves into its pages' rows (issue 19; schema.ts, reports.links;
-- services/page-links.ts): each page's internal links as the text of one JSON array of
-- [target, anchor, flags] triples (flags: 1 nofollow, 2 only in the rendered DOM), written by the
-- update that completes the page, instead of a site_links row a link. On the embedded database
-- those ~20 rows a page and their index entries were the largest statement of a page end, and a
-- 10,000-page site report read 200,000 rows back where it now reads 10,000 values. The links
-- already stored are moved over in their stored order (served before rendered-only within a page
-- is not kept for them: their order is the order they were stored in).
ALTER TABLE "reports" ADD COLUMN "links" text;
--> statement-breakpoint
UPDATE "reports" r SET "links" = l."links"
FROM (
  SELECT "source_report_id",
    json_agg(json_build_array("target_url", "anchor",
      "nofollow"::int + 2 * "rendered_only"::int) ORDER BY "id")::text AS "links"
  FROM "site_links" GROUP BY "source_report_id"
) l
WHERE r."id" = l."source_report_id";
--> statement-breakpoint
DROP TRIGGER "reports_site_links_gone" ON "reports";
--> statement-breakpoint
DROP FUNCTION "report_site_links_gone"();
--> statement-breakpoint
DROP TABLE "site_links" CASCADE;
