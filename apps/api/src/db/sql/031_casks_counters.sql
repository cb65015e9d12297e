-- What one cask contributes to which counter: the total, its status, the sums of the current
-- values and purchase prices (null counts as 0), and the total gain: current value - purchase
-- price where both are known (docs/decisions/146; a cask missing either adds 0). A deleted cask
-- (deleted_at, docs/decisions/273) counts nowhere: the soft delete and its undo are UPDATEs, so
-- the statement trigger subtracts the row's old contributions and adds its new ones.
CREATE OR REPLACE FUNCTION casks_counter_rows(r casks) RETURNS TABLE (name text, delta numeric)
LANGUAGE sql IMMUTABLE AS $$
  SELECT v.name, v.delta FROM (VALUES
    ('casks.total', 1::numeric),
    ('casks.status.' || r.status, 1::numeric),
    ('casks.current_value', coalesce(r.current_value, 0)),
    ('casks.purchase_price', coalesce(r.purchase_price, 0)),
    ('casks.gain', coalesce(r.current_value - r.purchase_price, 0))
  ) AS v(name, delta)
  WHERE r.deleted_at IS NULL
$$;
--> statement-breakpoint
-- Keeps the counters of casks in the same transaction as each statement that changes its rows:
-- adds what the inserted rows contribute (casks_counter_rows), subtracts what the deleted rows
-- did (an update is both), one counter write per statement, so bulk loads stay fast. Static SQL,
-- not EXECUTE: PL/pgSQL keeps the plan for the session (bench/plans.md). TRUNCATE recounts
-- instead (021_refresh_counters_after_truncate.sql).
CREATE OR REPLACE FUNCTION casks_counters_apply() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE TRIGGER casks_counters_insert AFTER INSERT ON casks REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION casks_counters_apply();
--> statement-breakpoint
CREATE TRIGGER casks_counters_update AFTER UPDATE ON casks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION casks_counters_apply();
--> statement-breakpoint
CREATE TRIGGER casks_counters_delete AFTER DELETE ON casks REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION casks_counters_apply();
--> statement-breakpoint
-- Casks: name, distillery, rows added, removed, deleted or restored (deleted_at, decision 273);
-- a status or notes change does not move it.
CREATE TRIGGER casks_search_version
  AFTER INSERT OR DELETE OR UPDATE OF name, distillery, deleted_at OR TRUNCATE ON casks
  FOR EACH STATEMENT EXECUTE FUNCTION bump_counter_version('casks.search_version');
--> statement-breakpoint
-- Casks, for the Cask List's gauge alert filters (issue 30): any change, since a year, a gauge
-- day or an owner may change a filter's or a customer page's count (decision 230).
CREATE TRIGGER casks_alert_search_version
  AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON casks
  FOR EACH STATEMENT EXECUTE FUNCTION bump_counter_version('casks.alert.search_version');
