CREATE TABLE "presale_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"room_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"used_by" uuid,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "waiting_room_places" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"room_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"presale" boolean DEFAULT false NOT NULL,
	"draw" double precision,
	"position" bigint,
	"placed_after" bigint,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"admitted_at" timestamp with time zone,
	"expires_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "waiting_rooms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"rate_per_minute" integer,
	"admission_minutes" integer DEFAULT 10 NOT NULL,
	"presale_starts_at" timestamp with time zone,
	"presale_season_holders" boolean DEFAULT false NOT NULL,
	"presale_min_points" integer,
	"last_position" bigint DEFAULT 0 NOT NULL,
	"admitted_through" bigint DEFAULT 0 NOT NULL,
	"admit_clock" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waiting_rooms_event_id_unique" UNIQUE("event_id")
);
--> statement-breakpoint
ALTER TABLE "presale_codes" ADD CONSTRAINT "presale_codes_room_id_waiting_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."waiting_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "presale_codes" ADD CONSTRAINT "presale_codes_used_by_users_id_fk" FOREIGN KEY ("used_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_room_places" ADD CONSTRAINT "waiting_room_places_room_id_waiting_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."waiting_rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_room_places" ADD CONSTRAINT "waiting_room_places_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_rooms" ADD CONSTRAINT "waiting_rooms_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "presale_codes_hash_uq" ON "presale_codes" USING btree ("room_id","code_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "waiting_room_places_user_uq" ON "waiting_room_places" USING btree ("room_id","user_id");--> statement-breakpoint
CREATE INDEX "waiting_room_places_position_idx" ON "waiting_room_places" USING btree ("room_id","position");--> statement-breakpoint
CREATE INDEX "waiting_room_places_admitted_idx" ON "waiting_room_places" USING btree ("room_id","admitted_at");