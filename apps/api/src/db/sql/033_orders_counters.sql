-- What one order contributes to which counter. Revenue: the investment amounts of orders whose
-- payment is 'paid' or 'completed', in all and by the month of the order. A hidden order
-- (deleted_at, docs/decisions/151) contributes to no counter: the soft delete is an UPDATE, so
-- the statement trigger subtracts the old row's contributions and adds none for the new one.
CREATE OR REPLACE FUNCTION orders_counter_rows(r orders) RETURNS TABLE (name text, delta numeric)
LANGUAGE sql IMMUTABLE AS $$
  SELECT v.name, v.delta FROM (VALUES
    ('orders.total', 1::numeric),
    ('orders.status.' || r.status, 1::numeric),
    ('orders.revenue',
      CASE WHEN r.manual_payment_status IN ('paid', 'completed') THEN r.investment_amount ELSE 0 END),
    -- The dashboard's 'Revenue by month' (decision 233): the same revenue by the month (UTC) the
    -- order was submitted, e.g. 'orders.revenue.2026-03'; built from immutable functions only
    -- (a date's text would follow DateStyle), so the function stays inlinable.
    ('orders.revenue.' || extract(year FROM r.submitted_date AT TIME ZONE 'UTC')::int::text || '-'
        || lpad(extract(month FROM r.submitted_date AT TIME ZONE 'UTC')::int::text, 2, '0'),
      CASE WHEN r.manual_payment_status IN ('paid', 'completed') THEN r.investment_amount ELSE 0 END)
  ) AS v(name, delta)
  WHERE r.deleted_at IS NULL
$$;
--> statement-breakpoint
-- Keeps the counters of orders in the same transaction as each statement that changes its rows:
-- adds what the inserted rows contribute (orders_counter_rows), subtracts what the deleted rows
-- did (an update is both), one counter write per statement, so bulk loads stay fast. Static SQL,
-- not EXECUTE: PL/pgSQL keeps the plan for the session (bench/plans.md). TRUNCATE recounts
-- instead (its trigger below, on 021_refresh_counters_after_truncate.sql).
CREATE OR REPLACE FUNCTION orders_counters_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM add_to_counters(array_agg(name), array_agg(delta)) FROM (
      SELECT d.name, sum(d.delta) FROM new_rows r CROSS JOIN LATERAL orders_counter_rows(r) d GROUP BY d.name
    ) s(name, delta);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM add_to_counters(array_agg(name), array_agg(delta)) FROM (
      SELECT d.name, -sum(d.delta) FROM old_rows r CROSS JOIN LATERAL orders_counter_rows(r) d GROUP BY d.name
    ) s(name, delta);
  ELSE
    PERFORM add_to_counters(array_agg(name), array_agg(delta)) FROM (
      SELECT name, sum(delta) FROM (
        SELECT d.name, d.delta FROM new_rows r CROSS JOIN LATERAL orders_counter_rows(r) d
        UNION ALL
        SELECT d.name, -d.delta FROM old_rows r CROSS JOIN LATERAL orders_counter_rows(r) d
      ) u GROUP BY name
    ) s(name, delta);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER orders_counters_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION orders_counters_apply();
--> statement-breakpoint
CREATE TRIGGER orders_counters_update AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION orders_counters_apply();
--> statement-breakpoint
CREATE TRIGGER orders_counters_delete AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION orders_counters_apply();
--> statement-breakpoint
-- Orders: a new, deleted or hidden order, a new name, title or status.
CREATE TRIGGER orders_search_version
  AFTER INSERT OR DELETE OR UPDATE OF contact_full_name, title, status, deleted_at OR TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION bump_counter_version('orders.search_version');
--> statement-breakpoint
CREATE TRIGGER orders_counters_truncate AFTER TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION refresh_counters_after_truncate();
