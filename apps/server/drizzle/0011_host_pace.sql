CREATE TABLE "host_pace" (
	"host" text PRIMARY KEY NOT NULL,
	"next_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_turn_at" timestamp with time zone,
	"turn_token" uuid,
	"interval_ms" integer DEFAULT 0 NOT NULL,
	"crawl_delay_ms" integer DEFAULT 0 NOT NULL,
	"baseline_ttfb_ms" double precision,
	"ttfb_samples" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "site_checks" ADD COLUMN "pages_tried" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "site_checks" ADD COLUMN "recent_failures" integer DEFAULT 0 NOT NULL;