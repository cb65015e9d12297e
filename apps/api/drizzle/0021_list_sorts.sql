CREATE INDEX "casks_name_sort_idx" ON "casks" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "casks_distillery_sort_idx" ON "casks" USING btree ("distillery","id");--> statement-breakpoint
CREATE INDEX "casks_current_value_sort_idx" ON "casks" USING btree ("current_value","id");--> statement-breakpoint
CREATE INDEX "casks_status_sort_idx" ON "casks" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "customers_full_name_sort_idx" ON "customers" USING btree ("full_name","id") WHERE "customers"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "customers_email_sort_idx" ON "customers" USING btree ("email","id") WHERE "customers"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "customers_points_balance_sort_idx" ON "customers" USING btree ("points_balance","id") WHERE "customers"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "notifications_title_sort_idx" ON "notifications" USING btree ("title","id");--> statement-breakpoint
CREATE INDEX "offers_title_sort_idx" ON "offers" USING btree ("title","id");--> statement-breakpoint
CREATE INDEX "offers_price_numeric_sort_idx" ON "offers" USING btree ("price_numeric","id");--> statement-breakpoint
CREATE INDEX "purchases_title_sort_idx" ON "purchases" USING btree ("title","id") WHERE "purchases"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "purchases_investment_amount_sort_idx" ON "purchases" USING btree ("investment_amount","id") WHERE "purchases"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "purchases_status_sort_idx" ON "purchases" USING btree ("status","id") WHERE "purchases"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "referrals_reward_amount_sort_idx" ON "referrals" USING btree ("reward_amount","id");--> statement-breakpoint
CREATE INDEX "referrals_status_sort_idx" ON "referrals" USING btree ("status","id");