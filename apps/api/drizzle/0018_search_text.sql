DROP INDEX "casks_name_trgm_idx";--> statement-breakpoint
DROP INDEX "casks_distillery_trgm_idx";--> statement-breakpoint
DROP INDEX "customers_full_name_trgm_idx";--> statement-breakpoint
DROP INDEX "customers_email_trgm_idx";--> statement-breakpoint
DROP INDEX "purchases_contact_name_trgm_idx";--> statement-breakpoint
DROP INDEX "purchases_title_trgm_idx";--> statement-breakpoint
DROP INDEX "referrals_code_trgm_idx";--> statement-breakpoint
ALTER TABLE "casks" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(name) || chr(10) || coalesce(lower(distillery), '')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(full_name) || chr(10) || lower(email)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "search_text" text GENERATED ALWAYS AS (coalesce(lower(contact_full_name), '') || chr(10) || lower(title)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "casks_search_trgm_idx" ON "casks" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_search_trgm_idx" ON "customers" USING gin ("search_text" gin_trgm_ops) WHERE "customers"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "purchases_search_trgm_idx" ON "purchases" USING gin ("search_text" gin_trgm_ops) WHERE "purchases"."deleted_at" is null;--> statement-breakpoint
-- Issue 14 (docs/decisions/176): each searchable list has one `search_text` column, the fields a
-- search matches lower-cased, one per line, behind one trigram index. A search is one
-- line (the contracts refuse a line break in it), so `search_text like lower(pattern)` matches
-- exactly the rows where one of the fields is `ilike pattern` (ILIKE lower-cases both sides).
--
-- The listing indexes carry the column, so a search that walks a list newest first filters
-- index entries and reads no table row it does not show.
DROP INDEX casks_listing_idx;
--> statement-breakpoint
CREATE INDEX casks_listing_idx ON casks (created_at, id) INCLUDE (search_text);
--> statement-breakpoint
DROP INDEX purchases_listing_idx;
--> statement-breakpoint
CREATE INDEX purchases_listing_idx ON purchases (created_at, id) INCLUDE (search_text)
  WHERE deleted_at IS NULL;
--> statement-breakpoint
DROP INDEX purchases_status_idx;
--> statement-breakpoint
CREATE INDEX purchases_status_idx ON purchases (status, created_at, id) INCLUDE (search_text)
  WHERE deleted_at IS NULL;
--> statement-breakpoint
-- A search's count is planned for its term: the histogram estimates an unanchored pattern only
-- with more than 101 entries (migration 0006 says why).
ALTER TABLE customers ALTER COLUMN search_text SET STATISTICS 300;
--> statement-breakpoint
ALTER TABLE purchases ALTER COLUMN search_text SET STATISTICS 300;
--> statement-breakpoint
ALTER TABLE casks ALTER COLUMN search_text SET STATISTICS 300;
--> statement-breakpoint
ALTER TABLE referrals ALTER COLUMN search_text SET STATISTICS 300;
--> statement-breakpoint
-- As the two indexes it replaces (migration 0008): an edited name is searchable at once.
ALTER INDEX customers_search_trgm_idx SET (gin_pending_list_limit = 128);
--> statement-breakpoint
-- A referral's search text: its code, then each customer's search text, or nothing for a customer
-- deleted (a deleted customer's name and e-mail match no search).
CREATE FUNCTION referral_search_text(code text, referrer uuid, referee uuid) RETURNS text
  LANGUAGE sql STABLE AS $$
  SELECT lower(code)
    || chr(10) || coalesce((SELECT search_text FROM customers WHERE id = referrer AND deleted_at IS NULL), '')
    || chr(10) || coalesce((SELECT search_text FROM customers WHERE id = referee AND deleted_at IS NULL), '');
$$;
--> statement-breakpoint
CREATE FUNCTION referrals_set_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := referral_search_text(NEW.referral_code, NEW.referrer_id, NEW.referee_id);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER referrals_search_text
  BEFORE INSERT OR UPDATE OF referral_code, referrer_id, referee_id, search_text ON referrals
  FOR EACH ROW EXECUTE FUNCTION referrals_set_search_text();
--> statement-breakpoint
-- A customer's new name or e-mail, deletion or restoration, rewrites their referrals' search text
-- in the same transaction. Whatever is written to referrals.search_text, the trigger above
-- replaces it with the computed text: writing '' is how a statement asks for it to be computed.
CREATE FUNCTION customers_refresh_referral_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
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
--> statement-breakpoint
UPDATE referrals SET search_text = '';
--> statement-breakpoint
-- The referrals' indexes on the column are built once it is filled, not updated row by row.
DROP INDEX referrals_listing_idx;
--> statement-breakpoint
CREATE INDEX referrals_listing_idx ON referrals (created_at, id) INCLUDE (search_text);
--> statement-breakpoint
CREATE INDEX "referrals_search_trgm_idx" ON "referrals" USING gin ("search_text" gin_trgm_ops);
