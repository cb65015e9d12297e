-- The audit log's hash chain (docs/architecture.md#audit, decision 413): every new entry gets
-- the next place (seq: 1, 2, 3, ... with no gap), the hash of the entry before it and its own
-- hash (082_audit_log_canonical.sql, 083_audit_log_hash.sql), whatever its INSERT says.
-- Entries of concurrent transactions still form one chain: the trigger first takes a lock held
-- until its transaction ends (an advisory lock, 'audit' in ASCII), so the next writer reads the
-- last entry only once this one has committed or rolled back; each statement of a VOLATILE
-- function reads with a new snapshot, so it sees that entry. Audited transactions therefore
-- commit one after the other from their first entry on (decision 413). The unique index on seq
-- refuses a fork, should one ever be tried (a REPEATABLE READ transaction, which would read an
-- old last entry). After a TRUNCATE the chain starts again at 1.
CREATE OR REPLACE FUNCTION audit_log_chain() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  last record;
BEGIN
  PERFORM pg_advisory_xact_lock(418581342580);
  SELECT seq, hash INTO last FROM audit_log ORDER BY seq DESC LIMIT 1;
  NEW.seq := coalesce(last.seq, 0) + 1;
  NEW.prev_hash := coalesce(last.hash, repeat('0', 64));
  NEW.hash := audit_log_hash(NEW.prev_hash, audit_log_canonical(NEW));
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_chain BEFORE INSERT ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_chain();
