CREATE TABLE "cask_appreciation" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"cask_id" uuid NOT NULL,
	"month" date NOT NULL,
	"value" numeric(14, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cask_appreciation_first_of_month" CHECK (extract(day from "cask_appreciation"."month") = 1),
	CONSTRAINT "cask_appreciation_value_not_negative" CHECK ("cask_appreciation"."value" >= 0)
);
--> statement-breakpoint
CREATE TABLE "casks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"distillery" text,
	"year" integer,
	"volume" text,
	"abv" text,
	"location" text,
	"estimated_value" numeric(14, 2),
	"current_value" numeric(14, 2),
	"purchase_price" numeric(14, 2),
	"status" text DEFAULT 'Ready' NOT NULL,
	"owner_id" uuid NOT NULL,
	"type" text DEFAULT 'cask' NOT NULL,
	"notes" text,
	"purchase_date" timestamp with time zone,
	"image_file_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "casks_status_valid" CHECK ("casks"."status" in ('Ready', 'Maturing', 'Experience')),
	CONSTRAINT "casks_type_valid" CHECK ("casks"."type" in ('cask', 'bottle', 'experience')),
	CONSTRAINT "casks_year_range" CHECK ("casks"."year" between 1800 and 2200),
	CONSTRAINT "casks_money_not_negative" CHECK (coalesce("casks"."estimated_value", 0) >= 0 and coalesce("casks"."current_value", 0) >= 0 and coalesce("casks"."purchase_price", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "counters" (
	"name" text PRIMARY KEY NOT NULL,
	"value" numeric(20, 2) DEFAULT '0' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"full_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"referral_code" text DEFAULT upper(substr(replace(gen_random_uuid()::text, '-', ''), 1, 12)) NOT NULL,
	"points_balance" integer DEFAULT 0 NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customers_points_balance_not_negative" CHECK ("customers"."points_balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "notification_reads" (
	"admin_id" uuid NOT NULL,
	"notification_id" uuid NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_reads_pk" PRIMARY KEY("admin_id","notification_id")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"type" text DEFAULT 'system' NOT NULL,
	"priority" text DEFAULT 'medium' NOT NULL,
	"category" text DEFAULT 'general' NOT NULL,
	"admin_notes" text,
	"is_global" boolean DEFAULT false NOT NULL,
	"recipient_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_type_valid" CHECK ("notifications"."type" in ('system', 'tier', 'referral', 'payment', 'cask', 'offer', 'purchase')),
	CONSTRAINT "notifications_priority_valid" CHECK ("notifications"."priority" in ('low', 'medium', 'high', 'urgent')),
	CONSTRAINT "notifications_recipient_matches_scope" CHECK (("notifications"."is_global" and "notifications"."recipient_id" is null) or (not "notifications"."is_global" and "notifications"."recipient_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "offer_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"offer_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"type" text DEFAULT 'cask' NOT NULL,
	"price_numeric" numeric(14, 2),
	"original_price" numeric(14, 2),
	"current_price" numeric(14, 2),
	"is_active" boolean DEFAULT true NOT NULL,
	"is_featured" boolean DEFAULT false NOT NULL,
	"expiry_date" date,
	"description" text,
	"image_file_id" uuid,
	"category" text DEFAULT 'standard' NOT NULL,
	"location" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offers_type_valid" CHECK ("offers"."type" in ('cask', 'bottle', 'experience')),
	CONSTRAINT "offers_money_not_negative" CHECK (coalesce("offers"."price_numeric", 0) >= 0 and coalesce("offers"."original_price", 0) >= 0 and coalesce("offers"."current_price", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "point_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"points" integer NOT NULL,
	"type" text NOT NULL,
	"description" text,
	"admin_notes" text,
	"admin_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "point_transactions_points_not_zero" CHECK ("point_transactions"."points" <> 0),
	CONSTRAINT "point_transactions_type_valid" CHECK ("point_transactions"."type" in ('manual_adjustment', 'referral', 'purchase'))
);
--> statement-breakpoint
CREATE TABLE "purchase_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purchase_id" uuid NOT NULL,
	"content" text NOT NULL,
	"admin_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" uuid NOT NULL,
	"offer_id" uuid,
	"title" text NOT NULL,
	"contact_full_name" text,
	"contact_email" text,
	"preferred_contact_method" text,
	"phone_number" text,
	"investment_amount" numeric(14, 2) NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"cask_progress" text,
	"manual_payment_status" text DEFAULT 'due' NOT NULL,
	"is_first_purchase" boolean DEFAULT false NOT NULL,
	"referral_points_amount" integer DEFAULT 0 NOT NULL,
	"submitted_date" timestamp with time zone DEFAULT now() NOT NULL,
	"days_left" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchases_status_valid" CHECK ("purchases"."status" in ('Active', 'Pending', 'Delivered', 'Reject')),
	CONSTRAINT "purchases_cask_progress_valid" CHECK ("purchases"."cask_progress" in ('Ready', 'Maturing')),
	CONSTRAINT "purchases_manual_payment_status_valid" CHECK ("purchases"."manual_payment_status" in ('paid', 'refunded', 'Delivered', 'due', 'completed')),
	CONSTRAINT "purchases_investment_amount_not_negative" CHECK ("purchases"."investment_amount" >= 0),
	CONSTRAINT "purchases_referral_points_not_negative" CHECK ("purchases"."referral_points_amount" >= 0),
	CONSTRAINT "purchases_days_left_not_negative" CHECK ("purchases"."days_left" >= 0)
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"referrer_id" uuid NOT NULL,
	"referee_id" uuid NOT NULL,
	"referral_code" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reward_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"completed_date" timestamp with time zone,
	"first_purchase_amount" numeric(14, 2),
	"first_purchase_date" timestamp with time zone,
	"admin_notes" text,
	"points_awarded" integer DEFAULT 0 NOT NULL,
	"reward_paid" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referrals_status_valid" CHECK ("referrals"."status" in ('pending', 'completed')),
	CONSTRAINT "referrals_not_self" CHECK ("referrals"."referrer_id" <> "referrals"."referee_id"),
	CONSTRAINT "referrals_reward_not_negative" CHECK ("referrals"."reward_amount" >= 0),
	CONSTRAINT "referrals_points_not_negative" CHECK ("referrals"."points_awarded" >= 0),
	CONSTRAINT "referrals_currency_code" CHECK ("referrals"."currency" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
CREATE TABLE "terms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"content" text NOT NULL,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "terms_type_valid" CHECK ("terms"."type" in ('privacy'))
);
--> statement-breakpoint
ALTER TABLE "cask_appreciation" ADD CONSTRAINT "cask_appreciation_cask_id_casks_id_fk" FOREIGN KEY ("cask_id") REFERENCES "public"."casks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casks" ADD CONSTRAINT "casks_owner_id_customers_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casks" ADD CONSTRAINT "casks_image_file_id_files_id_fk" FOREIGN KEY ("image_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_reads" ADD CONSTRAINT "notification_reads_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_reads" ADD CONSTRAINT "notification_reads_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_recipient_id_customers_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_created_by_admins_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_images" ADD CONSTRAINT "offer_images_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_images" ADD CONSTRAINT "offer_images_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_image_file_id_files_id_fk" FOREIGN KEY ("image_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_transactions" ADD CONSTRAINT "point_transactions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_transactions" ADD CONSTRAINT "point_transactions_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_notes" ADD CONSTRAINT "purchase_notes_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_notes" ADD CONSTRAINT "purchase_notes_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referrer_id_customers_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_referee_id_customers_id_fk" FOREIGN KEY ("referee_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terms" ADD CONSTRAINT "terms_updated_by_admins_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cask_appreciation_cask_month_unique" ON "cask_appreciation" USING btree ("cask_id","month");--> statement-breakpoint
CREATE INDEX "casks_owner_idx" ON "casks" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "casks_listing_idx" ON "casks" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "casks_status_idx" ON "casks" USING btree ("status");--> statement-breakpoint
CREATE INDEX "casks_name_trgm_idx" ON "casks" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "casks_distillery_trgm_idx" ON "casks" USING gin ("distillery" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "customers_referral_code_unique" ON "customers" USING btree ("referral_code");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_email_unique" ON "customers" USING btree (lower("email")) WHERE "customers"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "customers_listing_idx" ON "customers" USING btree ("created_at","id") WHERE "customers"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "customers_full_name_trgm_idx" ON "customers" USING gin ("full_name" gin_trgm_ops) WHERE "customers"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "customers_email_trgm_idx" ON "customers" USING gin ("email" gin_trgm_ops) WHERE "customers"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "notification_reads_notification_idx" ON "notification_reads" USING btree ("notification_id");--> statement-breakpoint
CREATE INDEX "notifications_listing_idx" ON "notifications" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "notifications_recipient_idx" ON "notifications" USING btree ("recipient_id");--> statement-breakpoint
CREATE UNIQUE INDEX "offer_images_offer_position_unique" ON "offer_images" USING btree ("offer_id","position");--> statement-breakpoint
CREATE INDEX "offers_listing_idx" ON "offers" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "offers_type_idx" ON "offers" USING btree ("type","created_at");--> statement-breakpoint
CREATE INDEX "offers_title_trgm_idx" ON "offers" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "point_transactions_customer_idx" ON "point_transactions" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "purchase_notes_purchase_idx" ON "purchase_notes" USING btree ("purchase_id","created_at");--> statement-breakpoint
CREATE INDEX "purchases_customer_idx" ON "purchases" USING btree ("customer_id","investment_amount");--> statement-breakpoint
CREATE INDEX "purchases_listing_idx" ON "purchases" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "purchases_status_idx" ON "purchases" USING btree ("status");--> statement-breakpoint
CREATE INDEX "purchases_offer_idx" ON "purchases" USING btree ("offer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "referrals_referee_unique" ON "referrals" USING btree ("referee_id");--> statement-breakpoint
CREATE INDEX "referrals_referrer_idx" ON "referrals" USING btree ("referrer_id");--> statement-breakpoint
CREATE INDEX "referrals_listing_idx" ON "referrals" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "referrals_status_idx" ON "referrals" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "referrals_code_idx" ON "referrals" USING btree ("referral_code");--> statement-breakpoint
CREATE INDEX "terms_type_created_idx" ON "terms" USING btree ("type","created_at");