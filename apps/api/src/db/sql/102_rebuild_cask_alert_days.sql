-- Rewrites cask_alert_days from the casks (decision 386): each kind's casks by day, the rows of
-- casks_alert_day_rows (101) summed over every cask, as casks_counters_apply()
-- (031_casks_counters.sql) adds and subtracts them with each statement; a day no cask has is no
-- row. Run by refresh_counters() (020), so the recount after a bulk load and the one after a
-- TRUNCATE of casks (021) rebuild it too, and once by migration 0034 (its copy of this statement;
-- 0035 added the month and year rows, decision 394).
CREATE OR REPLACE FUNCTION rebuild_cask_alert_days() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM cask_alert_days;
  INSERT INTO cask_alert_days (kind, day, casks)
  SELECT d.kind, d.day, count(*)::int
  FROM casks c CROSS JOIN LATERAL casks_alert_day_rows(c) d
  GROUP BY d.kind, d.day;
END
$$;
