CREATE TYPE "public"."refund_mode" AS ENUM('payment', 'credit');--> statement-breakpoint
ALTER TYPE "public"."wallet_entry_kind" ADD VALUE 'refund_credit';--> statement-breakpoint
CREATE TABLE "order_shares" (
	"order_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"tickets" integer NOT NULL,
	"price_amount" integer NOT NULL,
	"fee_amount" integer NOT NULL,
	"discount_amount" integer NOT NULL,
	"credit_amount" integer NOT NULL,
	"total_amount" integer NOT NULL,
	"refunded_at" timestamp with time zone,
	"refund_mode" "refund_mode",
	"refunded_amount" integer DEFAULT 0 NOT NULL,
	"credited_amount" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "order_shares_order_id_event_id_pk" PRIMARY KEY("order_id","event_id")
);
--> statement-breakpoint
DROP INDEX "refunds_payment_uq";--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "latest_end_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "scope" text DEFAULT 'whole' NOT NULL;--> statement-breakpoint
ALTER TABLE "seasons" ADD COLUMN "cancel_refund_mode" "refund_mode" DEFAULT 'payment' NOT NULL;--> statement-breakpoint
ALTER TABLE "wallet_ledger" ADD COLUMN "event_id" uuid;--> statement-breakpoint
ALTER TABLE "order_shares" ADD CONSTRAINT "order_shares_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_shares" ADD CONSTRAINT "order_shares_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_shares_event_idx" ON "order_shares" USING btree ("event_id","refunded_at");--> statement-breakpoint
ALTER TABLE "wallet_ledger" ADD CONSTRAINT "wallet_ledger_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_payment_scope_uq" ON "refunds" USING btree ("payment_id","scope");--> statement-breakpoint
-- Only refund credits name an event (other rows' null event_id never conflicts): no predicate on the
-- kind, whose new value cannot be used in the transaction that added it.
CREATE UNIQUE INDEX "wallet_refund_once_uq" ON "wallet_ledger" USING btree ("order_id","event_id");--> statement-breakpoint
-- The latest end so far of every event is its end now (payouts/state.ts). Shares of paid orders: functions.sql order_split.
UPDATE "events" SET "latest_end_at" = coalesce("ends_at", "starts_at");