CREATE TABLE "document_counters" (
	"issuer" text NOT NULL,
	"year" integer NOT NULL,
	"series" text NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "document_counters_issuer_year_series_pk" PRIMARY KEY("issuer","year","series")
);
--> statement-breakpoint
CREATE TABLE "tax_document_lines" (
	"document_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"description" text NOT NULL,
	"supply" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_gross" integer NOT NULL,
	"gross" integer NOT NULL,
	"rate_bps" integer NOT NULL,
	"vat" integer NOT NULL,
	"net" integer NOT NULL,
	CONSTRAINT "tax_document_lines_document_id_position_pk" PRIMARY KEY("document_id","position"),
	CONSTRAINT "tax_document_lines_sum_ck" CHECK ("tax_document_lines"."net" + "tax_document_lines"."vat" = "tax_document_lines"."gross")
);
--> statement-breakpoint
CREATE TABLE "tax_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"purpose" text NOT NULL,
	"issuer" text NOT NULL,
	"year" integer NOT NULL,
	"seq" integer NOT NULL,
	"number" text NOT NULL,
	"issuer_org_id" uuid,
	"org_id" uuid,
	"order_id" uuid,
	"user_id" uuid,
	"refers_to" uuid,
	"refund_id" uuid,
	"source_key" text NOT NULL,
	"currency" "currency" NOT NULL,
	"locale" "locale" NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"period_from" date,
	"period_to" date,
	"vat_registered" boolean NOT NULL,
	"seller" jsonb NOT NULL,
	"buyer" jsonb NOT NULL,
	"total_gross" integer NOT NULL,
	"total_net" integer NOT NULL,
	"total_vat" integer NOT NULL,
	"note" text,
	"pdf" "bytea",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vat_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"country" text NOT NULL,
	"supply" text NOT NULL,
	"valid_from" date NOT NULL,
	"rate_bps" integer NOT NULL,
	"source" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "billing" jsonb;--> statement-breakpoint
ALTER TABLE "tax_document_lines" ADD CONSTRAINT "tax_document_lines_document_id_tax_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."tax_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_issuer_org_id_organisations_id_fk" FOREIGN KEY ("issuer_org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_refers_to_tax_documents_id_fk" FOREIGN KEY ("refers_to") REFERENCES "public"."tax_documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_number_uq" ON "tax_documents" USING btree ("issuer","kind","year","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_documents_source_uq" ON "tax_documents" USING btree ("source_key");--> statement-breakpoint
CREATE INDEX "tax_documents_order_idx" ON "tax_documents" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "tax_documents_org_idx" ON "tax_documents" USING btree ("org_id","issued_at");--> statement-breakpoint
CREATE INDEX "tax_documents_issued_idx" ON "tax_documents" USING btree ("issued_at");--> statement-breakpoint
CREATE INDEX "tax_documents_refers_idx" ON "tax_documents" USING btree ("refers_to");--> statement-breakpoint
CREATE UNIQUE INDEX "vat_rates_country_supply_from_uq" ON "vat_rates" USING btree ("country","supply","valid_from");--> statement-breakpoint
-- VAT rates in force (README, Tax documents: the sources). Slovakia from 1 January 2025 (act 278/2024):
-- standard 23 %, admission to sports events 5 %, admission to cultural events at the standard rate.
-- Czechia from 1 January 2024 (the consolidation package): standard 21 %, admission to cultural and sports events 12 %.
INSERT INTO "vat_rates" ("country", "supply", "valid_from", "rate_bps", "source") VALUES
  ('SK', 'admission-sport', '2025-01-01', 500, 'SK act 222/2004 § 27 as amended by 278/2024 (EY Tax News 2024-1947; Financial Administration information 9/DPH/2024/IM)'),
  ('SK', 'admission-culture', '2025-01-01', 2300, 'SK act 222/2004 § 27 as amended by 278/2024: standard rate (marosavat.com VAT manual Slovakia)'),
  ('SK', 'service-fee', '2025-01-01', 2300, 'SK act 222/2004 § 27 as amended by 278/2024: standard rate'),
  ('SK', 'platform-fee', '2025-01-01', 2300, 'SK act 222/2004 § 27 as amended by 278/2024: standard rate'),
  ('CZ', 'admission-sport', '2024-01-01', 1200, 'CZ act 235/2004 as amended by 349/2023 (consolidation package): single reduced rate 12 %'),
  ('CZ', 'admission-culture', '2024-01-01', 1200, 'CZ act 235/2004 as amended by 349/2023 (consolidation package): single reduced rate 12 %'),
  ('CZ', 'service-fee', '2024-01-01', 2100, 'CZ act 235/2004: standard rate 21 %'),
  ('CZ', 'platform-fee', '2024-01-01', 2100, 'CZ act 235/2004: standard rate 21 %');
--> statement-breakpoint
-- An issued document never changes: only its PDF is stored, once (documents/pdf.ts), and nothing is deleted.
CREATE FUNCTION tax_document_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'tax document % is issued and cannot be deleted', OLD.number;
  END IF;
  IF OLD.pdf IS NULL AND NEW.pdf IS NOT NULL
     AND (to_jsonb(NEW) - 'pdf') = (to_jsonb(OLD) - 'pdf') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'tax document % is issued and cannot be changed', OLD.number;
END $$;
--> statement-breakpoint
CREATE TRIGGER tax_documents_immutable BEFORE UPDATE OR DELETE ON "tax_documents" FOR EACH ROW EXECUTE FUNCTION tax_document_immutable();
--> statement-breakpoint
CREATE FUNCTION tax_document_lines_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the lines of an issued tax document cannot be changed';
END $$;
--> statement-breakpoint
CREATE TRIGGER tax_document_lines_immutable BEFORE UPDATE OR DELETE ON "tax_document_lines" FOR EACH ROW EXECUTE FUNCTION tax_document_lines_immutable();
