CREATE TYPE "public"."partial_refund_kind" AS ENUM('ticket', 'amount');--> statement-breakpoint
CREATE TABLE "partial_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" "partial_refund_kind" NOT NULL,
	"order_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"ticket_id" uuid,
	"reason" text NOT NULL,
	"note" text,
	"actor_id" uuid,
	"currency" "currency" NOT NULL,
	"price_amount" integer DEFAULT 0 NOT NULL,
	"discount_amount" integer DEFAULT 0 NOT NULL,
	"fee_amount" integer DEFAULT 0 NOT NULL,
	"fee_kept_amount" integer DEFAULT 0 NOT NULL,
	"wallet_amount" integer DEFAULT 0 NOT NULL,
	"points_amount" integer DEFAULT 0 NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"money_amount" integer DEFAULT 0 NOT NULL,
	"refund_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "self_cancel_allowed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "self_cancel_hours" integer DEFAULT 48 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "self_cancel_refunds_fee" boolean;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "postponed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "postponed_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "refund_deadline" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "refund_service_fee" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "partial_refunds" ADD CONSTRAINT "partial_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partial_refunds" ADD CONSTRAINT "partial_refunds_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partial_refunds" ADD CONSTRAINT "partial_refunds_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partial_refunds" ADD CONSTRAINT "partial_refunds_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partial_refunds" ADD CONSTRAINT "partial_refunds_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "partial_refunds_ticket_uq" ON "partial_refunds" USING btree ("ticket_id") WHERE ticket_id is not null;--> statement-breakpoint
CREATE INDEX "partial_refunds_order_idx" ON "partial_refunds" USING btree ("order_id","event_id");--> statement-breakpoint
CREATE INDEX "partial_refunds_event_idx" ON "partial_refunds" USING btree ("event_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_unit_live_uq" ON "tickets" USING btree ("unit_id") WHERE status <> 'void';--> statement-breakpoint
CREATE INDEX "tickets_unit_idx" ON "tickets" USING btree ("unit_id");--> statement-breakpoint
DROP INDEX "tickets_unit_uq";
