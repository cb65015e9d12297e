-- What one order contributes to which counter. Revenue: the investment amounts of orders whose
-- payment is 'paid' or 'completed', in all and by the month of the order. A hidden order
-- (deleted_at, docs/decisions/151) contributes to no counter: the soft delete is an UPDATE, so
-- the statement trigger subtracts the old row's contributions and adds none for the new one.
CREATE OR REPLACE FUNCTION purchases_counter_rows(r purchases) RETURNS TABLE (name text, delta numeric)
LANGUAGE sql IMMUTABLE AS $$
  SELECT v.name, v.delta FROM (VALUES
    ('purchases.total', 1::numeric),
    ('purchases.status.' || r.status, 1::numeric),
    ('purchases.revenue',
      CASE WHEN r.manual_payment_status IN ('paid', 'completed') THEN r.investment_amount ELSE 0 END),
    -- The dashboard's 'Revenue by month' (decision 233): the same revenue by the month (UTC) the
    -- order was submitted, e.g. 'purchases.revenue.2026-03'; built from immutable functions only
    -- (a date's text would follow DateStyle), so the function stays inlinable.
    ('purchases.revenue.' || extract(year FROM r.submitted_date AT TIME ZONE 'UTC')::int::text || '-'
        || lpad(extract(month FROM r.submitted_date AT TIME ZONE 'UTC')::int::text, 2, '0'),
      CASE WHEN r.manual_payment_status IN ('paid', 'completed') THEN r.investment_amount ELSE 0 END)
  ) AS v(name, delta)
  WHERE r.deleted_at IS NULL
$$;
--> statement-breakpoint
-- Keeps the counters of purchases in the same transaction as each statement that changes its rows:
-- adds what the inserted rows contribute (purchases_counter_rows), subtracts what the deleted rows
-- did (an update is both), one counter write per statement, so bulk loads stay fast. Static SQL,
-- not EXECUTE: PL/pgSQL keeps the plan for the session (bench/plans.md). TRUNCATE recounts
-- instead (021_refresh_counters_after_truncate.sql).
CREATE OR REPLACE FUNCTION purchases_counters_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM add_to_counters(array_agg(name), array_agg(delta)) FROM (
      SELECT d.name, sum(d.delta) FROM new_rows r CROSS JOIN LATERAL purchases_counter_rows(r) d GROUP BY d.name
    ) s(name, delta);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM add_to_counters(array_agg(name), array_agg(delta)) FROM (
      SELECT d.name, -sum(d.delta) FROM old_rows r CROSS JOIN LATERAL purchases_counter_rows(r) d GROUP BY d.name
    ) s(name, delta);
  ELSE
    PERFORM add_to_counters(array_agg(name), array_agg(delta)) FROM (
      SELECT name, sum(delta) FROM (
        SELECT d.name, d.delta FROM new_rows r CROSS JOIN LATERAL purchases_counter_rows(r) d
        UNION ALL
        SELECT d.name, -d.delta FROM old_rows r CROSS JOIN LATERAL purchases_counter_rows(r) d
      ) u GROUP BY name
    ) s(name, delta);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER purchases_counters_insert AFTER INSERT ON purchases REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION purchases_counters_apply();
--> statement-breakpoint
CREATE TRIGGER purchases_counters_update AFTER UPDATE ON purchases REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION purchases_counters_apply();
--> statement-breakpoint
CREATE TRIGGER purchases_counters_delete AFTER DELETE ON purchases REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION purchases_counters_apply();
--> statement-breakpoint
-- Orders: a new, deleted or hidden order, a new name, title or status.
CREATE TRIGGER purchases_search_version
  AFTER INSERT OR DELETE OR UPDATE OF contact_full_name, title, status, deleted_at OR TRUNCATE ON purchases
  FOR EACH STATEMENT EXECUTE FUNCTION bump_counter_version('purchases.search_version');
