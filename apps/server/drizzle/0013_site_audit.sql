CREATE TABLE "site_audit_duplicates" (
	"site_check_id" uuid NOT NULL,
	"cluster" integer NOT NULL,
	"member" integer NOT NULL,
	"url" text NOT NULL,
	"size" integer NOT NULL,
	"similarity" double precision NOT NULL,
	CONSTRAINT "site_audit_duplicates_site_check_id_cluster_member_pk" PRIMARY KEY("site_check_id","cluster","member")
);
--> statement-breakpoint
CREATE TABLE "site_audit_issue_items" (
	"site_check_id" uuid NOT NULL,
	"issue_id" text NOT NULL,
	"position" integer NOT NULL,
	"url" text NOT NULL,
	"detail" text,
	"sources" jsonb NOT NULL,
	"source_count" integer NOT NULL,
	CONSTRAINT "site_audit_issue_items_site_check_id_issue_id_position_pk" PRIMARY KEY("site_check_id","issue_id","position")
);
--> statement-breakpoint
CREATE TABLE "site_audit_issues" (
	"site_check_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"issue_id" text NOT NULL,
	"severity" text NOT NULL,
	"count" integer NOT NULL,
	"worth" double precision NOT NULL,
	CONSTRAINT "site_audit_issues_site_check_id_issue_id_pk" PRIMARY KEY("site_check_id","issue_id")
);
--> statement-breakpoint
CREATE TABLE "site_audit_links" (
	"site_check_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"position" integer NOT NULL,
	"source" text NOT NULL,
	"section" text NOT NULL,
	"target" text NOT NULL,
	"anchor" text NOT NULL,
	"nofollow" boolean NOT NULL,
	"rendered_only" boolean NOT NULL,
	"target_status" integer,
	"target_error" text,
	"final_url" text,
	CONSTRAINT "site_audit_links_site_check_id_kind_position_pk" PRIMARY KEY("site_check_id","kind","position")
);
--> statement-breakpoint
CREATE TABLE "site_audit_pages" (
	"site_check_id" uuid NOT NULL,
	"url" text NOT NULL,
	"report_id" uuid,
	"final_url" text,
	"state" text NOT NULL,
	"http_status" integer,
	"indexable" boolean NOT NULL,
	"non_indexable_reason" text,
	"score" integer,
	"depth" integer,
	"inbound" integer,
	"link_score" integer,
	"title" text,
	"words" integer,
	"in_sitemap" boolean NOT NULL,
	"access_token" text,
	"finished_at" timestamp with time zone,
	CONSTRAINT "site_audit_pages_site_check_id_url_pk" PRIMARY KEY("site_check_id","url")
);
--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "text_excerpt" jsonb;--> statement-breakpoint
ALTER TABLE "site_checks" ADD COLUMN "audit_built_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "site_checks" ADD COLUMN "audit_score" integer;--> statement-breakpoint
ALTER TABLE "site_checks" ADD COLUMN "audit_base" integer;--> statement-breakpoint
ALTER TABLE "site_audit_duplicates" ADD CONSTRAINT "site_audit_duplicates_site_check_id_site_checks_id_fk" FOREIGN KEY ("site_check_id") REFERENCES "public"."site_checks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_audit_issue_items" ADD CONSTRAINT "site_audit_issue_items_site_check_id_site_checks_id_fk" FOREIGN KEY ("site_check_id") REFERENCES "public"."site_checks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_audit_issues" ADD CONSTRAINT "site_audit_issues_site_check_id_site_checks_id_fk" FOREIGN KEY ("site_check_id") REFERENCES "public"."site_checks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_audit_links" ADD CONSTRAINT "site_audit_links_site_check_id_site_checks_id_fk" FOREIGN KEY ("site_check_id") REFERENCES "public"."site_checks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_audit_pages" ADD CONSTRAINT "site_audit_pages_site_check_id_site_checks_id_fk" FOREIGN KEY ("site_check_id") REFERENCES "public"."site_checks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "site_audit_issue_items_url_idx" ON "site_audit_issue_items" USING btree ("site_check_id","issue_id","url");--> statement-breakpoint
CREATE INDEX "site_audit_links_target_idx" ON "site_audit_links" USING btree ("site_check_id","kind","target");--> statement-breakpoint
CREATE INDEX "site_audit_links_source_idx" ON "site_audit_links" USING btree ("site_check_id","kind","source");--> statement-breakpoint
CREATE INDEX "site_audit_links_section_idx" ON "site_audit_links" USING btree ("site_check_id","kind","section");--> statement-breakpoint
CREATE INDEX "site_audit_pages_score_idx" ON "site_audit_pages" USING btree ("site_check_id","score","url");--> statement-breakpoint
CREATE INDEX "site_audit_pages_state_idx" ON "site_audit_pages" USING btree ("site_check_id","state","url");--> statement-breakpoint
CREATE INDEX "site_audit_pages_depth_idx" ON "site_audit_pages" USING btree ("site_check_id","depth","url");--> statement-breakpoint
CREATE INDEX "site_audit_pages_inbound_idx" ON "site_audit_pages" USING btree ("site_check_id","inbound","url");--> statement-breakpoint
CREATE INDEX "site_audit_pages_link_score_idx" ON "site_audit_pages" USING btree ("site_check_id","link_score","url");--> statement-breakpoint
CREATE INDEX "site_audit_pages_title_idx" ON "site_audit_pages" USING btree ("site_check_id","title","url");--> statement-breakpoint
CREATE INDEX "site_audit_pages_words_idx" ON "site_audit_pages" USING btree ("site_check_id","words","url");--> statement-breakpoint
CREATE INDEX "site_checks_audit_due_idx" ON "site_checks" USING btree ("completed_at") WHERE "site_checks"."status" in ('completed', 'cancelled', 'failed') and ("site_checks"."audit_built_at" is null or "site_checks"."audit_built_at" < "site_checks"."completed_at");