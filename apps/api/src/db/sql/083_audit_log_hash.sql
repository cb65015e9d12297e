-- The audit log's hash chain (docs/architecture.md#audit, decision 413). An entry's hash: the
-- SHA-256, as 64 lower-case hex digits, of the UTF-8 text of the hash of the entry before it
-- (64 zeros for the first entry) followed directly by its canonical content
-- (082_audit_log_canonical.sql). The verifier (db/audit-chain.ts) computes the same in Node.
CREATE OR REPLACE FUNCTION audit_log_hash(prev_hash text, canonical text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT encode(sha256(convert_to(prev_hash || canonical, 'UTF8')), 'hex')
$$;
