-- A version of a list's searchable data, bumped in the same transaction as every change that can
-- change a search's result (docs/decisions/041, 152, 170, 175). The API keeps the exact count of a
-- search for the version it was counted at, and counts again once the version moves.
-- TG_ARGV[0] is the counter's name.
CREATE OR REPLACE FUNCTION bump_counter_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO counters AS c (name, value, updated_at) VALUES (TG_ARGV[0], 1, now())
  ON CONFLICT (name) DO UPDATE SET value = c.value + 1, updated_at = now();
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Customers: a new or deleted customer, a new name or e-mail; an edit of isActive or a point
-- adjustment does not move it.
CREATE TRIGGER customers_search_version
  AFTER INSERT OR DELETE OR UPDATE OF full_name, email, deleted_at OR TRUNCATE ON customers
  FOR EACH STATEMENT EXECUTE FUNCTION bump_counter_version('customers.search_version');
--> statement-breakpoint
-- Orders: a new, deleted or hidden order, a new name, title or status.
CREATE TRIGGER purchases_search_version
  AFTER INSERT OR DELETE OR UPDATE OF contact_full_name, title, status, deleted_at OR TRUNCATE ON purchases
  FOR EACH STATEMENT EXECUTE FUNCTION bump_counter_version('purchases.search_version');
--> statement-breakpoint
-- Casks: name, distillery, rows added, removed, deleted or restored (deleted_at, decision 273);
-- a status or notes change does not move it.
CREATE TRIGGER casks_search_version
  AFTER INSERT OR DELETE OR UPDATE OF name, distillery, deleted_at OR TRUNCATE ON casks
  FOR EACH STATEMENT EXECUTE FUNCTION bump_counter_version('casks.search_version');
--> statement-breakpoint
-- Referrals: any change to a referral row (a search matches the code and both customers' names
-- and e-mails, which customers.search_version follows, and may be narrowed by status).
CREATE TRIGGER referrals_search_version
  AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON referrals
  FOR EACH STATEMENT EXECUTE FUNCTION bump_counter_version('referrals.search_version');
--> statement-breakpoint
-- Offers: any change to an offer row (a search matches the title and the description, narrowed
-- by type, leaving retired offers out).
CREATE TRIGGER offers_search_version
  AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON offers
  FOR EACH STATEMENT EXECUTE FUNCTION bump_counter_version('offers.search_version');
--> statement-breakpoint
-- Casks, for the Cask List's gauge alert filters (issue 30): any change, since a year, a gauge
-- day or an owner may change a filter's or a customer page's count (decision 230).
CREATE TRIGGER casks_alert_search_version
  AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON casks
  FOR EACH STATEMENT EXECUTE FUNCTION bump_counter_version('casks.alert.search_version');
--> statement-breakpoint
-- The customer page's 'Points' and 'Notifications' (issue 30): any change to the ledger
-- (append-only: inserts) or to notifications.
CREATE TRIGGER point_transactions_search_version
  AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON point_transactions
  FOR EACH STATEMENT EXECUTE FUNCTION bump_counter_version('point_transactions.search_version');
--> statement-breakpoint
CREATE TRIGGER notifications_search_version
  AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON notifications
  FOR EACH STATEMENT EXECUTE FUNCTION bump_counter_version('notifications.search_version');
