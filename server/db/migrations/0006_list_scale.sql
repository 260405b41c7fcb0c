-- Trigram search (ILIKE through GIN indexes) needs pg_trgm: contrib on PostgreSQL, loaded by the embedded PGlite.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "requests_journal_idx";--> statement-breakpoint
DROP INDEX "requests_status_idx";--> statement-breakpoint
CREATE INDEX "renters_legal_name_trgm_idx" ON "renters" USING gin ("legal_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "renters_trade_point_trgm_idx" ON "renters" USING gin ("trade_point_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "requests_deadline_idx" ON "requests" USING btree ("landlord_id","deadline_at","id");--> statement-breakpoint
CREATE INDEX "requests_applicant_trgm_idx" ON "requests" USING gin ("applicant_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "requests_description_trgm_idx" ON "requests" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_username_trgm_idx" ON "users" USING gin ("username" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "requests_journal_idx" ON "requests" USING btree ("landlord_id","created_at","id");--> statement-breakpoint
CREATE INDEX "requests_status_idx" ON "requests" USING btree ("landlord_id","status","created_at","id");