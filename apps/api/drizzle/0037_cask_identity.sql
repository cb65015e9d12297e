CREATE TABLE "warehouses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"city" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "casks" ADD COLUMN "cask_number" text;--> statement-breakpoint
ALTER TABLE "casks" ADD COLUMN "fill_date" date;--> statement-breakpoint
ALTER TABLE "casks" ADD COLUMN "warehouse_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "warehouses_name_unique" ON "warehouses" USING btree (lower("name"));--> statement-breakpoint
ALTER TABLE "casks" ADD CONSTRAINT "casks_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "casks_identity_unique" ON "casks" USING btree ("cask_number",lower("distillery"),"year") WHERE "casks"."deleted_at" is null and "casks"."cask_number" is not null;--> statement-breakpoint
CREATE INDEX "casks_warehouse_listing_idx" ON "casks" USING btree ("warehouse_id","created_at","id") WHERE "casks"."deleted_at" is null;--> statement-breakpoint
ALTER TABLE "casks" ADD CONSTRAINT "casks_fill_date_year" CHECK ("casks"."fill_date" is null or "casks"."year" = extract(year from "casks"."fill_date"));
--> statement-breakpoint
-- hand-written
-- Decision 400: the search also matches the cask number and the location. A generated column's
-- expression cannot be altered, so search_text is made again; dropping it drops the two indexes
-- that hold it (the trigram index and the listing index that carries it, migrations 0018 and
-- 0026), made again here as they were.
ALTER TABLE "casks" DROP COLUMN "search_text";
--> statement-breakpoint
ALTER TABLE "casks" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(name) || chr(10) || coalesce(lower(distillery), '') || chr(10) || coalesce(lower(cask_number), '') || chr(10) || coalesce(lower(location), '')) STORED NOT NULL;
--> statement-breakpoint
ALTER TABLE casks ALTER COLUMN search_text SET STATISTICS 300;
--> statement-breakpoint
CREATE INDEX "casks_search_trgm_idx" ON "casks" USING gin ("search_text" gin_trgm_ops) WHERE "casks"."deleted_at" is null;
--> statement-breakpoint
CREATE INDEX "casks_listing_idx" ON "casks" USING btree ("created_at","id")
  INCLUDE ("search_text") WHERE "casks"."deleted_at" is null;
