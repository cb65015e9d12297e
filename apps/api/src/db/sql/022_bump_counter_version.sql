-- A version of a list's searchable data, bumped in the same transaction as every change that can
-- change a search's result (docs/decisions/041, 152, 170, 175). The API keeps the exact count of a
-- search for the version it was counted at, and counts again once the version moves.
-- TG_ARGV[0] is the counter's name. Each list's statement trigger that runs it,
-- `<table>_search_version`, is in that list's own counters file (NNN_<table>_counters.sql, which
-- runs after this one), so a new list adds its own there and edits nothing here.
CREATE OR REPLACE FUNCTION bump_counter_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO counters AS c (name, value, updated_at) VALUES (TG_ARGV[0], 1, now())
  ON CONFLICT (name) DO UPDATE SET value = c.value + 1, updated_at = now();
  RETURN NULL;
END
$$;
