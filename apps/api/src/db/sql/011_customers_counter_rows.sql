-- What one customer contributes to which counter (docs/decisions/002-data-model.md): a deleted
-- customer counts nowhere. customers_counters_apply (statement triggers) and refresh_counters
-- (a full recount) both sum these rows, so a counter rule is changed here and nowhere else.
CREATE OR REPLACE FUNCTION customers_counter_rows(r customers) RETURNS TABLE (name text, delta numeric)
LANGUAGE sql IMMUTABLE AS $$
  SELECT 'customers.total', 1::numeric WHERE r.deleted_at IS NULL
$$;
