DROP INDEX "purchases_customer_idx";--> statement-breakpoint
CREATE INDEX "purchases_customer_idx" ON "purchases" USING btree ("customer_id","status","investment_amount");