CREATE TYPE "public"."accessible_seat_kind" AS ENUM('wheelchair', 'companion');--> statement-breakpoint
CREATE TYPE "public"."ticket_concession" AS ENUM('child', 'student', 'senior', 'ztp', 'ztp_s', 'companion');--> statement-breakpoint
CREATE TABLE "accessible_seats" (
	"seat_id" uuid PRIMARY KEY NOT NULL,
	"kind" "accessible_seat_kind" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hold_item_concessions" (
	"hold_item_id" uuid PRIMARY KEY NOT NULL,
	"kind" "ticket_concession" NOT NULL,
	"companion_of" uuid
);
--> statement-breakpoint
CREATE TABLE "ticket_type_concessions" (
	"ticket_type_id" uuid NOT NULL,
	"kind" "ticket_concession" NOT NULL,
	"price_amount" integer NOT NULL,
	"companion" boolean DEFAULT false NOT NULL,
	CONSTRAINT "ticket_type_concessions_ticket_type_id_kind_pk" PRIMARY KEY("ticket_type_id","kind")
);
--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "concession" "ticket_concession";--> statement-breakpoint
ALTER TABLE "accessible_seats" ADD CONSTRAINT "accessible_seats_seat_id_venue_seats_id_fk" FOREIGN KEY ("seat_id") REFERENCES "public"."venue_seats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hold_item_concessions" ADD CONSTRAINT "hold_item_concessions_hold_item_id_hold_items_id_fk" FOREIGN KEY ("hold_item_id") REFERENCES "public"."hold_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hold_item_concessions" ADD CONSTRAINT "hold_item_concessions_companion_of_hold_items_id_fk" FOREIGN KEY ("companion_of") REFERENCES "public"."hold_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_type_concessions" ADD CONSTRAINT "ticket_type_concessions_ticket_type_id_ticket_types_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."ticket_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hold_item_concessions_companion_idx" ON "hold_item_concessions" USING btree ("companion_of");