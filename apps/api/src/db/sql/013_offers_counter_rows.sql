-- What one offer contributes to which counter. A retired offer (docs/decisions/141) is hidden: it
-- counts in neither Total Offers, Active Offers nor its type. Retiring is an UPDATE, so the
-- statement trigger subtracts the row's old contribution and adds its new one (none).
CREATE OR REPLACE FUNCTION offers_counter_rows(r offers) RETURNS TABLE (name text, delta numeric)
LANGUAGE sql IMMUTABLE AS $$
  SELECT v.name, v.delta FROM (VALUES
    ('offers.total', 1::numeric),
    ('offers.type.' || r.type, 1::numeric),
    ('offers.active', CASE WHEN r.is_active THEN 1 ELSE 0 END::numeric)
  ) AS v(name, delta)
  WHERE r.retired_at IS NULL
$$;
