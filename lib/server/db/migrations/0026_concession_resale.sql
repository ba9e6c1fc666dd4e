ALTER TABLE "organisations" ALTER COLUMN "resale_defaults" SET DEFAULT '{"transferEnabled":true,"resaleEnabled":true,"resaleCapPercent":100,"resaleCapAmount":null,"resaleWindowHours":2,"resaleSellerFeeBps":500,"resaleBuyerFeeBps":0,"resaleOrganiserSharePercent":0,"freeTicketsResale":false}'::jsonb;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "free_tickets_resale" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_type_concessions" ADD COLUMN "resale_allowed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "companion_of" uuid;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_companion_of_tickets_id_fk" FOREIGN KEY ("companion_of") REFERENCES "public"."tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tickets_companion_idx" ON "tickets" USING btree ("companion_of") WHERE companion_of is not null;--> statement-breakpoint
-- Backfill: a companion ticket already issued is linked to its ZŤP-S ticket through the cart lines it was bought with.
UPDATE "tickets" c SET "companion_of" = h."id"
FROM "orders" o
JOIN "hold_items" ci ON ci."hold_id" = o."hold_id"
JOIN "hold_item_concessions" hc ON hc."hold_item_id" = ci."id" AND hc."kind" = 'companion'
JOIN "hold_items" hi ON hi."id" = hc."companion_of"
JOIN "tickets" h ON h."order_id" = o."id" AND h."unit_id" = hi."unit_id"
WHERE c."order_id" = o."id" AND c."unit_id" = ci."unit_id" AND c."concession" = 'companion' AND c."companion_of" IS NULL;
