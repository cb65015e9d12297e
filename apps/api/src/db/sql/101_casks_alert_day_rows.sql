-- The rows of cask_alert_days one cask counts in (decision 386): its regauge_due_on as a
-- 'regauge_due' day and its abv_forty_on as an 'abv_forty' day (100_cask_refresh_gauge_alerts.sql
-- and the generated column), one each; none for a day it lacks, none at all once deleted
-- (deleted_at, decision 273), as the dashboard's counts leave deleted casks out. Summed by
-- casks_counters_apply() (031_casks_counters.sql) with each statement, and by
-- rebuild_cask_alert_days() (102) over every cask.
CREATE OR REPLACE FUNCTION casks_alert_day_rows(r casks) RETURNS TABLE (kind text, day date)
LANGUAGE sql IMMUTABLE AS $$
  SELECT v.kind, v.day FROM (VALUES
    ('regauge_due', r.regauge_due_on),
    ('abv_forty', r.abv_forty_on)
  ) AS v(kind, day)
  WHERE r.deleted_at IS NULL AND v.day IS NOT NULL
$$;
