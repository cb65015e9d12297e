-- A cask's value history follows its valuations (issue 44, decision 396, amending 145): the point
-- of a month (cask_appreciation, its first day) is the cask's latest valuation dated in that month,
-- by day and then by when it was recorded. Each statement that adds valuations rewrites the points
-- of the months its rows fall in, in the same statement, so the API, the seeds and anything else
-- adding valuations keep the history; a valuation dated before the latest one (history only, the
-- current value stays) still becomes its month's point when it is that month's latest. A statement
-- trigger with a transition table: one INSERT a statement, so bulk loads stay fast.
CREATE OR REPLACE FUNCTION cask_valuations_record_appreciation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO cask_appreciation AS a (cask_id, month, value)
  SELECT DISTINCT ON (v.cask_id, m.month) v.cask_id, m.month, v.value
  FROM (SELECT DISTINCT n.cask_id, date_trunc('month', n.valued_on)::date AS month FROM new_rows n) m
  JOIN cask_valuations v ON v.cask_id = m.cask_id
    AND v.valued_on >= m.month AND v.valued_on < (m.month + interval '1 month')::date
  ORDER BY v.cask_id, m.month, v.valued_on DESC, v.created_at DESC, v.id DESC
  ON CONFLICT (cask_id, month) DO UPDATE SET value = excluded.value
    WHERE a.value IS DISTINCT FROM excluded.value;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER cask_valuations_appreciation AFTER INSERT ON cask_valuations
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cask_valuations_record_appreciation();
