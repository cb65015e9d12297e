-- Issue 14 (docs/decisions/175): a version of the searchable offer data, as the other lists have
-- (migrations 0006, 0011, 0015). An offers search matches the title and the description, narrowed
-- by type and leaving retired offers out; any change to an offer row moves this version, and the
-- list keeps a search's exact count while it stays, instead of counting on every request.
CREATE TRIGGER offers_search_version
  AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON offers
  FOR EACH STATEMENT EXECUTE FUNCTION bump_counter_version('offers.search_version');
--> statement-breakpoint
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
