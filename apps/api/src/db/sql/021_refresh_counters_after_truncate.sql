-- TRUNCATE fires no row or transition-table trigger, so a truncated counted table recounts every
-- counter (refresh_counters) in the same transaction.
CREATE OR REPLACE FUNCTION refresh_counters_after_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_counters();
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER customers_counters_truncate AFTER TRUNCATE ON customers
  FOR EACH STATEMENT EXECUTE FUNCTION refresh_counters_after_truncate();
--> statement-breakpoint
CREATE TRIGGER casks_counters_truncate AFTER TRUNCATE ON casks
  FOR EACH STATEMENT EXECUTE FUNCTION refresh_counters_after_truncate();
--> statement-breakpoint
CREATE TRIGGER offers_counters_truncate AFTER TRUNCATE ON offers
  FOR EACH STATEMENT EXECUTE FUNCTION refresh_counters_after_truncate();
--> statement-breakpoint
CREATE TRIGGER orders_counters_truncate AFTER TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION refresh_counters_after_truncate();
--> statement-breakpoint
CREATE TRIGGER referrals_counters_truncate AFTER TRUNCATE ON referrals
  FOR EACH STATEMENT EXECUTE FUNCTION refresh_counters_after_truncate();
--> statement-breakpoint
CREATE TRIGGER notifications_counters_truncate AFTER TRUNCATE ON notifications
  FOR EACH STATEMENT EXECUTE FUNCTION refresh_counters_after_truncate();
