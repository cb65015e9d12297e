ALTER TABLE "export_downloads" ADD COLUMN "session_id" uuid;--> statement-breakpoint
ALTER TABLE "export_downloads" ADD COLUMN "token_version" integer;