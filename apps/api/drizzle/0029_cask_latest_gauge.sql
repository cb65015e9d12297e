ALTER TABLE "casks" ADD COLUMN "gauged_volume" numeric(12, 3);--> statement-breakpoint
ALTER TABLE "casks" ADD COLUMN "gauged_abv" numeric(5, 2);--> statement-breakpoint
-- hand-written: the latest gauge of every cask that has one, as cask_refresh_gauge_alerts()
-- (src/db/sql/100) writes it from now on; a cask whose latest gauge is below 40% reaches 40% on
-- the day of the gauge that found it (the first of that run below 40%). Decision 305.
UPDATE "casks" c
SET "gauged_volume" = s.gauged_volume, "gauged_abv" = s.gauged_abv,
  "abv_forty_on" = CASE WHEN s.gauged_abv < 40
    THEN coalesce(s.below_forty_from, s.last_gauged_on)
    ELSE c.abv_forty_on END
FROM (
  SELECT g.cask_id, max(g.gauged_on) AS last_gauged_on,
    (array_agg(g.bulk_litres ORDER BY g.gauged_on DESC, g.created_at DESC))[1] AS gauged_volume,
    (array_agg(g.abv ORDER BY g.gauged_on DESC, g.created_at DESC))[1] AS gauged_abv,
    min(g.gauged_on) FILTER (WHERE g.gauged_on > coalesce(g.last_at_forty, '-infinity'))
      AS below_forty_from
  FROM (SELECT r.cask_id, r.gauged_on, r.created_at, r.bulk_litres, r.abv,
          max(r.gauged_on) FILTER (WHERE r.abv >= 40) OVER (PARTITION BY r.cask_id) AS last_at_forty
        FROM "cask_regauges" r) g
  GROUP BY g.cask_id
) s
WHERE c.id = s.cask_id;
