CREATE TYPE "public"."language" AS ENUM('ru', 'kk', 'en');--> statement-breakpoint
ALTER TABLE "request_files" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "language" "language" DEFAULT 'ru' NOT NULL;--> statement-breakpoint
-- A person who registered a browser for pushes keeps the language that browser used, the newest one.
UPDATE "users" SET "language" = t."language"::"language" FROM (SELECT DISTINCT ON ("user_id") "user_id", "language" FROM "fcm_tokens" WHERE "language" IN ('ru', 'kk', 'en') ORDER BY "user_id", "created_at" DESC) t WHERE t."user_id" = "users"."id";--> statement-breakpoint
ALTER TABLE "fcm_tokens" DROP COLUMN "language";