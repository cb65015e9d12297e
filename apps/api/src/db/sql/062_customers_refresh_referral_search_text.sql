-- A customer's new name or e-mail, deletion or restoration, rewrites their referrals' search text
-- in the same transaction (061_referrals_set_search_text.sql computes it).
CREATE OR REPLACE FUNCTION customers_refresh_referral_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE referrals SET search_text = ''
    WHERE referrer_id = NEW.id OR referee_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER customers_referral_search_text
  AFTER UPDATE OF full_name, email, deleted_at ON customers
  FOR EACH ROW
  WHEN (OLD.search_text IS DISTINCT FROM NEW.search_text
    OR (OLD.deleted_at IS NULL) IS DISTINCT FROM (NEW.deleted_at IS NULL))
  EXECUTE FUNCTION customers_refresh_referral_search_text();
