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
--> statement-breakpoint
-- The ledger's search version (bump_counter_version, 022), for the customer page's 'Points'
-- (issue 30): any change to the ledger (append-only: inserts).
CREATE TRIGGER point_transactions_search_version
  AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON point_transactions
  FOR EACH STATEMENT EXECUTE FUNCTION bump_counter_version('point_transactions.search_version');
