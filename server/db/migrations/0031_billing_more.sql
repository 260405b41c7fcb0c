CREATE TYPE "public"."bank_line_status" AS ENUM('matched', 'unmatched', 'allocated', 'ignored');--> statement-breakpoint
ALTER TYPE "public"."payment_method" ADD VALUE 'credit_note';--> statement-breakpoint
CREATE TABLE "bank_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"landlord_id" uuid NOT NULL,
	"import_id" uuid,
	"doc_number" text NOT NULL,
	"doc_date" date NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	"payer_bin" text,
	"payer_name" text,
	"payer_account" text DEFAULT '' NOT NULL,
	"purpose" text,
	"status" "bank_line_status" NOT NULL,
	"renter_id" uuid,
	"payment_id" uuid,
	"resolved_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"landlord_id" uuid NOT NULL,
	"renter_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"seq" integer NOT NULL,
	"number" text NOT NULL,
	"issued_on" date NOT NULL,
	"reason" text NOT NULL,
	"subtotal" numeric(16, 2) NOT NULL,
	"vat" numeric(16, 2) DEFAULT '0' NOT NULL,
	"total" numeric(16, 2) NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_reminders" (
	"invoice_id" uuid NOT NULL,
	"offset_days" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_reminders_invoice_id_offset_days_pk" PRIMARY KEY("invoice_id","offset_days")
);
--> statement-breakpoint
CREATE TABLE "payment_checkouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"landlord_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"external_id" text NOT NULL,
	"url" text NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	"payment_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "charges_posted_uq";--> statement-breakpoint
ALTER TABLE "invoice_counters" ADD COLUMN "series" text DEFAULT 'invoice' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_counters" DROP CONSTRAINT "invoice_counters_landlord_id_year_pk";--> statement-breakpoint
ALTER TABLE "invoice_counters" ADD CONSTRAINT "invoice_counters_landlord_id_series_year_pk" PRIMARY KEY("landlord_id","series","year");--> statement-breakpoint
ALTER TABLE "billing_settings" ADD COLUMN "reminders" integer[] DEFAULT '{-3,0,7,30}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_settings" ADD COLUMN "bank" text;--> statement-breakpoint
ALTER TABLE "billing_settings" ADD COLUMN "iik" text;--> statement-breakpoint
ALTER TABLE "billing_settings" ADD COLUMN "bik" text;--> statement-breakpoint
ALTER TABLE "billing_settings" ADD COLUMN "kbe" text;--> statement-breakpoint
ALTER TABLE "billing_settings" ADD COLUMN "knp" text;--> statement-breakpoint
ALTER TABLE "billing_settings" ADD COLUMN "act_template_key" text;--> statement-breakpoint
ALTER TABLE "billing_settings" ADD COLUMN "act_template_name" text;--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "violation_id" uuid;--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "source_invoice_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "credit_note_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "provider_ref" text;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "service_rate" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "late_fee_percent" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "late_fee_cap" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "bank_lines" ADD CONSTRAINT "bank_lines_landlord_id_landlords_id_fk" FOREIGN KEY ("landlord_id") REFERENCES "public"."landlords"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_lines" ADD CONSTRAINT "bank_lines_renter_id_renters_id_fk" FOREIGN KEY ("renter_id") REFERENCES "public"."renters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_lines" ADD CONSTRAINT "bank_lines_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_lines" ADD CONSTRAINT "bank_lines_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_landlord_id_landlords_id_fk" FOREIGN KEY ("landlord_id") REFERENCES "public"."landlords"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_renter_id_renters_id_fk" FOREIGN KEY ("renter_id") REFERENCES "public"."renters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_reminders" ADD CONSTRAINT "invoice_reminders_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_checkouts" ADD CONSTRAINT "payment_checkouts_landlord_id_landlords_id_fk" FOREIGN KEY ("landlord_id") REFERENCES "public"."landlords"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_checkouts" ADD CONSTRAINT "payment_checkouts_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_checkouts" ADD CONSTRAINT "payment_checkouts_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_lines_key_uq" ON "bank_lines" USING btree ("landlord_id","doc_number","doc_date","amount","payer_account");--> statement-breakpoint
CREATE INDEX "bank_lines_queue_idx" ON "bank_lines" USING btree ("landlord_id","doc_date","id") WHERE "bank_lines"."status" = 'unmatched';--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_number_uq" ON "credit_notes" USING btree ("landlord_id","year","seq");--> statement-breakpoint
CREATE INDEX "credit_notes_invoice_id_index" ON "credit_notes" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_checkouts_provider_external_id_index" ON "payment_checkouts" USING btree ("provider","external_id");--> statement-breakpoint
CREATE INDEX "payment_checkouts_invoice_id_index" ON "payment_checkouts" USING btree ("invoice_id");--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_violation_id_violations_id_fk" FOREIGN KEY ("violation_id") REFERENCES "public"."violations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_source_invoice_id_invoices_id_fk" FOREIGN KEY ("source_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_credit_note_id_credit_notes_id_fk" FOREIGN KEY ("credit_note_id") REFERENCES "public"."credit_notes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "charges_violation_uq" ON "charges" USING btree ("violation_id","kind") WHERE "charges"."violation_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "charges_late_fee_uq" ON "charges" USING btree ("source_invoice_id","period") WHERE "charges"."kind" = 'late_fee';--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_ref_uq" ON "payments" USING btree ("landlord_id","provider_ref") WHERE "payments"."provider_ref" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "charges_posted_uq" ON "charges" USING btree ("contract_id","period","kind") WHERE "charges"."contract_id" is not null and "charges"."kind" in ('rent', 'service');