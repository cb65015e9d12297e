-- What one customer contributes to which counter (docs/decisions/002-data-model.md): a deleted
-- customer counts nowhere. customers_counters_apply (statement triggers) and refresh_counters
-- (a full recount) both sum these rows, so a counter rule is changed here and nowhere else.
CREATE OR REPLACE FUNCTION customers_counter_rows(r customers) RETURNS TABLE (name text, delta numeric)
LANGUAGE sql IMMUTABLE AS $$
  SELECT 'customers.total', 1::numeric WHERE r.deleted_at IS NULL
$$;
--> statement-breakpoint
-- Keeps the counters of customers in the same transaction as each statement that changes its rows:
-- adds what the inserted rows contribute (customers_counter_rows), subtracts what the deleted rows
-- did (an update is both), one counter write per statement, so bulk loads stay fast. Static SQL,
-- not EXECUTE: PL/pgSQL keeps the plan for the session (bench/plans.md). TRUNCATE recounts
-- instead (its trigger below, on 021_refresh_counters_after_truncate.sql).
CREATE OR REPLACE FUNCTION customers_counters_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM add_to_counters(array_agg(name), array_agg(delta)) FROM (
      SELECT d.name, sum(d.delta) FROM new_rows r CROSS JOIN LATERAL customers_counter_rows(r) d GROUP BY d.name
    ) s(name, delta);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM add_to_counters(array_agg(name), array_agg(delta)) FROM (
      SELECT d.name, -sum(d.delta) FROM old_rows r CROSS JOIN LATERAL customers_counter_rows(r) d GROUP BY d.name
    ) s(name, delta);
  ELSE
    PERFORM add_to_counters(array_agg(name), array_agg(delta)) FROM (
      SELECT name, sum(delta) FROM (
        SELECT d.name, d.delta FROM new_rows r CROSS JOIN LATERAL customers_counter_rows(r) d
        UNION ALL
        SELECT d.name, -d.delta FROM old_rows r CROSS JOIN LATERAL customers_counter_rows(r) d
      ) u GROUP BY name
    ) s(name, delta);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER customers_counters_insert AFTER INSERT ON customers REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION customers_counters_apply();
--> statement-breakpoint
CREATE TRIGGER customers_counters_update AFTER UPDATE ON customers REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION customers_counters_apply();
--> statement-breakpoint
CREATE TRIGGER customers_counters_delete AFTER DELETE ON customers REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION customers_counters_apply();
--> statement-breakpoint
-- Customers: a new or deleted customer, a new name or e-mail; an edit of isActive or a point
-- adjustment does not move it.
CREATE TRIGGER customers_search_version
  AFTER INSERT OR DELETE OR UPDATE OF full_name, email, deleted_at OR TRUNCATE ON customers
  FOR EACH STATEMENT EXECUTE FUNCTION bump_counter_version('customers.search_version');
--> statement-breakpoint
CREATE TRIGGER customers_counters_truncate AFTER TRUNCATE ON customers
  FOR EACH STATEMENT EXECUTE FUNCTION refresh_counters_after_truncate();
