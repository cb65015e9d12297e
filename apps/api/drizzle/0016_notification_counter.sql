-- Issue 14 (docs/decisions/173): the notifications list's total as a maintained counter, like
-- every other list's, instead of count(*) over all notifications on every request (2.3 ms at
-- 10,000 notifications: most of the list's time). Only an insert or a delete changes it.
CREATE FUNCTION notifications_counters_apply() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE TRIGGER notifications_counters_truncate AFTER TRUNCATE ON notifications
  FOR EACH STATEMENT EXECUTE FUNCTION refresh_counters_after_truncate();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION refresh_counters() RETURNS void LANGUAGE sql AS $$
  DELETE FROM counters WHERE name NOT LIKE '%.search_version';
  INSERT INTO counters AS c (name, value)
  VALUES ('customers.search_version', 1), ('purchases.search_version', 1),
    ('casks.search_version', 1), ('referrals.search_version', 1)
  ON CONFLICT (name) DO UPDATE SET value = c.value + 1, updated_at = now();
  INSERT INTO counters (name, value)
  SELECT name, sum(delta) FROM (
    SELECT d.name, d.delta FROM customers r CROSS JOIN LATERAL customers_counter_rows(r) d
    UNION ALL SELECT d.name, d.delta FROM casks r CROSS JOIN LATERAL casks_counter_rows(r) d
    UNION ALL SELECT d.name, d.delta FROM offers r CROSS JOIN LATERAL offers_counter_rows(r) d
    UNION ALL SELECT d.name, d.delta FROM purchases r CROSS JOIN LATERAL purchases_counter_rows(r) d
    UNION ALL SELECT d.name, d.delta FROM referrals r CROSS JOIN LATERAL referrals_counter_rows(r) d
    UNION ALL SELECT 'notifications.total', count(*)::numeric FROM notifications
  ) s
  GROUP BY name HAVING sum(delta) <> 0;
$$;
--> statement-breakpoint
SELECT refresh_counters();
