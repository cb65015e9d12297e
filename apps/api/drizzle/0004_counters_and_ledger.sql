-- Custom migration (docs/decisions/002-data-model.md): exact totals without count(*) over a million
-- rows, and the reward-point ledger rules that a service must not be able to forget.

-- 1. Maintained counters --------------------------------------------------------------------------
-- Each counted table has a function listing what one row contributes to which counter. Statement
-- triggers with transition tables add the contributions of inserted rows, subtract those of deleted
-- rows (an update is both), in the same transaction as the change: one counter write a statement,
-- so bulk loads stay fast. Counters are locked in name order to avoid deadlocks between writers.
CREATE FUNCTION customers_counter_rows(r customers) RETURNS TABLE (name text, delta numeric)
LANGUAGE sql IMMUTABLE AS $$
  SELECT 'customers.total', 1::numeric WHERE r.deleted_at IS NULL
$$;
--> statement-breakpoint
CREATE FUNCTION casks_counter_rows(r casks) RETURNS TABLE (name text, delta numeric)
LANGUAGE sql IMMUTABLE AS $$
  VALUES
    ('casks.total', 1::numeric),
    ('casks.status.' || r.status, 1::numeric),
    ('casks.current_value', coalesce(r.current_value, 0)),
    ('casks.purchase_price', coalesce(r.purchase_price, 0))
$$;
--> statement-breakpoint
CREATE FUNCTION offers_counter_rows(r offers) RETURNS TABLE (name text, delta numeric)
LANGUAGE sql IMMUTABLE AS $$
  VALUES
    ('offers.total', 1::numeric),
    ('offers.type.' || r.type, 1::numeric),
    ('offers.active', CASE WHEN r.is_active THEN 1 ELSE 0 END::numeric)
$$;
--> statement-breakpoint
-- Revenue: the investment amounts of orders whose payment is 'paid' or 'completed'.
CREATE FUNCTION purchases_counter_rows(r purchases) RETURNS TABLE (name text, delta numeric)
LANGUAGE sql IMMUTABLE AS $$
  VALUES
    ('purchases.total', 1::numeric),
    ('purchases.status.' || r.status, 1::numeric),
    ('purchases.revenue',
      CASE WHEN r.manual_payment_status IN ('paid', 'completed') THEN r.investment_amount ELSE 0 END)
$$;
--> statement-breakpoint
CREATE FUNCTION referrals_counter_rows(r referrals) RETURNS TABLE (name text, delta numeric)
LANGUAGE sql IMMUTABLE AS $$
  VALUES
    ('referrals.total', 1::numeric),
    ('referrals.status.' || r.status, 1::numeric),
    ('referrals.reward_amount', r.reward_amount),
    ('referrals.reward_amount.completed',
      CASE WHEN r.status = 'completed' THEN r.reward_amount ELSE 0 END)
$$;
--> statement-breakpoint
-- TG_ARGV[0] names the table's *_counter_rows function (a constant from the CREATE TRIGGER below).
CREATE FUNCTION maintain_counters() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  source text;
BEGIN
  IF TG_OP = 'INSERT' THEN
    source := format('SELECT d.name, d.delta FROM new_rows r CROSS JOIN LATERAL %I(r) d', TG_ARGV[0]);
  ELSIF TG_OP = 'DELETE' THEN
    source := format('SELECT d.name, -d.delta FROM old_rows r CROSS JOIN LATERAL %I(r) d', TG_ARGV[0]);
  ELSE
    source := format(
      'SELECT d.name, d.delta FROM new_rows r CROSS JOIN LATERAL %1$I(r) d
       UNION ALL SELECT d.name, -d.delta FROM old_rows r CROSS JOIN LATERAL %1$I(r) d',
      TG_ARGV[0]);
  END IF;
  -- Only non-zero changes touch a counter row, so an edit that changes no total (a customer's
  -- isActive, a note) never waits on a counter lock.
  EXECUTE 'INSERT INTO counters AS c (name, value, updated_at)
    SELECT name, sum(delta), now() FROM (' || source || ') s(name, delta)
    GROUP BY name HAVING sum(delta) <> 0 ORDER BY name
    ON CONFLICT (name) DO UPDATE SET value = c.value + excluded.value, updated_at = now()';
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Recomputes every counter from the tables: after TRUNCATE, or a bulk load with triggers disabled.
CREATE FUNCTION refresh_counters() RETURNS void LANGUAGE sql AS $$
  DELETE FROM counters;
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
CREATE FUNCTION refresh_counters_after_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_counters();
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER customers_counters_insert AFTER INSERT ON customers REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION maintain_counters('customers_counter_rows');
--> statement-breakpoint
CREATE TRIGGER customers_counters_update AFTER UPDATE ON customers
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION maintain_counters('customers_counter_rows');
--> statement-breakpoint
CREATE TRIGGER customers_counters_delete AFTER DELETE ON customers REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION maintain_counters('customers_counter_rows');
--> statement-breakpoint
CREATE TRIGGER customers_counters_truncate AFTER TRUNCATE ON customers
  FOR EACH STATEMENT EXECUTE FUNCTION refresh_counters_after_truncate();
