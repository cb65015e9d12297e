-- The Admins screen's total (docs/adding-a-list.md): every admins row counts once, so only an
-- insert or a delete changes it. refresh_counters sums the rows below. The screen's total is
-- admins.total + admin_invites.total.
CREATE OR REPLACE FUNCTION admins_counter_rows(r admins) RETURNS TABLE (name text, delta numeric)
LANGUAGE sql IMMUTABLE AS $$
  SELECT 'admins.total', 1::numeric
$$;
--> statement-breakpoint
-- The triggers count the rows inserted or deleted; TRUNCATE recounts everything.
CREATE OR REPLACE FUNCTION admins_counters_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM add_to_counters(ARRAY['admins.total'], ARRAY[(SELECT count(*) FROM new_rows)::numeric]);
  ELSE
    PERFORM add_to_counters(ARRAY['admins.total'], ARRAY[-(SELECT count(*) FROM old_rows)::numeric]);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER admins_counters_insert AFTER INSERT ON admins REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION admins_counters_apply();
--> statement-breakpoint
CREATE TRIGGER admins_counters_delete AFTER DELETE ON admins REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION admins_counters_apply();
--> statement-breakpoint
CREATE TRIGGER admins_counters_truncate AFTER TRUNCATE ON admins
  FOR EACH STATEMENT EXECUTE FUNCTION refresh_counters_after_truncate();
