ALTER TABLE "reports" DROP CONSTRAINT "reports_team_id_organizations_id_fk";
--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_team_id_organizations_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;