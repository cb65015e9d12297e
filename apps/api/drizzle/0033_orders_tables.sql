-- hand-written (issue 42, one name per thing; docs/decisions/377): the orders' tables are named
-- as the business names them, `orders` and `order_notes`, with their indexes, constraints,
-- sequence and counters. RENAME keeps every row, index and statistic; nothing is copied.
-- The counter functions and triggers named after the old table go first (decision 206: a
-- migration drops what the files no longer define): src/db/sql/033_orders_counters.sql and
-- 021_refresh_counters_after_truncate.sql make them again under the new names after the
-- migrations. Left in place, refresh_counters() would still find purchases_counter_rows (its
-- argument follows the renamed table) and the old triggers would count twice.
DROP TRIGGER IF EXISTS purchases_counters_insert ON purchases;--> statement-breakpoint
DROP TRIGGER IF EXISTS purchases_counters_update ON purchases;--> statement-breakpoint
DROP TRIGGER IF EXISTS purchases_counters_delete ON purchases;--> statement-breakpoint
DROP TRIGGER IF EXISTS purchases_counters_truncate ON purchases;--> statement-breakpoint
DROP TRIGGER IF EXISTS purchases_search_version ON purchases;--> statement-breakpoint
DROP FUNCTION IF EXISTS purchases_counters_apply();--> statement-breakpoint
DROP FUNCTION IF EXISTS purchases_counter_rows(purchases);--> statement-breakpoint
ALTER TABLE "purchases" RENAME TO "orders";--> statement-breakpoint
ALTER TABLE "purchase_notes" RENAME TO "order_notes";--> statement-breakpoint
ALTER TABLE "order_notes" RENAME COLUMN "purchase_id" TO "order_id";--> statement-breakpoint
ALTER SEQUENCE "purchases_order_number_seq" RENAME TO "orders_order_number_seq";--> statement-breakpoint
ALTER TABLE "orders" RENAME CONSTRAINT "purchases_pkey" TO "orders_pkey";--> statement-breakpoint
ALTER TABLE "orders" RENAME CONSTRAINT "purchases_customer_id_customers_id_fk" TO "orders_customer_id_customers_id_fk";--> statement-breakpoint
ALTER TABLE "orders" RENAME CONSTRAINT "purchases_offer_id_offers_id_fk" TO "orders_offer_id_offers_id_fk";--> statement-breakpoint
ALTER TABLE "orders" RENAME CONSTRAINT "purchases_status_valid" TO "orders_status_valid";--> statement-breakpoint
ALTER TABLE "orders" RENAME CONSTRAINT "purchases_cask_progress_valid" TO "orders_cask_progress_valid";--> statement-breakpoint
ALTER TABLE "orders" RENAME CONSTRAINT "purchases_manual_payment_status_valid" TO "orders_manual_payment_status_valid";--> statement-breakpoint
ALTER TABLE "orders" RENAME CONSTRAINT "purchases_investment_amount_not_negative" TO "orders_investment_amount_not_negative";--> statement-breakpoint
ALTER TABLE "orders" RENAME CONSTRAINT "purchases_referral_points_not_negative" TO "orders_referral_points_not_negative";--> statement-breakpoint
ALTER TABLE "orders" RENAME CONSTRAINT "purchases_days_left_not_negative" TO "orders_days_left_not_negative";--> statement-breakpoint
ALTER INDEX "purchases_customer_idx" RENAME TO "orders_customer_idx";--> statement-breakpoint
ALTER INDEX "purchases_listing_idx" RENAME TO "orders_listing_idx";--> statement-breakpoint
ALTER INDEX "purchases_status_idx" RENAME TO "orders_status_idx";--> statement-breakpoint
ALTER INDEX "purchases_title_sort_idx" RENAME TO "orders_title_sort_idx";--> statement-breakpoint
ALTER INDEX "purchases_investment_amount_sort_idx" RENAME TO "orders_investment_amount_sort_idx";--> statement-breakpoint
ALTER INDEX "purchases_status_sort_idx" RENAME TO "orders_status_sort_idx";--> statement-breakpoint
ALTER INDEX "purchases_search_trgm_idx" RENAME TO "orders_search_trgm_idx";--> statement-breakpoint
ALTER INDEX "purchases_offer_idx" RENAME TO "orders_offer_idx";--> statement-breakpoint
ALTER INDEX "purchases_order_number_idx" RENAME TO "orders_order_number_idx";--> statement-breakpoint
ALTER INDEX "purchases_customer_listing_idx" RENAME TO "orders_customer_listing_idx";--> statement-breakpoint
ALTER TABLE "order_notes" RENAME CONSTRAINT "purchase_notes_pkey" TO "order_notes_pkey";--> statement-breakpoint
ALTER TABLE "order_notes" RENAME CONSTRAINT "purchase_notes_purchase_id_purchases_id_fk" TO "order_notes_order_id_orders_id_fk";--> statement-breakpoint
ALTER TABLE "order_notes" RENAME CONSTRAINT "purchase_notes_admin_id_admins_id_fk" TO "order_notes_admin_id_admins_id_fk";--> statement-breakpoint
ALTER INDEX "purchase_notes_purchase_idx" RENAME TO "order_notes_order_idx";--> statement-breakpoint
-- PostgreSQL 18 names each NOT NULL constraint after its table and column
-- (purchases_id_not_null); earlier versions keep none. Named as a new table's would be.
DO $$
DECLARE
  c record;
BEGIN
  FOR c IN SELECT conrelid::regclass AS tbl, conname FROM pg_constraint
    WHERE contype = 'n' AND conrelid IN ('orders'::regclass, 'order_notes'::regclass)
      AND conname LIKE 'purchase%'
  LOOP
    EXECUTE format('ALTER TABLE %s RENAME CONSTRAINT %I TO %I', c.tbl, c.conname,
      replace(regexp_replace(c.conname, '^purchase(s|_notes)_', 'order\1_'), '_purchase_id_', '_order_id_'));
  END LOOP;
END
$$;--> statement-breakpoint
-- The counters keep their values under the new names ('purchases.total' is 'orders.total',
-- 'purchases.revenue.2026-03' 'orders.revenue.2026-03', 'purchases.search_version'
-- 'orders.search_version'); no order changed, so no recount.
UPDATE "counters" SET "name" = 'orders.' || substr("name", length('purchases.') + 1) WHERE "name" LIKE 'purchases.%';
