CREATE TABLE "season_prices" (
	"season_id" uuid NOT NULL,
	"code" text NOT NULL,
	"price_amount" integer NOT NULL,
	CONSTRAINT "season_prices_season_id_code_pk" PRIMARY KEY("season_id","code")
);
--> statement-breakpoint
CREATE TABLE "season_renewal_blocks" (
	"unit_id" uuid PRIMARY KEY NOT NULL,
	"season_id" uuid NOT NULL
);
--> statement-breakpoint
DROP INDEX "holds_one_open_per_user_event_uq";--> statement-breakpoint
ALTER TABLE "holds" ADD COLUMN "season_id" uuid;--> statement-breakpoint
ALTER TABLE "season_tickets" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "seasons" ADD COLUMN "currency" "currency" DEFAULT 'EUR' NOT NULL;--> statement-breakpoint
ALTER TABLE "seasons" ADD COLUMN "sale_opens_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "seasons" ADD COLUMN "sale_closes_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "seasons" ADD COLUMN "renewal_opens_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "seasons" ADD COLUMN "renewal_closes_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "seasons" ADD COLUMN "renews_season_id" uuid;--> statement-breakpoint
ALTER TABLE "seasons" ADD COLUMN "transfer_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "seasons" ADD COLUMN "release_share_percent" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "season_prices" ADD CONSTRAINT "season_prices_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "season_renewal_blocks" ADD CONSTRAINT "season_renewal_blocks_unit_id_inventory_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."inventory_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "season_renewal_blocks" ADD CONSTRAINT "season_renewal_blocks_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "season_renewal_blocks_season_idx" ON "season_renewal_blocks" USING btree ("season_id");--> statement-breakpoint
ALTER TABLE "holds" ADD CONSTRAINT "holds_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "season_tickets" ADD CONSTRAINT "season_tickets_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seasons" ADD CONSTRAINT "seasons_renews_season_id_seasons_id_fk" FOREIGN KEY ("renews_season_id") REFERENCES "public"."seasons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "holds_one_open_per_user_season_uq" ON "holds" USING btree ("user_id","season_id") WHERE status in ('active', 'ordered') and season_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_season_match_uq" ON "tickets" USING btree ("season_ticket_id","event_id") WHERE season_ticket_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "holds_one_open_per_user_event_uq" ON "holds" USING btree ("user_id","event_id") WHERE status in ('active', 'ordered') and season_id is null;