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
