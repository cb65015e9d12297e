-- The dashboard's 'Portfolio value' (issue 30, decision 233): adds to this month's row (UTC) of
-- portfolio_value_months by how much a statement changed the sum of the current values of the
-- casks not deleted (null counts as 0; a deleted cask, decision 273, counts as none): inserted
-- rows add theirs, deleted rows subtract theirs, an update is both, so a soft delete subtracts
-- the cask's value this month and its undo adds it back. An addition, never an overwrite, so
-- concurrent writers both count. One write per statement, so bulk loads stay fast. TRUNCATE
-- rebuilds instead (112_rebuild_portfolio_value_after_truncate.sql).
CREATE OR REPLACE FUNCTION casks_portfolio_value_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta numeric;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT coalesce(sum(n.current_value), 0) INTO delta FROM new_rows n WHERE n.deleted_at IS NULL;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT -coalesce(sum(o.current_value), 0) INTO delta FROM old_rows o WHERE o.deleted_at IS NULL;
  ELSE
    SELECT coalesce((SELECT sum(n.current_value) FROM new_rows n WHERE n.deleted_at IS NULL), 0)
         - coalesce((SELECT sum(o.current_value) FROM old_rows o WHERE o.deleted_at IS NULL), 0)
      INTO delta;
  END IF;
  IF delta <> 0 THEN
    INSERT INTO portfolio_value_months AS p (month, change)
    VALUES (date_trunc('month', now() AT TIME ZONE 'UTC')::date, delta)
    ON CONFLICT (month) DO UPDATE SET change = p.change + excluded.change, updated_at = now();
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER casks_portfolio_value_insert AFTER INSERT ON casks REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION casks_portfolio_value_apply();
--> statement-breakpoint
CREATE TRIGGER casks_portfolio_value_update AFTER UPDATE ON casks
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION casks_portfolio_value_apply();
--> statement-breakpoint
CREATE TRIGGER casks_portfolio_value_delete AFTER DELETE ON casks REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION casks_portfolio_value_apply();
