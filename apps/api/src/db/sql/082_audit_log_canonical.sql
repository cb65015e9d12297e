-- The audit log's hash chain (docs/architecture.md#audit, decision 413): an entry's canonical
-- content, the text its hash covers. It is the jsonb text of its fixed columns, so its form is
-- PostgreSQL's own and fixed: the keys sorted by length then bytes ("id", "ip", "seq", "after",
-- ...), ", " and ": " between them, before and after as stored (jsonb), the time in UTC with
-- microseconds ("2026-11-27T19:16:50.123456Z"), a missing value null. Never change it: every
-- entry already written would then fail to verify (the migration 0040 writes the same text
-- inline, for the entries it chained).
CREATE OR REPLACE FUNCTION audit_log_canonical(r audit_log) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    'seq', r.seq,
    'id', r.id,
    'created_at', to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
    'admin_id', r.admin_id,
    'action', r.action,
    'entity', r.entity,
    'entity_id', r.entity_id,
    'before', r.before,
    'after', r.after,
    'ip', r.ip,
    'user_agent', r.user_agent,
    'bulk_id', r.bulk_id
  )::text
$$;
