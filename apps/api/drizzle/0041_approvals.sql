CREATE TABLE "approval_policy" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"policy" jsonb NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "approval_policy_single_row" CHECK ("approval_policy"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "approvals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"action" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"entity" text NOT NULL,
	"record_id" uuid,
	"body" jsonb NOT NULL,
	"record_version" text NOT NULL,
	"record_label" text NOT NULL,
	"summary" text NOT NULL,
	"before" jsonb NOT NULL,
	"after" jsonb NOT NULL,
	"reason" text NOT NULL,
	"requested_by" uuid,
	"requested_ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"note" text
);
--> statement-breakpoint
ALTER TABLE "approval_policy" ADD CONSTRAINT "approval_policy_updated_by_admins_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_requested_by_admins_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_decided_by_admins_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approvals_listing_idx" ON "approvals" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "approvals_status_idx" ON "approvals" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "approvals_action_idx" ON "approvals" USING btree ("action","created_at","id");