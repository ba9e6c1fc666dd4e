CREATE TYPE "public"."application_status" AS ENUM('pending', 'changes_requested', 'approved', 'rejected');--> statement-breakpoint
CREATE TABLE "organisation_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"applicant_id" uuid NOT NULL,
	"status" "application_status" DEFAULT 'pending' NOT NULL,
	"contact_phone" text NOT NULL,
	"terms_accepted_at" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" uuid,
	"review_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organisation_profile_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"org_id" uuid NOT NULL,
	"requested_by" uuid,
	"values" jsonb NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"effective_at" timestamp with time zone NOT NULL,
	"applied_at" timestamp with time zone,
	"superseded_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "organisation_applications" ADD CONSTRAINT "organisation_applications_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_applications" ADD CONSTRAINT "organisation_applications_applicant_id_users_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_applications" ADD CONSTRAINT "organisation_applications_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_profile_changes" ADD CONSTRAINT "organisation_profile_changes_org_id_organisations_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_profile_changes" ADD CONSTRAINT "organisation_profile_changes_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "organisation_applications_status_idx" ON "organisation_applications" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "organisation_applications_open_idx" ON "organisation_applications" USING btree ("applicant_id") WHERE status in ('pending', 'changes_requested');--> statement-breakpoint
CREATE INDEX "organisation_profile_changes_due_idx" ON "organisation_profile_changes" USING btree ("effective_at");--> statement-breakpoint
CREATE UNIQUE INDEX "organisation_profile_changes_open_idx" ON "organisation_profile_changes" USING btree ("org_id") WHERE applied_at is null and superseded_at is null;