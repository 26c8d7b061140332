CREATE TABLE "site_report_snapshots" (
	"site_check_id" uuid PRIMARY KEY NOT NULL,
	"change_key" text NOT NULL,
	"report" text NOT NULL,
	"built_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "site_checks" ADD COLUMN "audit_build_claimed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "site_report_snapshots" ADD CONSTRAINT "site_report_snapshots_site_check_id_site_checks_id_fk" FOREIGN KEY ("site_check_id") REFERENCES "public"."site_checks"("id") ON DELETE cascade ON UPDATE no action;