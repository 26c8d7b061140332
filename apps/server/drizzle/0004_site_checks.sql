CREATE TABLE "site_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"site_url" text NOT NULL,
	"host" text NOT NULL,
	"source" text NOT NULL,
	"status" text NOT NULL,
	"requester_key" text NOT NULL,
	"page_count" integer DEFAULT 0 NOT NULL,
	"skipped" jsonb,
	"discovery" jsonb,
	"error_code" text,
	"error_message" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_owner" text,
	"lease_expires_at" timestamp with time zone,
	"next_page_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "site_check_id" uuid;--> statement-breakpoint
ALTER TABLE "site_checks" ADD CONSTRAINT "site_checks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "site_checks_user_created_idx" ON "site_checks" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "site_checks_active_idx" ON "site_checks" USING btree ("next_page_at") WHERE "site_checks"."status" in ('discovering', 'running');--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_site_check_id_site_checks_id_fk" FOREIGN KEY ("site_check_id") REFERENCES "public"."site_checks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reports_site_check_idx" ON "reports" USING btree ("site_check_id");