-- What one offer contributes to which counter. A retired offer (docs/decisions/141) is hidden: it
-- counts in neither Total Offers, Active Offers nor its type. Retiring is an UPDATE, so the
-- statement trigger subtracts the row's old contribution and adds its new one (none).
CREATE OR REPLACE FUNCTION offers_counter_rows(r offers) RETURNS TABLE (name text, delta numeric)
LANGUAGE sql IMMUTABLE AS $$
  SELECT v.name, v.delta FROM (VALUES
    ('offers.total', 1::numeric),
    ('offers.type.' || r.type, 1::numeric),
    ('offers.active', CASE WHEN r.is_active THEN 1 ELSE 0 END::numeric)
  ) AS v(name, delta)
  WHERE r.retired_at IS NULL
$$;
--> statement-breakpoint
-- Keeps the counters of offers in the same transaction as each statement that changes its rows:
-- adds what the inserted rows contribute (offers_counter_rows), subtracts what the deleted rows
-- did (an update is both), one counter write per statement, so bulk loads stay fast. Static SQL,
-- not EXECUTE: PL/pgSQL keeps the plan for the session (bench/plans.md). TRUNCATE recounts
-- instead (its trigger below, on 021_refresh_counters_after_truncate.sql).
CREATE OR REPLACE FUNCTION offers_counters_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM add_to_counters(array_agg(name), array_agg(delta)) FROM (
      SELECT d.name, sum(d.delta) FROM new_rows r CROSS JOIN LATERAL offers_counter_rows(r) d GROUP BY d.name
    ) s(name, delta);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM add_to_counters(array_agg(name), array_agg(delta)) FROM (
      SELECT d.name, -sum(d.delta) FROM old_rows r CROSS JOIN LATERAL offers_counter_rows(r) d GROUP BY d.name
    ) s(name, delta);
  ELSE
    PERFORM add_to_counters(array_agg(name), array_agg(delta)) FROM (
      SELECT name, sum(delta) FROM (
        SELECT d.name, d.delta FROM new_rows r CROSS JOIN LATERAL offers_counter_rows(r) d
        UNION ALL
        SELECT d.name, -d.delta FROM old_rows r CROSS JOIN LATERAL offers_counter_rows(r) d
      ) u GROUP BY name
    ) s(name, delta);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER offers_counters_insert AFTER INSERT ON offers REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION offers_counters_apply();
--> statement-breakpoint
CREATE TRIGGER offers_counters_update AFTER UPDATE ON offers REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION offers_counters_apply();
--> statement-breakpoint
CREATE TRIGGER offers_counters_delete AFTER DELETE ON offers REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION offers_counters_apply();
--> statement-breakpoint
-- Offers: any change to an offer row (a search matches the title and the description, narrowed
-- by type, leaving retired offers out).
CREATE TRIGGER offers_search_version
  AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON offers
  FOR EACH STATEMENT EXECUTE FUNCTION bump_counter_version('offers.search_version');
--> statement-breakpoint
CREATE TRIGGER offers_counters_truncate AFTER TRUNCATE ON offers
  FOR EACH STATEMENT EXECUTE FUNCTION refresh_counters_after_truncate();
