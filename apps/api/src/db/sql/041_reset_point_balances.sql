-- TRUNCATE of the ledger (resetting a whole database) zeroes every balance with it.
CREATE OR REPLACE FUNCTION reset_point_balances() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE customers SET points_balance = 0 WHERE points_balance <> 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER point_transactions_truncate AFTER TRUNCATE ON point_transactions
  FOR EACH STATEMENT EXECUTE FUNCTION reset_point_balances();
