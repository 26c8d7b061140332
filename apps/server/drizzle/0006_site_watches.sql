ALTER TABLE "watch_runs" ALTER COLUMN "report_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "watch_runs" ADD COLUMN "site_check_id" uuid;--> statement-breakpoint
ALTER TABLE "watch_runs" ADD COLUMN "previous_site_check_id" uuid;--> statement-breakpoint
ALTER TABLE "watches" ADD COLUMN "last_site_check_id" uuid;--> statement-breakpoint
ALTER TABLE "watch_runs" ADD CONSTRAINT "watch_runs_site_check_id_site_checks_id_fk" FOREIGN KEY ("site_check_id") REFERENCES "public"."site_checks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_runs" ADD CONSTRAINT "watch_runs_previous_site_check_id_site_checks_id_fk" FOREIGN KEY ("previous_site_check_id") REFERENCES "public"."site_checks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watches" ADD CONSTRAINT "watches_last_site_check_id_site_checks_id_fk" FOREIGN KEY ("last_site_check_id") REFERENCES "public"."site_checks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "watch_runs_site_check_key" ON "watch_runs" USING btree ("site_check_id");--> statement-breakpoint
ALTER TABLE "watch_runs" ADD CONSTRAINT "watch_runs_one_target" CHECK (("watch_runs"."report_id" is null) <> ("watch_runs"."site_check_id" is null));