ALTER TABLE "point_transactions" ADD COLUMN "referral_id" uuid;--> statement-breakpoint
ALTER TABLE "point_transactions" ADD CONSTRAINT "point_transactions_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "point_transactions_referral_idx" ON "point_transactions" USING btree ("referral_id") WHERE "point_transactions"."referral_id" is not null;--> statement-breakpoint
CREATE INDEX "referrals_code_trgm_idx" ON "referrals" USING gin ("referral_code" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "point_transactions" ADD CONSTRAINT "point_transactions_referral_type" CHECK ("point_transactions"."referral_id" is null or "point_transactions"."type" = 'referral');