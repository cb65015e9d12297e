DROP INDEX "point_transactions_customer_idx";--> statement-breakpoint
CREATE INDEX "point_transactions_customer_idx" ON "point_transactions" USING btree ("customer_id","created_at","id");