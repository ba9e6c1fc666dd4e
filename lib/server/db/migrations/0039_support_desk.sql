ALTER TABLE "email_outbox" ADD COLUMN "order_id" uuid;--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "email_outbox_order_idx" ON "email_outbox" USING btree ("order_id") WHERE order_id is not null;