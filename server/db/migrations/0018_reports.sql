CREATE INDEX "notifications_landlord_idx" ON "notifications" USING btree ("landlord_id","created_at");--> statement-breakpoint
CREATE INDEX "questionnaires_created_idx" ON "questionnaires" USING btree ("landlord_id","created_at");--> statement-breakpoint
CREATE INDEX "requests_closed_idx" ON "requests" USING btree ("landlord_id","closed_at") WHERE "requests"."closed_at" is not null;--> statement-breakpoint
CREATE INDEX "tasks_created_idx" ON "tasks" USING btree ("landlord_id","created_at");--> statement-breakpoint
CREATE INDEX "tasks_completed_idx" ON "tasks" USING btree ("landlord_id","completed_at") WHERE "tasks"."completed_at" is not null;