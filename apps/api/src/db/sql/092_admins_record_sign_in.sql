-- The Admins screen's 'Last sign-in' (docs/decisions/220): every completed sign-in writes an
-- `auth.signed_in` audit row in its transaction (modules/auth), so the admin's
-- last_signed_in_at follows that row, whichever way the sign-in was made, without the sign-in
-- code knowing about this column.
CREATE OR REPLACE FUNCTION admins_record_sign_in() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE admins SET last_signed_in_at = NEW.created_at WHERE id = NEW.admin_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER admins_record_sign_in AFTER INSERT ON audit_log
  FOR EACH ROW WHEN (NEW.action = 'auth.signed_in' AND NEW.admin_id IS NOT NULL)
  EXECUTE FUNCTION admins_record_sign_in();
