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
