CREATE TABLE "audit_checkpoints" (
	"day" date PRIMARY KEY NOT NULL,
	"entries" bigint NOT NULL,
	"last_hash" text NOT NULL,
	"last_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "seq" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "prev_hash" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "hash" text DEFAULT '' NOT NULL;
--> statement-breakpoint
-- hand-written
-- Decision 413: the entries already written are chained in their existing order (created_at,
-- id), as the trigger of src/db/sql/084_audit_log_chain.sql chains every new one, with the same
-- canonical content and hash (082_audit_log_canonical.sql and 083_audit_log_hash.sql, written out here: that file is applied
-- only after the migrations). Chaining updates the entries, which the append-only trigger
-- refuses: it is dropped here, and the start makes it again from
-- 080_refuse_audit_log_change.sql right after the migrations, in the same start. The unique
-- index on seq (generated) is made once every entry has its place.
DROP TRIGGER IF EXISTS audit_log_append_only ON audit_log;
--> statement-breakpoint
DO $$
DECLARE
  entry audit_log%ROWTYPE;
  place bigint := 0;
  previous text := repeat('0', 64);
BEGIN
  FOR entry IN SELECT * FROM audit_log ORDER BY created_at, id LOOP
    place := place + 1;
    UPDATE audit_log SET seq = place, prev_hash = previous, hash = encode(sha256(convert_to(
      previous || jsonb_build_object(
        'seq', place,
        'id', entry.id,
        'created_at', to_char(entry.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
        'admin_id', entry.admin_id,
        'action', entry.action,
        'entity', entry.entity,
        'entity_id', entry.entity_id,
        'before', entry.before,
        'after', entry.after,
        'ip', entry.ip,
        'user_agent', entry.user_agent,
        'bulk_id', entry.bulk_id
      )::text, 'UTF8')), 'hex')
    WHERE id = entry.id
    RETURNING hash INTO previous;
  END LOOP;
END
$$;
--> statement-breakpoint
CREATE UNIQUE INDEX "audit_log_seq_unique" ON "audit_log" USING btree ("seq");