--> statement-breakpoint
CREATE TRIGGER casks_counters_insert AFTER INSERT ON casks REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION maintain_counters('casks_counter_rows');
--> statement-breakpoint
CREATE TRIGGER casks_counters_update AFTER UPDATE ON casks
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION maintain_counters('casks_counter_rows');
--> statement-breakpoint
CREATE TRIGGER casks_counters_delete AFTER DELETE ON casks REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION maintain_counters('casks_counter_rows');
--> statement-breakpoint
CREATE TRIGGER casks_counters_truncate AFTER TRUNCATE ON casks
  FOR EACH STATEMENT EXECUTE FUNCTION refresh_counters_after_truncate();
--> statement-breakpoint
CREATE TRIGGER offers_counters_insert AFTER INSERT ON offers REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION maintain_counters('offers_counter_rows');
--> statement-breakpoint
CREATE TRIGGER offers_counters_update AFTER UPDATE ON offers
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION maintain_counters('offers_counter_rows');
--> statement-breakpoint
CREATE TRIGGER offers_counters_delete AFTER DELETE ON offers REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION maintain_counters('offers_counter_rows');
--> statement-breakpoint
CREATE TRIGGER offers_counters_truncate AFTER TRUNCATE ON offers
  FOR EACH STATEMENT EXECUTE FUNCTION refresh_counters_after_truncate();
--> statement-breakpoint
CREATE TRIGGER purchases_counters_insert AFTER INSERT ON purchases REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION maintain_counters('purchases_counter_rows');
--> statement-breakpoint
CREATE TRIGGER purchases_counters_update AFTER UPDATE ON purchases
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION maintain_counters('purchases_counter_rows');
--> statement-breakpoint
CREATE TRIGGER purchases_counters_delete AFTER DELETE ON purchases REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION maintain_counters('purchases_counter_rows');
--> statement-breakpoint
CREATE TRIGGER purchases_counters_truncate AFTER TRUNCATE ON purchases
  FOR EACH STATEMENT EXECUTE FUNCTION refresh_counters_after_truncate();
--> statement-breakpoint
CREATE TRIGGER referrals_counters_insert AFTER INSERT ON referrals REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION maintain_counters('referrals_counter_rows');
--> statement-breakpoint
CREATE TRIGGER referrals_counters_update AFTER UPDATE ON referrals
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION maintain_counters('referrals_counter_rows');
--> statement-breakpoint
CREATE TRIGGER referrals_counters_delete AFTER DELETE ON referrals REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION maintain_counters('referrals_counter_rows');
--> statement-breakpoint
CREATE TRIGGER referrals_counters_truncate AFTER TRUNCATE ON referrals
  FOR EACH STATEMENT EXECUTE FUNCTION refresh_counters_after_truncate();
--> statement-breakpoint

-- 2. The reward-point ledger (docs/architecture.md#data-model) -------------------------------
-- The balance is derived from the ledger by the database itself, in the same transaction as the
-- insert; customers.points_balance >= 0 (a CHECK) then refuses any overdraw, whoever inserts.
CREATE FUNCTION apply_point_transactions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE customers AS c
  SET points_balance = c.points_balance + d.delta
  FROM (SELECT customer_id, sum(points) AS delta FROM new_rows GROUP BY customer_id) AS d
  WHERE c.id = d.customer_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER point_transactions_apply AFTER INSERT ON point_transactions
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION apply_point_transactions();
--> statement-breakpoint
CREATE FUNCTION reset_point_balances() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE customers SET points_balance = 0 WHERE points_balance <> 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER point_transactions_truncate AFTER TRUNCATE ON point_transactions
  FOR EACH STATEMENT EXECUTE FUNCTION reset_point_balances();
--> statement-breakpoint
-- Append-only: a correction is a new entry, never an edit. TRUNCATE (resetting a whole database)
-- stays possible and zeroes the balances through the trigger above.
CREATE FUNCTION refuse_ledger_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'point_transactions is append-only: % is not allowed', TG_OP
    USING ERRCODE = 'restrict_violation';
END
$$;
--> statement-breakpoint
CREATE TRIGGER point_transactions_append_only BEFORE UPDATE OR DELETE ON point_transactions
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_ledger_change();
--> statement-breakpoint
SELECT refresh_counters();
