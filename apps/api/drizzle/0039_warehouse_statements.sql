CREATE TABLE "warehouse_statement_findings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"statement_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"cask_id" uuid,
	"line" integer,
	"statement" jsonb,
	"ours" jsonb,
	"sort_key" text NOT NULL,
	"resolution" text,
	"resolution_note" text,
	"resolved_by" uuid,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "warehouse_statement_findings_kind_valid" CHECK ("warehouse_statement_findings"."kind" in ('missing', 'unknown', 'location', 'gauge', 'matched')),
	CONSTRAINT "warehouse_statement_findings_resolution_valid" CHECK ("warehouse_statement_findings"."resolution" is null or "warehouse_statement_findings"."resolution" in ('accept-location', 'record-gauge', 'investigate'))
);
--> statement-breakpoint
CREATE TABLE "warehouse_statement_mappings" (
	"warehouse_id" uuid PRIMARY KEY NOT NULL,
	"columns" jsonb NOT NULL,
	"date_order" text NOT NULL,
	"admin_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "warehouse_statements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"file_name" text,
	"file_hash" text NOT NULL,
	"row_count" integer NOT NULL,
	"missing_count" integer NOT NULL,
	"unknown_count" integer NOT NULL,
	"location_count" integer NOT NULL,
	"gauge_count" integer NOT NULL,
	"matched_count" integer NOT NULL,
	"admin_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "warehouse_statement_findings" ADD CONSTRAINT "warehouse_statement_findings_statement_id_warehouse_statements_id_fk" FOREIGN KEY ("statement_id") REFERENCES "public"."warehouse_statements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_statement_findings" ADD CONSTRAINT "warehouse_statement_findings_resolved_by_admins_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_statement_mappings" ADD CONSTRAINT "warehouse_statement_mappings_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_statement_mappings" ADD CONSTRAINT "warehouse_statement_mappings_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_statements" ADD CONSTRAINT "warehouse_statements_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_statements" ADD CONSTRAINT "warehouse_statements_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "warehouse_statement_findings_section_idx" ON "warehouse_statement_findings" USING btree ("statement_id","kind","sort_key","id");--> statement-breakpoint
CREATE INDEX "warehouse_statements_latest_idx" ON "warehouse_statements" USING btree ("warehouse_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "warehouse_statements_created_idx" ON "warehouse_statements" USING btree ("created_at" DESC NULLS LAST);