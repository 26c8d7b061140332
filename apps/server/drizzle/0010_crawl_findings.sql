CREATE TABLE "site_sitemap_entries" (
	"site_check_id" uuid NOT NULL,
	"url" text NOT NULL,
	CONSTRAINT "site_sitemap_entries_site_check_id_url_pk" PRIMARY KEY("site_check_id","url")
);
--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "page_signals" jsonb;--> statement-breakpoint
ALTER TABLE "site_sitemap_entries" ADD CONSTRAINT "site_sitemap_entries_site_check_id_site_checks_id_fk" FOREIGN KEY ("site_check_id") REFERENCES "public"."site_checks"("id") ON DELETE cascade ON UPDATE no action;