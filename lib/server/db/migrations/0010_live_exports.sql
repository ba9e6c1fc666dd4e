-- The attendee export reads an event's tickets in id order, a batch at a time (reports/exports.ts): the event's
-- ticket index gains the id, so every batch starts where the last one ended instead of sorting the event's tickets.
DROP INDEX "tickets_event_idx";--> statement-breakpoint
CREATE INDEX "tickets_event_idx" ON "tickets" USING btree ("event_id","id");