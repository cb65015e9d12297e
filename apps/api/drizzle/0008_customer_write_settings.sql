-- Custom migration (bench/plans.md, "Keeping searches fast while customers change").

-- GIN's fast-update pending list is scanned in full by every search until VACUUM merges it. At the
-- default 4 MB a rare-term search went from 29 to ~480 buffers (0.3 ms to 16 ms) after customer
-- writes. 128 kB bounds that extra scan to 16 pages; inserts flush to the index more often (bulk
-- loads are ~1.5x slower: drop and recreate these two indexes around a very large load instead).
ALTER INDEX customers_full_name_trgm_idx SET (gin_pending_list_limit = 128);
--> statement-breakpoint
ALTER INDEX customers_email_trgm_idx SET (gin_pending_list_limit = 128);
--> statement-breakpoint
-- Room on each page for a new row version, so the frequent updates (isActive, the points balance,
-- updated_at: none of them indexed) stay HOT and add no index entries at all.
ALTER TABLE customers SET (fillfactor = 90);
