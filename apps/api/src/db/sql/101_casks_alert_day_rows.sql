-- The rows of cask_alert_days one cask counts in (decision 386): its regauge_due_on as a
-- 'regauge_due' day and its abv_forty_on as an 'abv_forty' day (100_cask_refresh_gauge_alerts.sql
-- and the generated column), one each; none for a day it lacks, none at all once deleted
-- (deleted_at, decision 273), as the dashboard's counts leave deleted casks out. Summed by
-- casks_counters_apply() (031_casks_counters.sql) with each statement, and by
-- rebuild_cask_alert_days() (102) over every cask.
--
-- Each day counts three times (decision 394): as the day, and as its month and its year (kinds
-- `<kind>_month` and `<kind>_year`, the day the first of the month or year; date_trunc over a
-- timestamp without time zone, which is immutable), so the dashboard reads the past years, this
-- year's months and this month's days: about 80 rows, not one a day since the first cask.
CREATE OR REPLACE FUNCTION casks_alert_day_rows(r casks) RETURNS TABLE (kind text, day date)
LANGUAGE sql IMMUTABLE AS $$
  SELECT v.kind || s.span, date_trunc(s.unit, v.day::timestamp)::date FROM (VALUES
    ('regauge_due', r.regauge_due_on),
    ('abv_forty', r.abv_forty_on)
  ) AS v(kind, day)
  CROSS JOIN (VALUES ('', 'day'), ('_month', 'month'), ('_year', 'year')) AS s(span, unit)
  WHERE r.deleted_at IS NULL AND v.day IS NOT NULL
$$;
