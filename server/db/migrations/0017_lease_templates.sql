ALTER TABLE "contract_settings" ADD COLUMN "template_key" text;--> statement-breakpoint
ALTER TABLE "contract_settings" ADD COLUMN "template_name" text;--> statement-breakpoint
ALTER TABLE "contract_settings" ADD COLUMN "template_uploaded_at" timestamp with time zone;