CREATE TYPE "public"."organiser_payout_status" AS ENUM('pending', 'carried', 'paid');--> statement-breakpoint
CREATE TABLE "organiser_payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"currency" "currency" NOT NULL,
	"period_key" text NOT NULL,
	"seq" integer NOT NULL,
	"event_id" uuid,
	"period_start" timestamp with time zone,
	"cutoff" timestamp with time zone NOT NULL,
	"cum_primary_net" bigint NOT NULL,
	"cum_platform_fee" bigint NOT NULL,
	"cum_resale_share" bigint NOT NULL,
	"cum_owed" bigint NOT NULL,
	"primary_net" integer NOT NULL,
	"platform_fee" integer NOT NULL,
	"resale_share" integer NOT NULL,
	"owed" integer NOT NULL,
	"carried_in" integer NOT NULL,
	"amount" integer NOT NULL,
	"status" "organiser_payout_status" NOT NULL,
	"run_id" uuid,
	"paid_to" text,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "platform_fee_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "organiser_payouts" ADD CONSTRAINT "organiser_payouts_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organiser_payouts" ADD CONSTRAINT "organiser_payouts_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organiser_payouts" ADD CONSTRAINT "organiser_payouts_run_id_payout_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."payout_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "organiser_payouts_period_uq" ON "organiser_payouts" USING btree ("org_id","currency","period_key");--> statement-breakpoint
CREATE UNIQUE INDEX "organiser_payouts_seq_uq" ON "organiser_payouts" USING btree ("org_id","currency","seq");--> statement-breakpoint
CREATE INDEX "organiser_payouts_waiting_idx" ON "organiser_payouts" USING btree ("status","run_id");