CREATE TABLE "admin_invites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"full_name" text NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"invited_by" uuid,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_invites_role_check" CHECK ("admin_invites"."role" in ('owner', 'admin', 'viewer'))
);
--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "last_signed_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "admin_invites" ADD CONSTRAINT "admin_invites_invited_by_admins_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "admin_invites_email_unique" ON "admin_invites" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "admin_invites_token_hash_unique" ON "admin_invites" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "admin_invites_listing_idx" ON "admin_invites" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "admins_listing_idx" ON "admins" USING btree ("created_at","id");--> statement-breakpoint
-- docs/architecture.md#roles (docs/decisions/220): every admin that exists before roles is an
-- Owner.
UPDATE "admins" SET "role" = 'owner';--> statement-breakpoint
ALTER TABLE "admins" ADD CONSTRAINT "admins_role_check" CHECK ("admins"."role" in ('owner', 'admin', 'viewer'));--> statement-breakpoint
-- The Admins screen's total is a counter (src/db/sql/090_admins_counters.sql, applied after the
-- migrations): the admins that exist now are counted here, once.
INSERT INTO "counters" ("name", "value") SELECT 'admins.total', count(*) FROM "admins"
  ON CONFLICT ("name") DO UPDATE SET "value" = excluded."value", "updated_at" = now();
