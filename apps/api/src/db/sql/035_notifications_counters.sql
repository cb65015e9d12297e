-- The notifications list's total as a maintained counter (docs/decisions/173): every notification
-- counts once, so only an insert or a delete changes it. refresh_counters sums the rows below.
CREATE OR REPLACE FUNCTION notifications_counter_rows(r notifications) RETURNS TABLE (name text, delta numeric)
LANGUAGE sql IMMUTABLE AS $$
  SELECT 'notifications.total', 1::numeric
$$;
--> statement-breakpoint
-- The triggers count the rows inserted or deleted. TRUNCATE recounts instead
-- (its trigger below, on 021_refresh_counters_after_truncate.sql).
CREATE OR REPLACE FUNCTION notifications_counters_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM add_to_counters(ARRAY['notifications.total'], ARRAY[(SELECT count(*) FROM new_rows)::numeric]);
  ELSE
    PERFORM add_to_counters(ARRAY['notifications.total'], ARRAY[-(SELECT count(*) FROM old_rows)::numeric]);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER notifications_counters_insert AFTER INSERT ON notifications REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notifications_counters_apply();
--> statement-breakpoint
CREATE TRIGGER notifications_counters_delete AFTER DELETE ON notifications REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notifications_counters_apply();
--> statement-breakpoint
-- The search version (bump_counter_version, 022), for the customer page's 'Notifications'
-- (issue 30): any change to notifications.
CREATE TRIGGER notifications_search_version
  AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON notifications
  FOR EACH STATEMENT EXECUTE FUNCTION bump_counter_version('notifications.search_version');
--> statement-breakpoint
CREATE TRIGGER notifications_counters_truncate AFTER TRUNCATE ON notifications
  FOR EACH STATEMENT EXECUTE FUNCTION refresh_counters_after_truncate();
