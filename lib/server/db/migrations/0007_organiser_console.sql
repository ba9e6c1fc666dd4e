-- 'staff' is now 'manager' (everything but the team and payouts); renamed in place, members keep their rows.
ALTER TYPE "public"."member_role" RENAME VALUE 'staff' TO 'manager';--> statement-breakpoint
CREATE TABLE "event_sections" (
	"event_id" uuid NOT NULL,
	"section_id" uuid NOT NULL,
	"ticket_type_id" uuid NOT NULL,
	CONSTRAINT "event_sections_event_id_section_id_pk" PRIMARY KEY("event_id","section_id")
);
--> statement-breakpoint
CREATE TABLE "org_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" "member_role" NOT NULL,
	"token_hash" text NOT NULL,
	"locale" "locale" NOT NULL,
	"invited_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" uuid,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "redeem_code_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"ticket_type_id" uuid NOT NULL,
	"count" integer NOT NULL,
	"expires_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "coupons" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "sale_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "sale_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "resale_defaults" jsonb DEFAULT '{"transferEnabled":true,"resaleEnabled":true,"resaleCapPercent":100,"resaleCapAmount":null,"resaleWindowHours":2,"resaleSellerFeeBps":500,"resaleBuyerFeeBps":0}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "redeem_codes" ADD COLUMN "batch_id" uuid;--> statement-breakpoint
ALTER TABLE "redeem_codes" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "venue_sections" ADD COLUMN "kind" text DEFAULT 'seated' NOT NULL;--> statement-breakpoint
ALTER TABLE "venue_sections" ADD COLUMN "capacity" integer;--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "org_id" uuid;--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "outline" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "event_sections" ADD CONSTRAINT "event_sections_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_sections" ADD CONSTRAINT "event_sections_section_id_venue_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."venue_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_sections" ADD CONSTRAINT "event_sections_ticket_type_id_ticket_types_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."ticket_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_invitations" ADD CONSTRAINT "org_invitations_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_invitations" ADD CONSTRAINT "org_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "org_invitations" ADD CONSTRAINT "org_invitations_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redeem_code_batches" ADD CONSTRAINT "redeem_code_batches_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redeem_code_batches" ADD CONSTRAINT "redeem_code_batches_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redeem_code_batches" ADD CONSTRAINT "redeem_code_batches_ticket_type_id_ticket_types_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."ticket_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redeem_code_batches" ADD CONSTRAINT "redeem_code_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "org_invitations_token_uq" ON "org_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "org_invitations_one_open_per_email_uq" ON "org_invitations" USING btree ("org_id","email") WHERE accepted_at is null and revoked_at is null;--> statement-breakpoint
CREATE INDEX "redeem_code_batches_org_idx" ON "redeem_code_batches" USING btree ("org_id","created_at");--> statement-breakpoint
ALTER TABLE "redeem_codes" ADD CONSTRAINT "redeem_codes_batch_id_redeem_code_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."redeem_code_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venues" ADD CONSTRAINT "venues_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coupons_org_idx" ON "coupons" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "org_members_user_idx" ON "org_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "redeem_codes_batch_idx" ON "redeem_codes" USING btree ("batch_id");--> statement-breakpoint
-- A venue belongs to the organisation whose event used it first.
UPDATE "venues" v SET "org_id" = (SELECT e."org_id" FROM "events" e WHERE e."venue_id" = v."id" ORDER BY e."created_at" LIMIT 1) WHERE v."org_id" IS NULL;--> statement-breakpoint
-- Which category sells each section, as the existing seats were sold.
INSERT INTO "event_sections" ("event_id", "section_id", "ticket_type_id")
SELECT DISTINCT ON (u."event_id", vs."section_id") u."event_id", vs."section_id", u."ticket_type_id"
FROM "inventory_units" u JOIN "venue_seats" vs ON vs."id" = u."seat_id"
ORDER BY u."event_id", vs."section_id", u."ticket_type_id"
ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "events" SET "published_at" = "created_at" WHERE "status" <> 'draft' AND "published_at" IS NULL;--> statement-breakpoint
-- A cart item forgets a unit the organiser removed (a seat that left the layout); orders and tickets keep theirs, so such units are never removed.
ALTER TABLE "hold_items" DROP CONSTRAINT "hold_items_unit_id_inventory_units_id_fk";
--> statement-breakpoint
ALTER TABLE "hold_items" ADD CONSTRAINT "hold_items_unit_id_inventory_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."inventory_units"("id") ON DELETE set null ON UPDATE no action;
