ALTER TABLE "waiting_rooms" ALTER COLUMN "event_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "waiting_rooms" ADD COLUMN "season_id" uuid;--> statement-breakpoint
ALTER TABLE "waiting_rooms" ADD CONSTRAINT "waiting_rooms_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_rooms" ADD CONSTRAINT "waiting_rooms_season_id_unique" UNIQUE("season_id");--> statement-breakpoint
ALTER TABLE "waiting_rooms" ADD CONSTRAINT "waiting_rooms_sale_ck" CHECK (num_nonnulls("waiting_rooms"."event_id", "waiting_rooms"."season_id") = 1);