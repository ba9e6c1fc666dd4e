-- A resold ticket whose event is cancelled: its buyer is refunded, so its seller's payout is cancelled, never paid.
-- An event's paid orders are found by event and status when a cancellation refunds them.
ALTER TYPE "public"."payout_status" ADD VALUE 'cancelled';--> statement-breakpoint
CREATE INDEX "orders_event_status_idx" ON "orders" USING btree ("event_id","status");