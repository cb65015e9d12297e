DROP INDEX "purchases_customer_idx";--> statement-breakpoint
DROP INDEX "purchases_listing_idx";--> statement-breakpoint
DROP INDEX "purchases_status_idx";--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "purchases_contact_name_trgm_idx" ON "purchases" USING gin ("contact_full_name" gin_trgm_ops) WHERE "purchases"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "purchases_title_trgm_idx" ON "purchases" USING gin ("title" gin_trgm_ops) WHERE "purchases"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "purchases_customer_idx" ON "purchases" USING btree ("customer_id","status","investment_amount") WHERE "purchases"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "purchases_listing_idx" ON "purchases" USING btree ("created_at","id") WHERE "purchases"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "purchases_status_idx" ON "purchases" USING btree ("status","created_at","id") WHERE "purchases"."deleted_at" is null;--> statement-breakpoint
-- hand-written
-- Decision 151: a deleted order is hidden (deleted_at), never erased. A hidden order contributes to
-- no counter: the soft delete is an UPDATE, so the statement trigger subtracts the old row's
-- contributions and adds none for the new one; refresh_counters() skips hidden rows as well.
CREATE OR REPLACE FUNCTION purchases_counter_rows(r purchases) RETURNS TABLE (name text, delta numeric)
LANGUAGE sql IMMUTABLE AS $$
  SELECT v.name, v.delta FROM (VALUES
    ('purchases.total', 1::numeric),
    ('purchases.status.' || r.status, 1::numeric),
    ('purchases.revenue',
      CASE WHEN r.manual_payment_status IN ('paid', 'completed') THEN r.investment_amount ELSE 0 END)
  ) AS v(name, delta)
  WHERE r.deleted_at IS NULL
$$;
--> statement-breakpoint
-- Decision 152: ILIKE '%term%' is estimated against the histogram only when it has more than 101
-- entries (see migration 0006), so the Orders search gets the statistics the customer search has.
ALTER TABLE purchases ALTER COLUMN contact_full_name SET STATISTICS 300;
--> statement-breakpoint
ALTER TABLE purchases ALTER COLUMN title SET STATISTICS 300;
--> statement-breakpoint
ANALYZE purchases;
--> statement-breakpoint
-- Decision 152: the version of the searchable order data, bumped in the same transaction as every
-- change that can change an Orders search count (a new, deleted or hidden order, a new name, title
-- or status). The API keeps a search's exact count for the version it was counted at.
CREATE TRIGGER purchases_search_version
  AFTER INSERT OR DELETE OR UPDATE OF contact_full_name, title, status, deleted_at OR TRUNCATE ON purchases
  FOR EACH STATEMENT EXECUTE FUNCTION bump_counter_version('purchases.search_version');
--> statement-breakpoint
-- refresh_counters() (after a bulk load with triggers off) bumps this version too, as it does the
-- customers' one (migration 0006), so no count cached before the load is read after it.
CREATE OR REPLACE FUNCTION refresh_counters() RETURNS void LANGUAGE sql AS $$
  DELETE FROM counters WHERE name NOT LIKE '%.search_version';
  INSERT INTO counters AS c (name, value)
  VALUES ('customers.search_version', 1), ('purchases.search_version', 1)
  ON CONFLICT (name) DO UPDATE SET value = c.value + 1, updated_at = now();
  INSERT INTO counters (name, value)
  SELECT name, sum(delta) FROM (
    SELECT d.name, d.delta FROM customers r CROSS JOIN LATERAL customers_counter_rows(r) d
    UNION ALL SELECT d.name, d.delta FROM casks r CROSS JOIN LATERAL casks_counter_rows(r) d
    UNION ALL SELECT d.name, d.delta FROM offers r CROSS JOIN LATERAL offers_counter_rows(r) d
    UNION ALL SELECT d.name, d.delta FROM purchases r CROSS JOIN LATERAL purchases_counter_rows(r) d
    UNION ALL SELECT d.name, d.delta FROM referrals r CROSS JOIN LATERAL referrals_counter_rows(r) d
  ) s
  GROUP BY name HAVING sum(delta) <> 0;
$$;
--> statement-breakpoint
-- Decision 152: the Orders list walks these indexes newest first, testing the search on each entry
-- until the page is full; with the searched columns included, the walk never reads the table
-- (index-only, about 14 pages instead of 900 for a 2% term at 250,000 orders). Drizzle cannot
-- declare INCLUDE, so the schema keeps the key columns and the definitions are replaced here.
DROP INDEX "purchases_listing_idx";
--> statement-breakpoint
CREATE INDEX "purchases_listing_idx" ON "purchases" USING btree ("created_at","id")
  INCLUDE ("contact_full_name","title") WHERE "purchases"."deleted_at" is null;
--> statement-breakpoint
DROP INDEX "purchases_status_idx";
--> statement-breakpoint
CREATE INDEX "purchases_status_idx" ON "purchases" USING btree ("status","created_at","id")
  INCLUDE ("contact_full_name","title") WHERE "purchases"."deleted_at" is null;
