CREATE TABLE "site_external_links" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_check_id" uuid NOT NULL,
	"source_report_id" uuid NOT NULL,
	"target_url" text NOT NULL,
	"anchor" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_external_targets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"site_check_id" uuid NOT NULL,
	"target_url" text NOT NULL,
	"host" text NOT NULL,
	"status" integer,
	"final_url" text,
	"error" text,
	"checked_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_owner" text,
	"lease_expires_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "site_external_links" ADD CONSTRAINT "site_external_links_site_check_id_site_checks_id_fk" FOREIGN KEY ("site_check_id") REFERENCES "public"."site_checks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_external_links" ADD CONSTRAINT "site_external_links_source_report_id_reports_id_fk" FOREIGN KEY ("source_report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_external_targets" ADD CONSTRAINT "site_external_targets_site_check_id_site_checks_id_fk" FOREIGN KEY ("site_check_id") REFERENCES "public"."site_checks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "site_external_links_check_target_idx" ON "site_external_links" USING btree ("site_check_id","target_url");--> statement-breakpoint
CREATE INDEX "site_external_links_source_idx" ON "site_external_links" USING btree ("source_report_id");--> statement-breakpoint
CREATE UNIQUE INDEX "site_external_targets_check_target_idx" ON "site_external_targets" USING btree ("site_check_id","target_url");--> statement-breakpoint
CREATE INDEX "site_external_targets_pending_idx" ON "site_external_targets" USING btree ("host") WHERE checked_at is null;