-- A cask's value history (docs/decisions/145): whenever a cask gets a current value (insert) or a
-- different one (update), the point of this month (UTC) is written or replaced, in the same
-- statement, so the API, the demo seed and anything else writing casks all keep the history. A
-- cask without a value gets no point. Statement triggers with transition tables: one INSERT a
-- statement, so bulk loads stay fast.
CREATE OR REPLACE FUNCTION casks_record_appreciation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO cask_appreciation AS a (cask_id, month, value)
    SELECT n.id, date_trunc('month', now() AT TIME ZONE 'UTC')::date, n.current_value
    FROM new_rows n
    WHERE n.current_value IS NOT NULL
    ON CONFLICT (cask_id, month) DO UPDATE SET value = excluded.value;
  ELSE
    INSERT INTO cask_appreciation AS a (cask_id, month, value)
    SELECT n.id, date_trunc('month', now() AT TIME ZONE 'UTC')::date, n.current_value
    FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE n.current_value IS NOT NULL AND n.current_value IS DISTINCT FROM o.current_value
    ON CONFLICT (cask_id, month) DO UPDATE SET value = excluded.value;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER casks_appreciation_insert AFTER INSERT ON casks REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION casks_record_appreciation();
--> statement-breakpoint
CREATE TRIGGER casks_appreciation_update AFTER UPDATE ON casks
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION casks_record_appreciation();
