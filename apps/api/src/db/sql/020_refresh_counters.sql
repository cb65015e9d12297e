-- Recomputes every counter from the tables: after TRUNCATE (refresh_counters_after_truncate), or
-- a bulk load with triggers disabled (the demo seed). It sums the same *_counter_rows as the
-- statement triggers, plus the notifications' total (notifications_counters_apply).
--
-- It never moves a search version backwards (a cached count would then match a version number
-- reused for different data): it keeps every *.search_version and bumps those listed here, so no
-- count cached before a load is read after it. A new list's search version is added to the list.
--
-- LANGUAGE sql: PostgreSQL checks the body when the function is created, so the *_counter_rows
-- functions (files 011-015) come first.
CREATE OR REPLACE FUNCTION refresh_counters() RETURNS void LANGUAGE sql AS $$
  DELETE FROM counters WHERE name NOT LIKE '%.search_version';
  INSERT INTO counters AS c (name, value)
  VALUES ('customers.search_version', 1), ('purchases.search_version', 1),
    ('casks.search_version', 1), ('referrals.search_version', 1), ('offers.search_version', 1)
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
