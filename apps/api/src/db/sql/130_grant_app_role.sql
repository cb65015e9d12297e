-- The app's role gets what the app needs and no more (issue 45, docs/decisions/417): run by
-- migrate() as the role that owns the tables (MIGRATION_DATABASE_URL's user), last in every start
-- that applies anything, with DATABASE_URL's user, so a table a migration adds is covered by the
-- start that adds it. Privileges on the tables, never their ownership: ALTER, DISABLE TRIGGER,
-- TRUNCATE, DROP, CREATE TRIGGER and session_replication_role stay the owner's (or a superuser's).
-- The audit log and the two ledgers take INSERT and SELECT only: their triggers refuse UPDATE and
-- DELETE anyway (042, 051, 080); a foreign key's own action on them runs as the table's owner.
CREATE OR REPLACE FUNCTION grant_app_role(app_role text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  here text := current_schema();
  owned text;
BEGIN
  -- A role that could do what the owner does would make all of this a pretence: refused.
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = app_role AND rolsuper)
     OR pg_has_role(app_role, current_user, 'MEMBER') THEN
    RAISE EXCEPTION 'the app''s role % is a superuser or a member of the owner % (DATABASE_URL must name a role of its own)',
      app_role, current_user;
  END IF;
  SELECT string_agg(relname, ', ' ORDER BY relname) INTO owned FROM pg_class
    WHERE relnamespace = here::regnamespace AND relowner = app_role::regrole;
  IF owned IS NOT NULL THEN
    RAISE EXCEPTION 'the app''s role % owns % (as superuser: REASSIGN OWNED BY % TO %)',
      app_role, owned, app_role, current_user;
  END IF;
  EXECUTE format('GRANT USAGE ON SCHEMA %I TO %I', here, app_role);
  EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA %I TO %I', here, app_role);
  EXECUTE format('REVOKE UPDATE, DELETE ON audit_log, point_transactions, cask_valuations FROM %I', app_role);
  EXECUTE format('GRANT USAGE ON ALL SEQUENCES IN SCHEMA %I TO %I', here, app_role);
  EXECUTE format('GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA %I TO %I', here, app_role);
  -- This one is the owner's alone (it would fail for the app anyway: it grants nothing it holds).
  EXECUTE format('REVOKE EXECUTE ON FUNCTION grant_app_role(text) FROM PUBLIC, %I', app_role);
END
$$;
