-- What one cask contributes to which counter: the total, its status, the sums of the current
-- values and purchase prices (null counts as 0), and the total gain: current value - purchase
-- price where both are known (docs/decisions/146; a cask missing either adds 0).
CREATE OR REPLACE FUNCTION casks_counter_rows(r casks) RETURNS TABLE (name text, delta numeric)
LANGUAGE sql IMMUTABLE AS $$
  VALUES
    ('casks.total', 1::numeric),
    ('casks.status.' || r.status, 1::numeric),
    ('casks.current_value', coalesce(r.current_value, 0)),
    ('casks.purchase_price', coalesce(r.purchase_price, 0)),
    ('casks.gain', coalesce(r.current_value - r.purchase_price, 0))
$$;
