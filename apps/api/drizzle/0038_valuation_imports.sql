CREATE TABLE "valuation_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_hash" text NOT NULL,
	"file_name" text,
	"admin_id" uuid,
	"rows" integer NOT NULL,
	"recorded" integer NOT NULL,
	"already_recorded" integer NOT NULL,
	"refused" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cask_valuations" ADD COLUMN "import_id" uuid;--> statement-breakpoint
ALTER TABLE "valuation_imports" ADD CONSTRAINT "valuation_imports_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "valuation_imports_file_hash_idx" ON "valuation_imports" USING btree ("file_hash","created_at");--> statement-breakpoint
ALTER TABLE "cask_valuations" ADD CONSTRAINT "cask_valuations_import_id_valuation_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."valuation_imports"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cask_valuations_import_row_unique" ON "cask_valuations" USING btree ("cask_id","valued_on","value","source") WHERE "cask_valuations"."import_id" is not null;