CREATE INDEX "gifts_from_user_idx" ON "gifts" USING btree ("from_user_id");--> statement-breakpoint
CREATE INDEX "gifts_to_user_idx" ON "gifts" USING btree ("to_user_id");