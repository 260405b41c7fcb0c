CREATE INDEX "contractors_created_idx" ON "contractors" USING btree ("landlord_id","status","created_at");--> statement-breakpoint
CREATE INDEX "employees_created_idx" ON "employees" USING btree ("landlord_id","status","created_at");--> statement-breakpoint
CREATE INDEX "renters_created_idx" ON "renters" USING btree ("landlord_id","status","created_at");