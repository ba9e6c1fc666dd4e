-- Orders from before current_payment_id: their latest payment is the current one, so a payment under
-- way when this runs still completes its order; every older one can only be refunded.
UPDATE "orders" SET "current_payment_id" = (
  SELECT "p"."id" FROM "payments" "p" WHERE "p"."order_id" = "orders"."id" ORDER BY "p"."created_at" DESC, "p"."id" DESC LIMIT 1
) WHERE "current_payment_id" IS NULL;
