-- Adds per-name deltas (already summed) to the counters, in name order (no deadlocks between
-- writers), skipping zeros so an edit that changes no total takes no counter lock. Every
-- *_counters_apply trigger function writes the counters through it.
CREATE OR REPLACE FUNCTION add_to_counters(names text[], deltas numeric[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO counters AS c (name, value, updated_at)
  SELECT d.name, d.delta, now() FROM unnest(names, deltas) AS d(name, delta)
  WHERE d.delta <> 0 ORDER BY d.name
  ON CONFLICT (name) DO UPDATE SET value = c.value + excluded.value, updated_at = now();
END
$$;
