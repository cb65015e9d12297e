-- Computes referrals.search_text (060_referral_search_text.sql) on a referral's insert and on a
-- change of its code or customers. Whatever is written to the column, this replaces it with the
-- computed text: writing '' is how a statement asks for it to be computed
-- (062_customers_refresh_referral_search_text.sql does).
CREATE OR REPLACE FUNCTION referrals_set_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := referral_search_text(NEW.referral_code, NEW.referrer_id, NEW.referee_id);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER referrals_search_text
  BEFORE INSERT OR UPDATE OF referral_code, referrer_id, referee_id, search_text ON referrals
  FOR EACH ROW EXECUTE FUNCTION referrals_set_search_text();
