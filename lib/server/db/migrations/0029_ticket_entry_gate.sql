-- Gate devices (issue 31 items 1, 2): a ticket keeps the gate it entered by, set with checked_in_at, so the live
-- view and the report count entries per gate from the tickets themselves and the gates sum to the attendance.
-- Expand-only (a nullable column); the checked-in tickets so far take the gate of their first admitted scan.
ALTER TABLE "tickets" ADD COLUMN "checked_in_gate" text;--> statement-breakpoint
UPDATE "tickets" t SET "checked_in_gate" = first."gate"
FROM (
  SELECT DISTINCT ON ("ticket_id") "ticket_id", nullif("gate", '') AS "gate"
  FROM "scan_log" WHERE "result" = 'admitted' AND "ticket_id" IS NOT NULL
  ORDER BY "ticket_id", "scanned_at"
) first
WHERE first."ticket_id" = t."id" AND t."status" = 'checked_in';
