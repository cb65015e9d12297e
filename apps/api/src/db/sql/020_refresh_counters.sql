-- Recomputes every counter from the tables: after TRUNCATE (refresh_counters_after_truncate), or
-- a bulk load with triggers disabled (the demo seed). It sums, for every table, the rows of the
-- table's <table>_counter_rows function (the files NNN_<table>_counters.sql), the same rows the
-- statement triggers add and subtract. So a new counted table is one file: its counter_rows
-- function and its triggers; nothing here changes. The one count kept in a table of its own,
-- the casks' gauge alert days (cask_alert_days, decision 386), is rebuilt with them
-- (rebuild_cask_alert_days, 102), so a bulk load's and a TRUNCATE's recount (021) cover it.
--
-- It never moves a search version backwards (a cached count would then match a version number
-- reused for different data): it keeps every *.search_version and moves each one forward, so no
-- count cached before a load is read after it; a counted table's version is made when missing.
CREATE OR REPLACE FUNCTION refresh_counters() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  counted record;
BEGIN
  DELETE FROM counters WHERE name NOT LIKE '%.search_version';
  UPDATE counters SET value = value + 1, updated_at = now() WHERE name LIKE '%.search_version';
  FOR counted IN
    SELECT t.typname AS table_name, p.proname AS function_name
    FROM pg_proc p JOIN pg_type t ON t.oid = p.proargtypes[0]
    WHERE p.pronamespace = current_schema()::regnamespace AND p.pronargs = 1
      AND p.proname = t.typname || '_counter_rows'
  LOOP
    EXECUTE format(
      'INSERT INTO counters AS c (name, value)'
      ' SELECT d.name, sum(d.delta) FROM %I r CROSS JOIN LATERAL %I(r) d'
      ' GROUP BY d.name HAVING sum(d.delta) <> 0'
      ' ON CONFLICT (name) DO UPDATE SET value = c.value + excluded.value, updated_at = now()',
      counted.table_name, counted.function_name);
    INSERT INTO counters (name, value) VALUES (counted.table_name || '.search_version', 1)
    ON CONFLICT (name) DO NOTHING;
  END LOOP;
  PERFORM rebuild_cask_alert_days();
END
$$;
