CREATE TABLE "live_users" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP INDEX "notices_due_idx";--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "fanout_from" bigint;--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
-- The notices sent so far were delivered in their sending's transaction.
UPDATE "notices" SET "fanout_from" = 0, "delivered_at" = "sent_at" WHERE "sent_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "live_users" ADD CONSTRAINT "live_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notices_due_idx" ON "notices" USING btree ("send_at") WHERE "notices"."delivered_at" is null and "notices"."cancelled_at" is null;