CREATE TABLE "cask_regauges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cask_id" uuid NOT NULL,
	"gauged_on" date NOT NULL,
	"bulk_litres" numeric(12, 3) NOT NULL,
	"abv" numeric(5, 2) NOT NULL,
	"admin_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cask_regauges_bulk_litres_positive" CHECK ("cask_regauges"."bulk_litres" > 0),
	CONSTRAINT "cask_regauges_abv_range" CHECK ("cask_regauges"."abv" > 0 and "cask_regauges"."abv" <= 100)
);
--> statement-breakpoint
CREATE TABLE "cask_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cask_id" uuid NOT NULL,
	"from_customer_id" uuid NOT NULL,
	"to_customer_id" uuid NOT NULL,
	"transferred_on" date NOT NULL,
	"price" numeric(14, 2),
	"note" text,
	"admin_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cask_transfers_not_self" CHECK ("cask_transfers"."from_customer_id" <> "cask_transfers"."to_customer_id"),
	CONSTRAINT "cask_transfers_price_not_negative" CHECK (coalesce("cask_transfers"."price", 0) >= 0)
);
--> statement-breakpoint
ALTER TABLE "casks" ADD COLUMN "last_gauged_on" date;--> statement-breakpoint
ALTER TABLE "casks" ADD COLUMN "regauge_due_on" date GENERATED ALWAYS AS (case when year is null then null else least(
        greatest(make_date(year, 1, 1) + interval '5 years',
                 coalesce(last_gauged_on, make_date(year, 1, 1)) + interval '3 years'),
        greatest(make_date(year, 1, 1) + interval '15 years',
                 coalesce(last_gauged_on, make_date(year, 1, 1)) + interval '1 year'))::date end) STORED;--> statement-breakpoint
ALTER TABLE "casks" ADD COLUMN "abv_forty_on" date;--> statement-breakpoint
ALTER TABLE "cask_regauges" ADD CONSTRAINT "cask_regauges_cask_id_casks_id_fk" FOREIGN KEY ("cask_id") REFERENCES "public"."casks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cask_regauges" ADD CONSTRAINT "cask_regauges_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cask_transfers" ADD CONSTRAINT "cask_transfers_cask_id_casks_id_fk" FOREIGN KEY ("cask_id") REFERENCES "public"."casks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cask_transfers" ADD CONSTRAINT "cask_transfers_from_customer_id_customers_id_fk" FOREIGN KEY ("from_customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cask_transfers" ADD CONSTRAINT "cask_transfers_to_customer_id_customers_id_fk" FOREIGN KEY ("to_customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cask_transfers" ADD CONSTRAINT "cask_transfers_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cask_regauges_cask_idx" ON "cask_regauges" USING btree ("cask_id","gauged_on","created_at");--> statement-breakpoint
CREATE INDEX "cask_transfers_cask_idx" ON "cask_transfers" USING btree ("cask_id","created_at");--> statement-breakpoint
CREATE INDEX "cask_transfers_from_idx" ON "cask_transfers" USING btree ("from_customer_id");--> statement-breakpoint
CREATE INDEX "cask_transfers_to_idx" ON "cask_transfers" USING btree ("to_customer_id");--> statement-breakpoint
CREATE INDEX "casks_owner_listing_idx" ON "casks" USING btree ("owner_id","created_at","id");--> statement-breakpoint
CREATE INDEX "casks_regauge_due_idx" ON "casks" USING btree ("regauge_due_on","created_at","id");--> statement-breakpoint
CREATE INDEX "casks_abv_forty_idx" ON "casks" USING btree ("abv_forty_on","created_at","id");--> statement-breakpoint
CREATE INDEX "notifications_recipient_listing_idx" ON "notifications" USING btree ("recipient_id","created_at","id");--> statement-breakpoint
CREATE INDEX "notifications_global_listing_idx" ON "notifications" USING btree ("created_at","id") WHERE "notifications"."is_global";--> statement-breakpoint
CREATE INDEX "purchases_customer_listing_idx" ON "purchases" USING btree ("customer_id","created_at","id") WHERE "purchases"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "referrals_referrer_listing_idx" ON "referrals" USING btree ("referrer_id","created_at","id");