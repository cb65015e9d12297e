-- TRUNCATE fires no transition-table trigger: the months are rebuilt in the same transaction.
CREATE OR REPLACE FUNCTION rebuild_portfolio_value_after_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM rebuild_portfolio_value();
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER casks_portfolio_value_truncate AFTER TRUNCATE ON casks
  FOR EACH STATEMENT EXECUTE FUNCTION rebuild_portfolio_value_after_truncate();
