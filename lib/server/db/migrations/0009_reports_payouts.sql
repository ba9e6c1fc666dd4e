-- Reports and money (issue 16): sellers' bank accounts, payout runs (pain.001 files) that pay each payout once,
-- the organiser's share of resale fees, and indexes for sales over time and for what is in carts right now.
CREATE TYPE "public"."payout_run_status" AS ENUM('prepared', 'confirmed', 'cancelled');--> statement-breakpoint
CREATE TABLE "bank_accounts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"iban" text NOT NULL,
	"holder_name" text NOT NULL,
	"bic" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"currency" "currency" NOT NULL,
	"status" "payout_run_status" DEFAULT 'prepared' NOT NULL,
	"message_id" text NOT NULL,
	"payout_count" integer NOT NULL,
	"total_amount" integer NOT NULL,
	"file" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"confirmed_by" uuid,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "resale_organiser_share_percent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "organiser_share_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "run_id" uuid;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "paid_to" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_runs" ADD CONSTRAINT "payout_runs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_runs" ADD CONSTRAINT "payout_runs_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_runs_message_uq" ON "payout_runs" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "payout_runs_created_idx" ON "payout_runs" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_run_id_payout_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."payout_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inventory_units_event_held_idx" ON "inventory_units" USING btree ("event_id","held_until") WHERE status = 'held';--> statement-breakpoint
CREATE INDEX "orders_event_paid_idx" ON "orders" USING btree ("event_id","paid_at");--> statement-breakpoint
CREATE INDEX "payouts_waiting_idx" ON "payouts" USING btree ("status","run_id");