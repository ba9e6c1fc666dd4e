CREATE TYPE "public"."release_status" AS ENUM('released', 'sold', 'taken_back', 'kept');--> statement-breakpoint
CREATE TYPE "public"."wallet_entry_kind" AS ENUM('release_credit', 'order_spend');--> statement-breakpoint
ALTER TYPE "public"."ticket_status" ADD VALUE 'released';--> statement-breakpoint
CREATE TABLE "season_releases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" uuid NOT NULL,
	"unit_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"season_ticket_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"org_id" uuid NOT NULL,
	"currency" "currency" NOT NULL,
	"credit_amount" integer NOT NULL,
	"status" "release_status" DEFAULT 'released' NOT NULL,
	"order_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "wallet_ledger" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"org_id" uuid NOT NULL,
	"currency" "currency" NOT NULL,
	"kind" "wallet_entry_kind" NOT NULL,
	"amount" integer NOT NULL,
	"release_id" uuid,
	"order_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_ledger_amount_positive" CHECK (amount > 0)
);
--> statement-breakpoint
CREATE TABLE "wallets" (
	"user_id" uuid NOT NULL,
	"org_id" uuid NOT NULL,
	"currency" "currency" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallets_user_id_org_id_currency_pk" PRIMARY KEY("user_id","org_id","currency")
);
--> statement-breakpoint
ALTER TABLE "season_releases" ADD CONSTRAINT "season_releases_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "season_releases" ADD CONSTRAINT "season_releases_unit_id_inventory_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."inventory_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "season_releases" ADD CONSTRAINT "season_releases_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "season_releases" ADD CONSTRAINT "season_releases_season_ticket_id_season_tickets_id_fk" FOREIGN KEY ("season_ticket_id") REFERENCES "public"."season_tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "season_releases" ADD CONSTRAINT "season_releases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "season_releases" ADD CONSTRAINT "season_releases_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "season_releases" ADD CONSTRAINT "season_releases_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_ledger" ADD CONSTRAINT "wallet_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_ledger" ADD CONSTRAINT "wallet_ledger_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_ledger" ADD CONSTRAINT "wallet_ledger_release_id_season_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."season_releases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_ledger" ADD CONSTRAINT "wallet_ledger_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "season_releases_open_ticket_uq" ON "season_releases" USING btree ("ticket_id") WHERE status = 'released';--> statement-breakpoint
CREATE UNIQUE INDEX "season_releases_open_unit_uq" ON "season_releases" USING btree ("unit_id") WHERE status = 'released';--> statement-breakpoint
CREATE INDEX "season_releases_user_idx" ON "season_releases" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_release_once_uq" ON "wallet_ledger" USING btree ("release_id") WHERE kind = 'release_credit';--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_order_spend_uq" ON "wallet_ledger" USING btree ("order_id") WHERE kind = 'order_spend';--> statement-breakpoint
CREATE INDEX "wallet_ledger_user_idx" ON "wallet_ledger" USING btree ("user_id","org_id","currency");