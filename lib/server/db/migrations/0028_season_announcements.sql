-- Season announcements (issue 28 item 5): an announcement is to one event's ticket holders or to one season's
-- holders, never both and never neither. Expand-only: event announcements keep their rows and meaning.
ALTER TABLE "announcements" ALTER COLUMN "event_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "season_id" uuid;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "announcements_season_idx" ON "announcements" USING btree ("season_id","created_at");--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_target_ck" CHECK (num_nonnulls("announcements"."event_id", "announcements"."season_id") = 1);
