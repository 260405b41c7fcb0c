ALTER TYPE "public"."import_entity" ADD VALUE 'meters';--> statement-breakpoint
ALTER TYPE "public"."import_entity" ADD VALUE 'meter_readings';