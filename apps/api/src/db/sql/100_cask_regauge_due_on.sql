-- The day from which a cask's regauge is due (domain/casks.md, decision 230): every 3 years once
-- the cask is older than 5, every year once it is older than 15. `fill` is the first day of the
-- cask's year; without a year the age is unknown and no regauge is ever due. `last_gauge` is the
-- day of its latest regauge, the fill when it has none. Due on the first day both conditions of
-- either rule hold: the later of (fill + 5 years, last + 3 years), or of (fill + 15 years,
-- last + 1 year), whichever comes first.
CREATE OR REPLACE FUNCTION cask_regauge_due_on(fill date, last_gauge date) RETURNS date
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN fill IS NULL THEN NULL ELSE least(
    greatest(fill + interval '5 years', coalesce(last_gauge, fill) + interval '3 years'),
    greatest(fill + interval '15 years', coalesce(last_gauge, fill) + interval '1 year')
  )::date END
$$;
