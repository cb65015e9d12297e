-- The points of a bulk 'Set status' of referrals (issue 46, docs/decisions/399): called inside the
-- bulk's one statement (db/bulk.ts), after the statement has locked the referrals, with each
-- change in the body's order as {"id", "from", "to"} (the status before and after). Each referral
-- moves its referrer's points as a single status save does (decision 155): completing tops the
-- ledger's credit up to points_awarded, going back to pending takes back what it holds. A row
-- whose status does not change moves nothing. The referrers are locked first, in id order, so two
-- bulk changes take turns; then each row is checked against its referrer's balance as the rows
-- before it left it (the ledger's trigger moves the balance with each entry, 040), so a referrer
-- named by several rows is checked row after row. A row the balance cannot take (below 0, or past
-- max_balance) writes nothing and is answered as (id, refusal): {"kind": "overdrawn" or
-- "overflowing", "name", "balance", "change"}; the caller refuses the whole action then. Every
-- statement here sees what the ones before it wrote, as the row-by-row code it replaces did.
CREATE OR REPLACE FUNCTION referrals_move_points(
  changes jsonb,
  acting_admin uuid,
  max_balance bigint,
  credited_text text,
  reversed_text text
) RETURNS TABLE (id uuid, refusal jsonb) LANGUAGE plpgsql AS $$
DECLARE
  c record;
  owed integer;
  referrer record;
BEGIN
  PERFORM 1 FROM customers
    WHERE customers.id IN (
      SELECT r.referrer_id FROM referrals r
      WHERE r.id IN (SELECT (e->>'id')::uuid FROM jsonb_array_elements(changes) e))
    ORDER BY customers.id
    FOR UPDATE;
  FOR c IN
    SELECT (e->>'id')::uuid AS referral_id, e->>'to' AS status, r.referrer_id, r.points_awarded
    FROM jsonb_array_elements(changes) WITH ORDINALITY AS x(e, ord)
    JOIN referrals r ON r.id = (e->>'id')::uuid
    WHERE (e->>'from') IS DISTINCT FROM (e->>'to')
    ORDER BY ord
  LOOP
    SELECT CASE WHEN c.status = 'completed'
        THEN c.points_awarded - coalesce(sum(p.points), 0)
        ELSE -coalesce(sum(p.points), 0) END
      INTO owed
      FROM point_transactions p WHERE p.referral_id = c.referral_id;
    SELECT full_name, points_balance INTO referrer FROM customers WHERE customers.id = c.referrer_id;
    IF referrer.points_balance::bigint + owed < 0
      OR referrer.points_balance::bigint + owed > max_balance THEN
      id := c.referral_id;
      refusal := jsonb_build_object(
        'kind', CASE WHEN referrer.points_balance::bigint + owed < 0
          THEN 'overdrawn' ELSE 'overflowing' END,
        'name', referrer.full_name,
        'balance', referrer.points_balance,
        'change', owed);
      RETURN NEXT;
    ELSIF owed <> 0 THEN
      INSERT INTO point_transactions (customer_id, points, type, referral_id, description, admin_id)
      VALUES (c.referrer_id, owed, 'referral', c.referral_id,
        CASE WHEN owed > 0 THEN credited_text ELSE reversed_text END, acting_admin);
    END IF;
  END LOOP;
END
$$;
