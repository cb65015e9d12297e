-- The audit log is append-only in the database itself (docs/architecture.md#audit, issue 29): no
-- statement of ours, not even a bug, can rewrite or erase an entry. TRUNCATE (resetting a whole
-- database, the tests between files) stays possible, as for the ledger
-- (042_refuse_ledger_change.sql).
CREATE OR REPLACE FUNCTION refuse_audit_log_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % is not allowed', TG_OP
    USING ERRCODE = 'restrict_violation';
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_audit_log_change();
