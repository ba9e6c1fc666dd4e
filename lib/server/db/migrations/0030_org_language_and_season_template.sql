ALTER TABLE "organisations" ADD COLUMN "language" "locale" DEFAULT 'sk' NOT NULL;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "currency" "currency" DEFAULT 'EUR' NOT NULL;--> statement-breakpoint
ALTER TABLE "seasons" ADD COLUMN "template_event_id" uuid;--> statement-breakpoint
ALTER TABLE "seasons" ADD CONSTRAINT "seasons_template_event_id_events_id_fk" FOREIGN KEY ("template_event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;