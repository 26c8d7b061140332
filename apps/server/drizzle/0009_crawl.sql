CREATE TABLE "site_links" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_check_id" uuid NOT NULL,
	"source_report_id" uuid NOT NULL,
	"target_url" text NOT NULL,
	"anchor" text NOT NULL,
	"nofollow" boolean NOT NULL,
	"rendered_only" boolean NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "crawl_depth" integer;--> statement-breakpoint
ALTER TABLE "site_checks" ADD COLUMN "crawl" jsonb;--> statement-breakpoint
ALTER TABLE "site_links" ADD CONSTRAINT "site_links_site_check_id_site_checks_id_fk" FOREIGN KEY ("site_check_id") REFERENCES "public"."site_checks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_links" ADD CONSTRAINT "site_links_source_report_id_reports_id_fk" FOREIGN KEY ("source_report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "site_links_check_target_idx" ON "site_links" USING btree ("site_check_id","target_url");--> statement-breakpoint
CREATE INDEX "site_links_source_idx" ON "site_links" USING btree ("source_report_id");