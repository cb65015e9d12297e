ALTER TABLE "audit_log" ADD COLUMN "bulk_id" uuid;--> statement-breakpoint
CREATE INDEX "audit_log_bulk_idx" ON "audit_log" USING btree ("bulk_id");