DROP INDEX "casks_owner_idx";--> statement-breakpoint
DROP INDEX "casks_owner_listing_idx";--> statement-breakpoint
DROP INDEX "casks_regauge_due_idx";--> statement-breakpoint
DROP INDEX "casks_abv_forty_idx";--> statement-breakpoint
DROP INDEX "casks_listing_idx";--> statement-breakpoint
DROP INDEX "casks_status_idx";--> statement-breakpoint
DROP INDEX "casks_name_sort_idx";--> statement-breakpoint
DROP INDEX "casks_distillery_sort_idx";--> statement-breakpoint
DROP INDEX "casks_current_value_sort_idx";--> statement-breakpoint
DROP INDEX "casks_status_sort_idx";--> statement-breakpoint
DROP INDEX "casks_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "casks" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "casks_owner_idx" ON "casks" USING btree ("owner_id") WHERE "casks"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "casks_owner_listing_idx" ON "casks" USING btree ("owner_id","created_at","id") WHERE "casks"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "casks_regauge_due_idx" ON "casks" USING btree ("regauge_due_on","created_at","id") WHERE "casks"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "casks_abv_forty_idx" ON "casks" USING btree ("abv_forty_on","created_at","id") WHERE "casks"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "casks_listing_idx" ON "casks" USING btree ("created_at","id") WHERE "casks"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "casks_status_idx" ON "casks" USING btree ("status") WHERE "casks"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "casks_name_sort_idx" ON "casks" USING btree ("name","id") WHERE "casks"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "casks_distillery_sort_idx" ON "casks" USING btree ("distillery","id") WHERE "casks"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "casks_current_value_sort_idx" ON "casks" USING btree ("current_value","id") WHERE "casks"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "casks_status_sort_idx" ON "casks" USING btree ("status","id") WHERE "casks"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "casks_search_trgm_idx" ON "casks" USING gin ("search_text" gin_trgm_ops) WHERE "casks"."deleted_at" is null;--> statement-breakpoint
-- hand-written
-- Decision 273: a deleted cask is hidden (deleted_at), never erased, so its delete can be undone;
-- every index of casks holds the casks not deleted only, as every read asks for them. Its counters
-- (src/db/sql/031), the portfolio's months (110, 111) and the search version (022) leave a deleted
-- cask out from the next start on; no cask is deleted yet when this runs, so they are right.
-- Drizzle cannot declare INCLUDE: the listing index carries search_text again (migration 0018), so
-- a search that walks the list newest first stays index-only.
DROP INDEX "casks_listing_idx";
--> statement-breakpoint
CREATE INDEX "casks_listing_idx" ON "casks" USING btree ("created_at","id")
  INCLUDE ("search_text") WHERE "casks"."deleted_at" is null;
