ALTER TABLE "order_items" ADD COLUMN "package_line_id" uuid;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_package_line_id_hold_packages_id_fk" FOREIGN KEY ("package_line_id") REFERENCES "public"."hold_packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Orders placed before this column: a ticket's package is its cart line's (same hold, same unit).
UPDATE "order_items" oi SET "package_line_id" = hi."package_line_id"
  FROM "orders" o, "hold_items" hi
  WHERE o."id" = oi."order_id" AND hi."hold_id" = o."hold_id" AND hi."unit_id" = oi."unit_id" AND hi."package_line_id" IS NOT NULL;
