-- The day the trend of a cask's regauged ABV crosses 40%, the legal minimum for Scotch whisky
-- (domain/casks.md, decision 230): the least-squares line of ABV over the gauges' days. Null with
-- fewer than two gauge days, a trend that does not fall, or a crossing more than 200 years away.
CREATE OR REPLACE FUNCTION cask_abv_forty_on(cask uuid) RETURNS date
LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN count(DISTINCT g.gauged_on) < 2 OR regr_slope(g.abv::float8, g.day) >= 0 THEN NULL
    WHEN (40 - regr_intercept(g.abv::float8, g.day)) / regr_slope(g.abv::float8, g.day)
      > (current_date - date '2000-01-01') + 73050 THEN NULL
    ELSE date '2000-01-01' + round(
      (40 - regr_intercept(g.abv::float8, g.day)) / regr_slope(g.abv::float8, g.day))::int
  END
  FROM (SELECT r.gauged_on, r.abv, (r.gauged_on - date '2000-01-01')::float8 AS day
        FROM cask_regauges r WHERE r.cask_id = cask) g
$$;
