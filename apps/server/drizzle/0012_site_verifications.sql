CREATE TABLE "site_verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"site_url" text NOT NULL,
	"token" text NOT NULL,
	"verified_at" timestamp with time zone,
	"last_checked_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "site_checks" ADD COLUMN "page_interval_ms" integer;--> statement-breakpoint
ALTER TABLE "site_verifications" ADD CONSTRAINT "site_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "site_verifications_user_site_key" ON "site_verifications" USING btree ("user_id","site_url");--> statement-breakpoint
CREATE UNIQUE INDEX "site_verifications_token_key" ON "site_verifications" USING btree ("token");