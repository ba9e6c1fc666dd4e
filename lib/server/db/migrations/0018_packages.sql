CREATE TABLE "hold_packages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"hold_id" uuid NOT NULL,
	"package_id" uuid NOT NULL,
	"price_amount" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "package_contents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"package_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"ticket_type_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "packages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb,
	"price_amount" integer NOT NULL,
	"currency" "currency" NOT NULL,
	"quantity" integer NOT NULL,
	"on_sale" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "hold_items" ADD COLUMN "package_line_id" uuid;--> statement-breakpoint
ALTER TABLE "hold_packages" ADD CONSTRAINT "hold_packages_hold_id_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."holds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hold_packages" ADD CONSTRAINT "hold_packages_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_contents" ADD CONSTRAINT "package_contents_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_contents" ADD CONSTRAINT "package_contents_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_contents" ADD CONSTRAINT "package_contents_ticket_type_id_ticket_types_id_fk" FOREIGN KEY ("ticket_type_id") REFERENCES "public"."ticket_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hold_packages_package_idx" ON "hold_packages" USING btree ("package_id");--> statement-breakpoint
CREATE INDEX "hold_packages_hold_idx" ON "hold_packages" USING btree ("hold_id");--> statement-breakpoint
CREATE INDEX "package_contents_package_idx" ON "package_contents" USING btree ("package_id");--> statement-breakpoint
CREATE INDEX "package_contents_event_idx" ON "package_contents" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "packages_org_idx" ON "packages" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "hold_items_package_line_idx" ON "hold_items" USING btree ("package_line_id") WHERE package_line_id is not null;