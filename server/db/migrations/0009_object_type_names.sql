-- Object types get Kazakh and English names beside the Russian one (column "name"). Existing types
-- start with their one name in every language; the superadmin translates them in the form.
ALTER TABLE "object_types" ADD COLUMN "name_kk" text;--> statement-breakpoint
ALTER TABLE "object_types" ADD COLUMN "name_en" text;--> statement-breakpoint
UPDATE "object_types" SET "name_kk" = "name", "name_en" = "name";--> statement-breakpoint
ALTER TABLE "object_types" ALTER COLUMN "name_kk" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "object_types" ALTER COLUMN "name_en" SET NOT NULL;
