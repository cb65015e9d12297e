-- Issue 14 (docs/decisions/170): a version of the searchable referral data, as
-- customers.search_version is for customers (migration 0006). A Referrals search matches the
-- referrer's and the referee's names and e-mails (customers.search_version moves with those) and
-- the referral code, and may be narrowed by status; so any change to a referral row moves this
-- version. The list then keeps a search's exact count for as long as neither version moves,
-- instead of counting twenty thousand matches on every request.
CREATE TRIGGER referrals_search_version
  AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON referrals
  FOR EACH STATEMENT EXECUTE FUNCTION bump_counter_version('referrals.search_version');
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
  ) s
  GROUP BY name HAVING sum(delta) <> 0;
$$;
