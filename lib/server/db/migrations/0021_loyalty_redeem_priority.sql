ALTER TYPE "public"."loyalty_kind" ADD VALUE 'redemption' BEFORE 'reversal';--> statement-breakpoint
CREATE TABLE "loyalty_cart_uses" (
	"hold_id" uuid PRIMARY KEY NOT NULL,
	"points" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "priority_sale_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "priority_sale_points" integer;--> statement-breakpoint
ALTER TABLE "loyalty_programs" ADD COLUMN "redeem_rate" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loyalty_programs" ADD COLUMN "redeem_max_percent" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "loyalty_points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "loyalty_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loyalty_cart_uses" ADD CONSTRAINT "loyalty_cart_uses_hold_id_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."holds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loyalty_ledger_order_idx" ON "loyalty_ledger" USING btree ("order_id");