-- The Admins screen's total (docs/adding-a-list.md): every admin_invites row counts once, so only an
-- insert or a delete changes it. refresh_counters sums the rows below. The screen's total is
-- admins.total + admin_invites.total.
CREATE OR REPLACE FUNCTION admin_invites_counter_rows(r admin_invites) RETURNS TABLE (name text, delta numeric)
LANGUAGE sql IMMUTABLE AS $$
  SELECT 'admin_invites.total', 1::numeric
$$;
--> statement-breakpoint
-- The triggers count the rows inserted or deleted; TRUNCATE recounts everything.
CREATE OR REPLACE FUNCTION admin_invites_counters_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM add_to_counters(ARRAY['admin_invites.total'], ARRAY[(SELECT count(*) FROM new_rows)::numeric]);
  ELSE
    PERFORM add_to_counters(ARRAY['admin_invites.total'], ARRAY[-(SELECT count(*) FROM old_rows)::numeric]);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER admin_invites_counters_insert AFTER INSERT ON admin_invites REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION admin_invites_counters_apply();
--> statement-breakpoint
CREATE TRIGGER admin_invites_counters_delete AFTER DELETE ON admin_invites REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION admin_invites_counters_apply();
--> statement-breakpoint
CREATE TRIGGER admin_invites_counters_truncate AFTER TRUNCATE ON admin_invites
  FOR EACH STATEMENT EXECUTE FUNCTION refresh_counters_after_truncate();
