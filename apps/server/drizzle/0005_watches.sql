CREATE TABLE "watch_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"watch_id" uuid NOT NULL,
	"slot" timestamp with time zone NOT NULL,
	"report_id" uuid NOT NULL,
	"previous_report_id" uuid,
	"evaluated_at" timestamp with time zone,
	"notified_at" timestamp with time zone,
	"stop_token_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "watches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"url" text NOT NULL,
	"kind" text DEFAULT 'page' NOT NULL,
	"frequency" text NOT NULL,
	"threshold_points" integer NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"last_report_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "watch_runs" ADD CONSTRAINT "watch_runs_watch_id_watches_id_fk" FOREIGN KEY ("watch_id") REFERENCES "public"."watches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_runs" ADD CONSTRAINT "watch_runs_report_id_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_runs" ADD CONSTRAINT "watch_runs_previous_report_id_reports_id_fk" FOREIGN KEY ("previous_report_id") REFERENCES "public"."reports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watches" ADD CONSTRAINT "watches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watches" ADD CONSTRAINT "watches_last_report_id_reports_id_fk" FOREIGN KEY ("last_report_id") REFERENCES "public"."reports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "watch_runs_watch_slot_key" ON "watch_runs" USING btree ("watch_id","slot");--> statement-breakpoint
CREATE UNIQUE INDEX "watch_runs_report_key" ON "watch_runs" USING btree ("report_id");--> statement-breakpoint
CREATE UNIQUE INDEX "watch_runs_stop_token_key" ON "watch_runs" USING btree ("stop_token_hash");--> statement-breakpoint
CREATE INDEX "watch_runs_pending_idx" ON "watch_runs" USING btree ("created_at") WHERE "watch_runs"."evaluated_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "watches_user_url_kind_key" ON "watches" USING btree ("user_id","url","kind");--> statement-breakpoint
CREATE INDEX "watches_next_run_idx" ON "watches" USING btree ("next_run_at");