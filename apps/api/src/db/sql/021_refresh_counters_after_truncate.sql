-- TRUNCATE fires no row or transition-table trigger, so a truncated counted table recounts every
-- counter (refresh_counters) in the same transaction. Each counted table's own counters file
-- declares its `<table>_counters_truncate` trigger on this function.
CREATE OR REPLACE FUNCTION refresh_counters_after_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_counters();
  RETURN NULL;
END
$$;
