-- Trigram indexes serve the ILIKE '%term%' searches over names and e-mails
-- (docs/architecture.md#stack). pg_trgm is a trusted extension (PostgreSQL 13+), so the database
-- owner may create it; PGlite ships it and loads it in db/client.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
