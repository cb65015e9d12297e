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
-- instead (its trigger below, on 021_refresh_counters_after_truncate.sql).
--
-- The dashboard's gauge alert counts are kept the same way in a table of their own (decision
-- 386): cask_alert_days gets, for each (kind, day), how many rows of casks_alert_day_rows
-- (101_casks_alert_day_rows.sql) the statement added less those it removed, after the counters
-- (one lock order for every writer), in (kind, day) order; a day left with no cask is deleted, so
-- the table stays what rebuild_cask_alert_days() (102) makes. An edit that moves no alert day
-- writes nothing there.
CREATE OR REPLACE FUNCTION casks_counters_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  kinds text[];
  days date[];
  deltas int[];
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

  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(kind ORDER BY kind, day), array_agg(day ORDER BY kind, day),
           array_agg(delta ORDER BY kind, day)
      INTO kinds, days, deltas FROM (
      SELECT d.kind, d.day, count(*)::int FROM new_rows r CROSS JOIN LATERAL casks_alert_day_rows(r) d
      GROUP BY d.kind, d.day
    ) s(kind, day, delta);
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(kind ORDER BY kind, day), array_agg(day ORDER BY kind, day),
           array_agg(delta ORDER BY kind, day)
      INTO kinds, days, deltas FROM (
      SELECT d.kind, d.day, -count(*)::int FROM old_rows r CROSS JOIN LATERAL casks_alert_day_rows(r) d
      GROUP BY d.kind, d.day
    ) s(kind, day, delta);
  ELSE
    SELECT array_agg(kind ORDER BY kind, day), array_agg(day ORDER BY kind, day),
           array_agg(delta ORDER BY kind, day)
      INTO kinds, days, deltas FROM (
      SELECT kind, day, sum(delta)::int FROM (
        SELECT d.kind, d.day, 1 FROM new_rows r CROSS JOIN LATERAL casks_alert_day_rows(r) d
        UNION ALL
        SELECT d.kind, d.day, -1 FROM old_rows r CROSS JOIN LATERAL casks_alert_day_rows(r) d
      ) u(kind, day, delta) GROUP BY kind, day HAVING sum(delta) <> 0
    ) s(kind, day, delta);
  END IF;
  IF kinds IS NOT NULL THEN
    WITH changed AS (
      INSERT INTO cask_alert_days AS a (kind, day, casks)
      SELECT c.kind, c.day, c.delta FROM unnest(kinds, days, deltas) AS c(kind, day, delta)
      ORDER BY c.kind, c.day
      ON CONFLICT (kind, day) DO UPDATE SET casks = a.casks + excluded.casks
      RETURNING a.kind, a.day, a.casks
    )
    SELECT array_agg(kind), array_agg(day) INTO kinds, days FROM changed WHERE casks = 0;
    IF kinds IS NOT NULL THEN
      DELETE FROM cask_alert_days a USING unnest(kinds, days) AS e(kind, day)
      WHERE a.kind = e.kind AND a.day = e.day AND a.casks = 0;
    END IF;
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
-- Casks: what a search matches (name, distillery, cask number, location: decision 400), the
-- warehouse a filter matches, rows added, removed, deleted or restored (deleted_at, decision 273);
-- a status or notes change does not move it.
CREATE TRIGGER casks_search_version
  AFTER INSERT OR DELETE OR UPDATE OF name, distillery, cask_number, location, warehouse_id, deleted_at
  OR TRUNCATE ON casks
  FOR EACH STATEMENT EXECUTE FUNCTION bump_counter_version('casks.search_version');
--> statement-breakpoint
-- Casks, for the Cask List's gauge alert filters (issue 30): any change, since a year, a gauge
-- day or an owner may change a filter's or a customer page's count (decision 230).
CREATE TRIGGER casks_alert_search_version
  AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON casks
  FOR EACH STATEMENT EXECUTE FUNCTION bump_counter_version('casks.alert.search_version');
--> statement-breakpoint
CREATE TRIGGER casks_counters_truncate AFTER TRUNCATE ON casks
  FOR EACH STATEMENT EXECUTE FUNCTION refresh_counters_after_truncate();
