-- The reward-point ledger (docs/architecture.md#data-model): the balance is derived from the ledger
-- by the database itself, in the same transaction as the insert; customers.points_balance >= 0 (a
-- CHECK) then refuses any overdraw, whoever inserts.
CREATE OR REPLACE FUNCTION apply_point_transactions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE customers AS c
  SET points_balance = c.points_balance + d.delta
  FROM (SELECT customer_id, sum(points) AS delta FROM new_rows GROUP BY customer_id) AS d
  WHERE c.id = d.customer_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER point_transactions_apply AFTER INSERT ON point_transactions
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION apply_point_transactions();
