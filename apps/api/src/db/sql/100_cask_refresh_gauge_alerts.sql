-- Writes the gauge alert days of casks from all their regauges (decision 230): the day of the
-- latest gauge (casks.regauge_due_on follows from it and the year, a generated column) and the
-- day the least-squares line of their ABV over the days crosses 40% (null with fewer than two
-- gauge days, a trend that does not fall, or a crossing more than 200 years away). `cask_ids`
-- null: every cask that has gauges, in one statement (the seeds, after their gauge histories).
-- Called in the same transaction as every regauge the API records. PL/pgSQL, so the file
-- applies on a database whose casks have no such columns yet.
CREATE OR REPLACE FUNCTION cask_refresh_gauge_alerts(cask_ids uuid[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE casks c
  SET last_gauged_on = s.last_gauged_on, abv_forty_on = s.abv_forty_on
  FROM (
    SELECT g.cask_id, max(g.gauged_on) AS last_gauged_on,
      CASE
        WHEN count(DISTINCT g.gauged_on) < 2 OR regr_slope(g.abv::float8, g.day) >= 0 THEN NULL
        WHEN (40 - regr_intercept(g.abv::float8, g.day)) / regr_slope(g.abv::float8, g.day)
          > (current_date - date '2000-01-01') + 73050 THEN NULL
        ELSE date '2000-01-01' + round(
          (40 - regr_intercept(g.abv::float8, g.day)) / regr_slope(g.abv::float8, g.day))::int
      END AS abv_forty_on
    FROM (SELECT r.cask_id, r.gauged_on, r.abv, (r.gauged_on - date '2000-01-01')::float8 AS day
          FROM cask_regauges r WHERE cask_ids IS NULL OR r.cask_id = ANY (cask_ids)) g
    GROUP BY g.cask_id
  ) s
  WHERE c.id = s.cask_id;
END
$$;
