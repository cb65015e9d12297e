-- What one referral contributes to which counter: the total, its status, and the reward amounts
-- of all referrals and of the completed ones.
CREATE OR REPLACE FUNCTION referrals_counter_rows(r referrals) RETURNS TABLE (name text, delta numeric)
LANGUAGE sql IMMUTABLE AS $$
  VALUES
    ('referrals.total', 1::numeric),
    ('referrals.status.' || r.status, 1::numeric),
    ('referrals.reward_amount', r.reward_amount),
    ('referrals.reward_amount.completed',
      CASE WHEN r.status = 'completed' THEN r.reward_amount ELSE 0 END)
$$;
--> statement-breakpoint
-- Keeps the counters of referrals in the same transaction as each statement that changes its rows:
-- adds what the inserted rows contribute (referrals_counter_rows), subtracts what the deleted rows
-- did (an update is both), one counter write per statement, so bulk loads stay fast. Static SQL,
-- not EXECUTE: PL/pgSQL keeps the plan for the session (bench/plans.md). TRUNCATE recounts
-- instead (its trigger below, on 021_refresh_counters_after_truncate.sql).
CREATE OR REPLACE FUNCTION referrals_counters_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM add_to_counters(array_agg(name), array_agg(delta)) FROM (
      SELECT d.name, sum(d.delta) FROM new_rows r CROSS JOIN LATERAL referrals_counter_rows(r) d GROUP BY d.name
    ) s(name, delta);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM add_to_counters(array_agg(name), array_agg(delta)) FROM (
      SELECT d.name, -sum(d.delta) FROM old_rows r CROSS JOIN LATERAL referrals_counter_rows(r) d GROUP BY d.name
    ) s(name, delta);
  ELSE
    PERFORM add_to_counters(array_agg(name), array_agg(delta)) FROM (
      SELECT name, sum(delta) FROM (
        SELECT d.name, d.delta FROM new_rows r CROSS JOIN LATERAL referrals_counter_rows(r) d
        UNION ALL
        SELECT d.name, -d.delta FROM old_rows r CROSS JOIN LATERAL referrals_counter_rows(r) d
      ) u GROUP BY name
    ) s(name, delta);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER referrals_counters_insert AFTER INSERT ON referrals REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION referrals_counters_apply();
--> statement-breakpoint
CREATE TRIGGER referrals_counters_update AFTER UPDATE ON referrals REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION referrals_counters_apply();
--> statement-breakpoint
CREATE TRIGGER referrals_counters_delete AFTER DELETE ON referrals REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION referrals_counters_apply();
--> statement-breakpoint
-- Referrals: any change to a referral row (a search matches the code and both customers' names
-- and e-mails, which customers.search_version follows, and may be narrowed by status).
CREATE TRIGGER referrals_search_version
  AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON referrals
  FOR EACH STATEMENT EXECUTE FUNCTION bump_counter_version('referrals.search_version');
--> statement-breakpoint
CREATE TRIGGER referrals_counters_truncate AFTER TRUNCATE ON referrals
  FOR EACH STATEMENT EXECUTE FUNCTION refresh_counters_after_truncate();
