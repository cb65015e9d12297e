-- The Audit Log list's total (issue 29): every entry counts once, and entries are only ever
-- inserted (080_refuse_audit_log_change.sql), so the total also serves as the version of every
-- filtered count: a filter's count can only change when an entry is added.
CREATE OR REPLACE FUNCTION audit_log_counter_rows(r audit_log) RETURNS TABLE (name text, delta numeric)
LANGUAGE sql IMMUTABLE AS $$
  SELECT 'audit_log.total', 1::numeric
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_log_counters_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM add_to_counters(ARRAY['audit_log.total'], ARRAY[(SELECT count(*) FROM new_rows)::numeric]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_counters_insert AFTER INSERT ON audit_log REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_counters_apply();
--> statement-breakpoint
CREATE TRIGGER audit_log_counters_truncate AFTER TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION refresh_counters_after_truncate();
