-- Writes the gauge figures and alert days of casks from all their regauges (decisions 230 and
-- 305): the latest gauge (its day, bulk litres and ABV: what the screens show as the cask's
-- Volume and ABV; casks.regauge_due_on follows from the day and the year, a generated column)
-- and the day the cask's ABV reaches 40%: when the latest gauge is already below 40%, the day of
-- the gauge that found it (the first of the run of gauges below 40% that ends with the latest);
-- otherwise the day the least-squares line of their ABV over the days crosses 40% (null with fewer than two gauge days, a trend that does not fall, or a crossing
-- more than 200 years away). `cask_ids` null: every cask that has gauges, in one statement (the
-- seeds, after their gauge histories). Called in the same transaction as every regauge the API
-- records. PL/pgSQL, so the file applies on a database whose casks have no such columns yet.
CREATE OR REPLACE FUNCTION cask_refresh_gauge_alerts(cask_ids uuid[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE casks c
  SET last_gauged_on = s.last_gauged_on, gauged_volume = s.gauged_volume,
    gauged_abv = s.gauged_abv,
    abv_forty_on = CASE
      WHEN s.gauged_abv < 40 THEN coalesce(s.below_forty_from, s.last_gauged_on)
      ELSE s.trend_forty_on END
  FROM (
    SELECT g.cask_id, max(g.gauged_on) AS last_gauged_on,
      (array_agg(g.bulk_litres ORDER BY g.gauged_on DESC, g.created_at DESC))[1] AS gauged_volume,
      (array_agg(g.abv ORDER BY g.gauged_on DESC, g.created_at DESC))[1] AS gauged_abv,
      -- The first gauge after the latest one at 40% or more (the run below 40% to the last).
      min(g.gauged_on) FILTER (WHERE g.gauged_on > coalesce(g.last_at_forty, '-infinity'))
        AS below_forty_from,
      CASE
        WHEN count(DISTINCT g.gauged_on) < 2 OR regr_slope(g.abv::float8, g.day) >= 0 THEN NULL
        WHEN (40 - regr_intercept(g.abv::float8, g.day)) / regr_slope(g.abv::float8, g.day)
          > (current_date - date '2000-01-01') + 73050 THEN NULL
        ELSE date '2000-01-01' + round(
          (40 - regr_intercept(g.abv::float8, g.day)) / regr_slope(g.abv::float8, g.day))::int
      END AS trend_forty_on
    FROM (SELECT r.cask_id, r.gauged_on, r.created_at, r.bulk_litres, r.abv,
            (r.gauged_on - date '2000-01-01')::float8 AS day,
            max(r.gauged_on) FILTER (WHERE r.abv >= 40) OVER (PARTITION BY r.cask_id) AS last_at_forty
          FROM cask_regauges r WHERE cask_ids IS NULL OR r.cask_id = ANY (cask_ids)) g
    GROUP BY g.cask_id
  ) s
  WHERE c.id = s.cask_id;
END
$$;
