CREATE TYPE "public"."loyalty_kind" AS ENUM('attendance', 'purchase', 'reversal');--> statement-breakpoint
CREATE TABLE "event_named_sections" (
	"event_id" uuid NOT NULL,
	"section_id" uuid NOT NULL,
	CONSTRAINT "event_named_sections_event_id_section_id_pk" PRIMARY KEY("event_id","section_id")
);
--> statement-breakpoint
CREATE TABLE "hold_item_holders" (
	"hold_item_id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"birth_date" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loyalty_balances" (
	"org_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "loyalty_balances_org_id_user_id_pk" PRIMARY KEY("org_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "loyalty_ledger" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"points" integer NOT NULL,
	"kind" "loyalty_kind" NOT NULL,
	"ticket_id" uuid,
	"order_id" uuid,
	"reverses_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loyalty_programs" (
	"org_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"attendance_points" integer DEFAULT 0 NOT NULL,
	"points_per_unit" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "named_tickets" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "named" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "holder_name" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "holder_birth_date" date;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "holder_erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "event_named_sections" ADD CONSTRAINT "event_named_sections_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_named_sections" ADD CONSTRAINT "event_named_sections_section_id_venue_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."venue_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hold_item_holders" ADD CONSTRAINT "hold_item_holders_hold_item_id_hold_items_id_fk" FOREIGN KEY ("hold_item_id") REFERENCES "public"."hold_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_balances" ADD CONSTRAINT "loyalty_balances_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_balances" ADD CONSTRAINT "loyalty_balances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_ledger" ADD CONSTRAINT "loyalty_ledger_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_ledger" ADD CONSTRAINT "loyalty_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_ledger" ADD CONSTRAINT "loyalty_ledger_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_ledger" ADD CONSTRAINT "loyalty_ledger_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_ledger" ADD CONSTRAINT "loyalty_ledger_reverses_id_loyalty_ledger_id_fk" FOREIGN KEY ("reverses_id") REFERENCES "public"."loyalty_ledger"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_programs" ADD CONSTRAINT "loyalty_programs_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_attendance_once_uq" ON "loyalty_ledger" USING btree ("ticket_id") WHERE kind = 'attendance';--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_purchase_once_uq" ON "loyalty_ledger" USING btree ("order_id") WHERE kind = 'purchase';--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_reversal_once_uq" ON "loyalty_ledger" USING btree ("reverses_id") WHERE kind = 'reversal';--> statement-breakpoint
CREATE INDEX "loyalty_ledger_user_idx" ON "loyalty_ledger" USING btree ("user_id","created_at");