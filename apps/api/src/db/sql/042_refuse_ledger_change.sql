-- The ledger is append-only: a correction is a new entry, never an edit. TRUNCATE (resetting a
-- whole database) stays possible and zeroes the balances (041_reset_point_balances.sql).
CREATE OR REPLACE FUNCTION refuse_ledger_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'point_transactions is append-only: % is not allowed', TG_OP
    USING ERRCODE = 'restrict_violation';
END
$$;
--> statement-breakpoint
CREATE TRIGGER point_transactions_append_only BEFORE UPDATE OR DELETE ON point_transactions
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_ledger_change();
