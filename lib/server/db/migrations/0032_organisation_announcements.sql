ALTER TABLE "announcements" DROP CONSTRAINT "announcements_target_ck";--> statement-breakpoint
CREATE INDEX "announcements_org_idx" ON "announcements" USING btree ("org_id","created_at");--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_target_ck" CHECK (num_nonnulls("announcements"."event_id", "announcements"."season_id") <= 1);