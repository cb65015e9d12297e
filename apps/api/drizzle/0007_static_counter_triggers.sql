-- Custom migration: the counter triggers of 0004 with static SQL instead of EXECUTE.
-- PL/pgSQL caches the plan of a static statement for the session, while EXECUTE plans its text on
-- every call: on a one-row UPDATE of a customer that was ~0.8 ms of trigger time against ~0.25 ms
-- (bench/plans.md). What each row contributes is unchanged (the *_counter_rows functions).

-- Adds per-name deltas (already summed) to the counters, in name order (no deadlocks between
-- writers), skipping zeros so an edit that changes no total takes no counter lock.
CREATE FUNCTION add_to_counters(names text[], deltas numeric[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO counters AS c (name, value, updated_at)
  SELECT d.name, d.delta, now() FROM unnest(names, deltas) AS d(name, delta)
  WHERE d.delta <> 0 ORDER BY d.name
  ON CONFLICT (name) DO UPDATE SET value = c.value + excluded.value, updated_at = now();
END
$$;
--> statement-breakpoint
CREATE FUNCTION customers_counters_apply() RETURNS trigger LANGUAGE plpgsql AS $$
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
DROP TRIGGER customers_counters_insert ON customers;
--> statement-breakpoint
CREATE TRIGGER customers_counters_insert AFTER INSERT ON customers REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION customers_counters_apply();
--> statement-breakpoint
DROP TRIGGER customers_counters_update ON customers;
--> statement-breakpoint
CREATE TRIGGER customers_counters_update AFTER UPDATE ON customers REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION customers_counters_apply();
--> statement-breakpoint
DROP TRIGGER customers_counters_delete ON customers;
--> statement-breakpoint
CREATE TRIGGER customers_counters_delete AFTER DELETE ON customers REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION customers_counters_apply();
--> statement-breakpoint
CREATE FUNCTION casks_counters_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM add_to_counters(array_agg(name), array_agg(delta)) FROM (
      SELECT d.name, sum(d.delta) FROM new_rows r CROSS JOIN LATERAL casks_counter_rows(r) d GROUP BY d.name
    ) s(name, delta);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM add_to_counters(array_agg(name), array_agg(delta)) FROM (
      SELECT d.name, -sum(d.delta) FROM old_rows r CROSS JOIN LATERAL casks_counter_rows(r) d GROUP BY d.name
    ) s(name, delta);
  ELSE
    PERFORM add_to_counters(array_agg(name), array_agg(delta)) FROM (
      SELECT name, sum(delta) FROM (
        SELECT d.name, d.delta FROM new_rows r CROSS JOIN LATERAL casks_counter_rows(r) d
        UNION ALL
        SELECT d.name, -d.delta FROM old_rows r CROSS JOIN LATERAL casks_counter_rows(r) d
      ) u GROUP BY name
    ) s(name, delta);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER casks_counters_insert ON casks;
--> statement-breakpoint
CREATE TRIGGER casks_counters_insert AFTER INSERT ON casks REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION casks_counters_apply();
--> statement-breakpoint
DROP TRIGGER casks_counters_update ON casks;
--> statement-breakpoint
CREATE TRIGGER casks_counters_update AFTER UPDATE ON casks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION casks_counters_apply();
--> statement-breakpoint
DROP TRIGGER casks_counters_delete ON casks;
--> statement-breakpoint
CREATE TRIGGER casks_counters_delete AFTER DELETE ON casks REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION casks_counters_apply();
--> statement-breakpoint
CREATE FUNCTION offers_counters_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM add_to_counters(array_agg(name), array_agg(delta)) FROM (
      SELECT d.name, sum(d.delta) FROM new_rows r CROSS JOIN LATERAL offers_counter_rows(r) d GROUP BY d.name
    ) s(name, delta);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM add_to_counters(array_agg(name), array_agg(delta)) FROM (
      SELECT d.name, -sum(d.delta) FROM old_rows r CROSS JOIN LATERAL offers_counter_rows(r) d GROUP BY d.name
    ) s(name, delta);
  ELSE
    PERFORM add_to_counters(array_agg(name), array_agg(delta)) FROM (
      SELECT name, sum(delta) FROM (
        SELECT d.name, d.delta FROM new_rows r CROSS JOIN LATERAL offers_counter_rows(r) d
        UNION ALL
        SELECT d.name, -d.delta FROM old_rows r CROSS JOIN LATERAL offers_counter_rows(r) d
      ) u GROUP BY name
    ) s(name, delta);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER offers_counters_insert ON offers;
--> statement-breakpoint
CREATE TRIGGER offers_counters_insert AFTER INSERT ON offers REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION offers_counters_apply();
--> statement-breakpoint
DROP TRIGGER offers_counters_update ON offers;
--> statement-breakpoint
CREATE TRIGGER offers_counters_update AFTER UPDATE ON offers REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION offers_counters_apply();
--> statement-breakpoint
DROP TRIGGER offers_counters_delete ON offers;
--> statement-breakpoint
CREATE TRIGGER offers_counters_delete AFTER DELETE ON offers REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION offers_counters_apply();
--> statement-breakpoint
CREATE FUNCTION purchases_counters_apply() RETURNS trigger LANGUAGE plpgsql AS $$
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
DROP TRIGGER purchases_counters_insert ON purchases;
--> statement-breakpoint
CREATE TRIGGER purchases_counters_insert AFTER INSERT ON purchases REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION purchases_counters_apply();
--> statement-breakpoint
DROP TRIGGER purchases_counters_update ON purchases;
--> statement-breakpoint
CREATE TRIGGER purchases_counters_update AFTER UPDATE ON purchases REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION purchases_counters_apply();
--> statement-breakpoint
DROP TRIGGER purchases_counters_delete ON purchases;
--> statement-breakpoint
CREATE TRIGGER purchases_counters_delete AFTER DELETE ON purchases REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION purchases_counters_apply();
--> statement-breakpoint
CREATE FUNCTION referrals_counters_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM add_to_counters(array_agg(name), array_agg(delta)) FROM (
      SELECT d.name, sum(d.delta) FROM new_rows r CROSS JOIN LATERAL referrals_counter_rows(r) d GROUP BY d.name
    ) s(name, delta);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM add_to_counters(array_agg(name), array_agg(delta)) FROM (
      SELECT d.name, -sum(d.delta) FROM old_rows r CROSS JOIN LATERAL referrals_counter_rows(r) d GROUP BY d.name
    ) s(name, delta);
  ELSE
    PERFORM add_to_counters(array_agg(name), array_agg(delta)) FROM (
      SELECT name, sum(delta) FROM (
        SELECT d.name, d.delta FROM new_rows r CROSS JOIN LATERAL referrals_counter_rows(r) d
        UNION ALL
        SELECT d.name, -d.delta FROM old_rows r CROSS JOIN LATERAL referrals_counter_rows(r) d
      ) u GROUP BY name
    ) s(name, delta);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER referrals_counters_insert ON referrals;
--> statement-breakpoint
CREATE TRIGGER referrals_counters_insert AFTER INSERT ON referrals REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION referrals_counters_apply();
--> statement-breakpoint
DROP TRIGGER referrals_counters_update ON referrals;
--> statement-breakpoint
CREATE TRIGGER referrals_counters_update AFTER UPDATE ON referrals REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION referrals_counters_apply();
--> statement-breakpoint
DROP TRIGGER referrals_counters_delete ON referrals;
--> statement-breakpoint
CREATE TRIGGER referrals_counters_delete AFTER DELETE ON referrals REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION referrals_counters_apply();
--> statement-breakpoint
DROP FUNCTION maintain_counters();
--> statement-breakpoint
SELECT refresh_counters();
