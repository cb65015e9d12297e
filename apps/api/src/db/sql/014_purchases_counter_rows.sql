-- What one order contributes to which counter. Revenue: the investment amounts of orders whose
-- payment is 'paid' or 'completed'. A hidden order (deleted_at, docs/decisions/151) contributes to
-- no counter: the soft delete is an UPDATE, so the statement trigger subtracts the old row's
-- contributions and adds none for the new one.
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
