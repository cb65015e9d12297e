-- hand-written
-- Casks (issue 12, docs/decisions/145 and 146): a value history that is real data, an exact total
-- gain, and a version of the searchable cask data for the list's cached search counts.

-- 1. Appreciation: whenever a cask gets a current value (insert) or a different one (update),
-- the point of this month (UTC) is written or replaced, in the same statement, so the API, the
-- demo seed and anything else writing casks all keep the history. A cask without a value gets no
-- point. Statement triggers with transition tables: one INSERT a statement, so bulk loads stay fast.
CREATE FUNCTION casks_record_appreciation() RETURNS trigger LANGUAGE plpgsql AS $$
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
--> statement-breakpoint

-- 2. The total gain: the sum of (current value - purchase price) over the casks where both are
-- known, kept like the other cask counters (a cask missing either has no gain, so it adds 0).
CREATE OR REPLACE FUNCTION casks_counter_rows(r casks) RETURNS TABLE (name text, delta numeric)
LANGUAGE sql IMMUTABLE AS $$
  VALUES
    ('casks.total', 1::numeric),
    ('casks.status.' || r.status, 1::numeric),
    ('casks.current_value', coalesce(r.current_value, 0)),
    ('casks.purchase_price', coalesce(r.purchase_price, 0)),
    ('casks.gain', coalesce(r.current_value - r.purchase_price, 0))
$$;
--> statement-breakpoint
INSERT INTO counters AS c (name, value, updated_at)
SELECT 'casks.gain', coalesce(sum(current_value - purchase_price), 0), now() FROM casks
ON CONFLICT (name) DO UPDATE SET value = excluded.value, updated_at = now();
--> statement-breakpoint

-- 3. A version of the searchable cask data (name, distillery, rows added or removed), as
-- customers.search_version is for customers (migration 0006): the list keeps the exact count of a
-- search for as long as the version stays; a status or notes change does not move it.
CREATE TRIGGER casks_search_version
  AFTER INSERT OR DELETE OR UPDATE OF name, distillery OR TRUNCATE ON casks
  FOR EACH STATEMENT EXECUTE FUNCTION bump_counter_version('casks.search_version');
--> statement-breakpoint
CREATE OR REPLACE FUNCTION refresh_counters() RETURNS void LANGUAGE sql AS $$
  DELETE FROM counters WHERE name NOT LIKE '%.search_version';
  INSERT INTO counters AS c (name, value)
  VALUES ('customers.search_version', 1), ('purchases.search_version', 1),
    ('casks.search_version', 1)
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
