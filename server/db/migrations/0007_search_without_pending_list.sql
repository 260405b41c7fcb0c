-- Trigram indexes take new rows at once instead of into GIN's pending list: a search otherwise reads
-- the whole pending list (up to 4 MB, until a vacuum) and was 20-40 times slower after a burst of
-- inserts. Altered in place, not rebuilt; the list already pending is merged now.
ALTER INDEX "renters_legal_name_trgm_idx" SET (fastupdate = false);--> statement-breakpoint
ALTER INDEX "renters_trade_point_trgm_idx" SET (fastupdate = false);--> statement-breakpoint
ALTER INDEX "requests_applicant_trgm_idx" SET (fastupdate = false);--> statement-breakpoint
ALTER INDEX "requests_description_trgm_idx" SET (fastupdate = false);--> statement-breakpoint
ALTER INDEX "users_username_trgm_idx" SET (fastupdate = false);--> statement-breakpoint
SELECT gin_clean_pending_list(i::regclass) FROM unnest(ARRAY['renters_legal_name_trgm_idx', 'renters_trade_point_trgm_idx', 'requests_applicant_trgm_idx', 'requests_description_trgm_idx', 'users_username_trgm_idx']) AS i;
