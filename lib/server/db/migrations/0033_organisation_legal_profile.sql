CREATE TYPE "public"."payout_schedule" AS ENUM('period', 'event');--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "legal_name" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "legal_form" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "street" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "postcode" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "ico" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "dic" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "vat_id" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "vat_registered" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "payout_iban" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "payout_bic" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "platform_fee_per_ticket" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "platform_fee_bps" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "payout_schedule" "payout_schedule" DEFAULT 'period' NOT NULL;--> statement-breakpoint
-- Organisations that sell already were approved before applications existed (expand-only: a backfill).
UPDATE "organisations" SET "approved_at" = "created_at" WHERE "approved_at" IS NULL;
