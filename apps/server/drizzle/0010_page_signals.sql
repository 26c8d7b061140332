ALTER TABLE "reports" ADD COLUMN "page_signals" jsonb;--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "in_sitemap" boolean DEFAULT false NOT NULL;