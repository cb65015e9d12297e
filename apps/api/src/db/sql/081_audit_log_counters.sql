-- The Audit Log list's total (issue 29): every entry counts once, and entries are only ever
-- inserted (080_refuse_audit_log_change.sql), so the total also serves as the version of every
-- filtered count: a filter's count can only change when an entry is added.
CREATE OR REPLACE FUNCTION audit_log_counter_rows(r audit_log) RETURNS TABLE (name text, delta numeric)
LANGUAGE sql IMMUTABLE AS $$
  SELECT 'audit_log.total', 1::numeric
$$;
--> statement-breakpoint
--
-- Every audited write in every transaction inserts an entry, so one counter row would make them
-- all wait for each other's commit (a row lock held to the end of the transaction). The total is
-- kept in 16 slots instead (decision 222), 'audit_log.total#0' to 'audit_log.total#15', and summed
-- on read (db/list.ts; the 16 is SLOTTED_COUNTERS in db/schema/counters.ts). The slot is the
-- transaction's id modulo 16, so every statement of one transaction adds to the same slot: two
-- writers wait only when their ids share a slot, and a transaction never holds one slot while it
-- waits for another, as two drawn at random per statement could, in opposite orders (a deadlock,
-- decision 288). The sum stays exact: each slot is updated under its row lock, and
-- refresh_counters() replaces the slots with the one 'audit_log.total' row that
-- audit_log_counter_rows gives.
--
-- A statement that inserts no entry (the approvals' expiry of overdue requests on each read, most
-- of the time) returns at once: txid_current() would give the reading transaction an id of its
-- own, and a transaction with an id writes a commit record and waits for it to reach the disk.
CREATE OR REPLACE FUNCTION audit_log_counters_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM new_rows) THEN
    RETURN NULL;
  END IF;
  PERFORM add_to_counters(
    ARRAY['audit_log.total#' || (txid_current() % 16)],
    ARRAY[(SELECT count(*) FROM new_rows)::numeric]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_counters_insert AFTER INSERT ON audit_log REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_counters_apply();
--> statement-breakpoint
CREATE TRIGGER audit_log_counters_truncate AFTER TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION refresh_counters_after_truncate();
