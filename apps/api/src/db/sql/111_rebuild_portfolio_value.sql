-- Rewrites portfolio_value_months from the casks that exist (decision 233): each cask's value
-- history (cask_appreciation, one point a month) adds, in the month of each point, the change
-- from its previous point (the first point: its whole value); then this month gets the
-- difference between each cask's current value (null: 0) and its last point, so the months sum
-- to the casks.current_value counter exactly. Run by the seeds after they write past months'
-- points (which no trigger can date), by a TRUNCATE of casks, and once by migration 0025 (its
-- copy of this statement). Casks deleted before a rebuild leave no trace in it, those erased and
-- those soft-deleted (deleted_at, decision 273) alike.
CREATE OR REPLACE FUNCTION rebuild_portfolio_value() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM portfolio_value_months;
  INSERT INTO portfolio_value_months (month, change)
  SELECT month, sum(change) FROM (
    SELECT a.month, a.value - coalesce(lag(a.value) OVER (PARTITION BY a.cask_id ORDER BY a.month), 0)
    FROM cask_appreciation a JOIN casks k ON k.id = a.cask_id AND k.deleted_at IS NULL
    UNION ALL
    SELECT date_trunc('month', now() AT TIME ZONE 'UTC')::date,
           coalesce(c.current_value, 0) - coalesce(
             (SELECT a.value FROM cask_appreciation a WHERE a.cask_id = c.id ORDER BY a.month DESC LIMIT 1), 0)
    FROM casks c WHERE c.deleted_at IS NULL
  ) AS changes(month, change)
  GROUP BY month HAVING sum(change) <> 0;
END
$$;
