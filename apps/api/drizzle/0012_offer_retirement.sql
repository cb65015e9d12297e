ALTER TABLE "offers" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "offers_description_trgm_idx" ON "offers" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
-- hand-written
-- A retired offer (docs/decisions/141) is hidden: it no longer counts in Total Offers, Active
-- Offers or its type. Retiring is an UPDATE, so the statement triggers of migration 0007 subtract
-- the row's old contribution and add its new one (none) in the same transaction. No offer is
-- retired yet when this runs, so the counters are already right.
CREATE OR REPLACE FUNCTION offers_counter_rows(r offers) RETURNS TABLE (name text, delta numeric)
LANGUAGE sql IMMUTABLE AS $$
  SELECT v.name, v.delta FROM (VALUES
    ('offers.total', 1::numeric),
    ('offers.type.' || r.type, 1::numeric),
    ('offers.active', CASE WHEN r.is_active THEN 1 ELSE 0 END::numeric)
  ) AS v(name, delta)
  WHERE r.retired_at IS NULL
$$;
