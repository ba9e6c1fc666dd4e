CREATE TABLE "season_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"season_id" uuid NOT NULL,
	"name" jsonb NOT NULL,
	"color" text DEFAULT '#2563eb' NOT NULL,
	"price_amount" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ticket_types" ADD COLUMN "season_category_id" uuid;--> statement-breakpoint
ALTER TABLE "season_categories" ADD CONSTRAINT "season_categories_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "season_categories_season_idx" ON "season_categories" USING btree ("season_id","sort");--> statement-breakpoint
ALTER TABLE "ticket_types" ADD CONSTRAINT "ticket_types_season_category_id_season_categories_id_fk" FOREIGN KEY ("season_category_id") REFERENCES "public"."season_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_types_season_category_idx" ON "ticket_types" USING btree ("season_category_id");--> statement-breakpoint
-- Backfill (issue 28 item 7): one season category per season_prices code, named and coloured like that code's
-- ticket type at the season's first match, and every match's ticket type of that code mapped onto it.
-- season_prices stays (expand-only) until a contract migration drops it; nothing reads it any more.
WITH src AS (
  SELECT gen_random_uuid() AS id, sp.season_id, sp.code, sp.price_amount,
         coalesce(ft.name, jsonb_build_object('sk', sp.code, 'cs', sp.code, 'en', sp.code)) AS name,
         coalesce(ft.color, '#2563eb') AS color,
         (row_number() OVER (PARTITION BY sp.season_id ORDER BY sp.code) - 1)::integer AS sort
  FROM "season_prices" sp
  LEFT JOIN LATERAL (
    SELECT tt.name, tt.color FROM "events" e JOIN "ticket_types" tt ON tt.event_id = e.id AND tt.code = sp.code
    WHERE e.season_id = sp.season_id ORDER BY e.starts_at, e.id LIMIT 1
  ) ft ON true
), inserted AS (
  INSERT INTO "season_categories" (id, season_id, name, color, price_amount, sort)
  SELECT id, season_id, name, color, price_amount, sort FROM src
  RETURNING id
)
UPDATE "ticket_types" tt SET season_category_id = src.id
FROM src JOIN "events" e ON e.season_id = src.season_id
WHERE tt.event_id = e.id AND tt.code = src.code AND tt.kind = 'seated' AND src.id IN (SELECT id FROM inserted);
