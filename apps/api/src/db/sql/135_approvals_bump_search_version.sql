-- The Approvals list's search version (issue 45, decision 422): its filtered totals are counted
-- again only after a change of `approvals` (a request, a decision, an expiry), by the shared
-- bump_counter_version() (022). A statement that changes no row (the reads' expiry of overdue
-- requests, most of the time) leaves the version alone, so the remembered count stays in use.
CREATE OR REPLACE FUNCTION approvals_bump_search_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM changed) THEN
    INSERT INTO counters AS c (name, value, updated_at) VALUES ('approvals.search_version', 1, now())
    ON CONFLICT (name) DO UPDATE SET value = c.value + 1, updated_at = now();
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER approvals_search_version_insert AFTER INSERT ON approvals
  REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION approvals_bump_search_version();
--> statement-breakpoint
CREATE TRIGGER approvals_search_version_update AFTER UPDATE ON approvals
  REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION approvals_bump_search_version();
--> statement-breakpoint
CREATE TRIGGER approvals_search_version_delete AFTER DELETE ON approvals
  REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION approvals_bump_search_version();
