-- A cask's valuations are a history (issue 44, decision 395): a valuation is never changed or
-- removed; a correction is a new valuation. Only the foreign keys' own actions pass, which
-- PostgreSQL runs from a trigger (pg_trigger_depth() above 1): erasing the cask takes its
-- valuations with it, erasing an admin leaves theirs recorded by nobody. TRUNCATE (resetting a
-- whole database, the seeds' --force) stays possible.
CREATE OR REPLACE FUNCTION refuse_valuation_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() > 1 THEN
    RETURN NULL;
  END IF;
  RAISE EXCEPTION 'cask_valuations is append-only: % is not allowed', TG_OP
    USING ERRCODE = 'restrict_violation';
END
$$;
--> statement-breakpoint
CREATE TRIGGER cask_valuations_append_only BEFORE UPDATE OR DELETE ON cask_valuations
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_valuation_change();
