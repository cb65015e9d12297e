-- Custom migration (docs/decisions/041-customer-list-performance.md, bench/plans.md).

-- 1. Selectivity of ILIKE '%term%' on names and e-mails. PostgreSQL estimates an unanchored
-- pattern by testing it against the column's histogram only when the histogram has more than 101
-- entries; the default statistics target (100) gives 101, so every term was guessed at 0.01% and a
-- 2% term got the wrong plan (bitmap over 20,000 rows and a sort, instead of walking the newest-first
-- index until the page is full). 300 keeps ANALYZE and planning cheap (about 1 ms a plan).
ALTER TABLE customers ALTER COLUMN full_name SET STATISTICS 300;
--> statement-breakpoint
ALTER TABLE customers ALTER COLUMN email SET STATISTICS 300;
--> statement-breakpoint

-- 2. A version of the searchable customer data, bumped in the same transaction as every change
-- that can change a search result (a new or deleted customer, a new name or e-mail). The API keeps
-- the exact count of a search for the version it was counted at, and counts again once the version
-- moves; an edit of isActive or a point adjustment does not move it.
CREATE FUNCTION bump_counter_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO counters AS c (name, value, updated_at) VALUES (TG_ARGV[0], 1, now())
  ON CONFLICT (name) DO UPDATE SET value = c.value + 1, updated_at = now();
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER customers_search_version
  AFTER INSERT OR DELETE OR UPDATE OF full_name, email, deleted_at OR TRUNCATE ON customers
  FOR EACH STATEMENT EXECUTE FUNCTION bump_counter_version('customers.search_version');
--> statement-breakpoint

-- 3. refresh_counters() must never move a version backwards (a cached count would then match a
-- version number reused for different data): it keeps versions and bumps them instead.
CREATE OR REPLACE FUNCTION refresh_counters() RETURNS void LANGUAGE sql AS $$
  DELETE FROM counters WHERE name NOT LIKE '%.search_version';
  INSERT INTO counters AS c (name, value) VALUES ('customers.search_version', 1)
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
--> statement-breakpoint
ANALYZE customers;
