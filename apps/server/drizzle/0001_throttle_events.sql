CREATE TABLE "throttle_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"requester_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "throttle_events_key_idx" ON "throttle_events" USING btree ("kind","requester_key","created_at");--> statement-breakpoint
CREATE INDEX "throttle_events_created_idx" ON "throttle_events" USING btree ("created_at");