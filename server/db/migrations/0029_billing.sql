CREATE TYPE "public"."charge_kind" AS ENUM('rent', 'service', 'fine', 'late_fee', 'one_off', 'adjustment', 'utility');--> statement-breakpoint
CREATE TYPE "public"."invoice_status" AS ENUM('draft', 'issued', 'partly_paid', 'paid', 'overdue', 'void');--> statement-breakpoint
ALTER TYPE "public"."access_module" ADD VALUE 'billing';--> statement-breakpoint
CREATE TABLE "billing_runs" (
	"landlord_id" uuid NOT NULL,
	"period" date NOT NULL,
	"charges" integer DEFAULT 0 NOT NULL,
	"invoices" integer DEFAULT 0 NOT NULL,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_runs_landlord_id_period_pk" PRIMARY KEY("landlord_id","period")
);
--> statement-breakpoint
CREATE TABLE "billing_settings" (
	"landlord_id" uuid PRIMARY KEY NOT NULL,
	"auto_run" boolean DEFAULT false NOT NULL,
	"run_day" integer DEFAULT 1 NOT NULL,
	"due_day" integer DEFAULT 10 NOT NULL,
	"vat_payer" boolean DEFAULT false NOT NULL,
	"vat_rate" numeric(5, 2) DEFAULT '12.00' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"landlord_id" uuid NOT NULL,
	"renter_id" uuid NOT NULL,
	"contract_id" uuid,
	"period" date NOT NULL,
	"kind" charge_kind NOT NULL,
	"description" text,
	"days" integer,
	"amount" numeric(14, 2) NOT NULL,
	"vat" numeric(14, 2) DEFAULT '0' NOT NULL,
	"invoice_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"landlord_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "invoice_counters_landlord_id_year_pk" PRIMARY KEY("landlord_id","year")
);
--> statement-breakpoint
CREATE TABLE "invoice_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_user_id" uuid,
	"actor_name" text NOT NULL,
	"event" text NOT NULL,
	"from_status" "invoice_status",
	"to_status" "invoice_status",
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"invoice_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"landlord_id" uuid NOT NULL,
	"renter_id" uuid NOT NULL,
	"period" date NOT NULL,
	"year" integer,
	"seq" integer,
	"number" text,
	"issued_on" date,
	"due_on" date NOT NULL,
	"status" "invoice_status" DEFAULT 'draft' NOT NULL,
	"subtotal" numeric(16, 2) DEFAULT '0' NOT NULL,
	"vat" numeric(16, 2) DEFAULT '0' NOT NULL,
	"total" numeric(16, 2) DEFAULT '0' NOT NULL,
	"paid" numeric(16, 2) DEFAULT '0' NOT NULL,
	"void_reason" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_runs" ADD CONSTRAINT "billing_runs_landlord_id_landlords_id_fk" FOREIGN KEY ("landlord_id") REFERENCES "public"."landlords"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_settings" ADD CONSTRAINT "billing_settings_landlord_id_landlords_id_fk" FOREIGN KEY ("landlord_id") REFERENCES "public"."landlords"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_landlord_id_landlords_id_fk" FOREIGN KEY ("landlord_id") REFERENCES "public"."landlords"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_renter_id_renters_id_fk" FOREIGN KEY ("renter_id") REFERENCES "public"."renters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_counters" ADD CONSTRAINT "invoice_counters_landlord_id_landlords_id_fk" FOREIGN KEY ("landlord_id") REFERENCES "public"."landlords"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_events" ADD CONSTRAINT "invoice_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_events" ADD CONSTRAINT "invoice_events_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_landlord_id_landlords_id_fk" FOREIGN KEY ("landlord_id") REFERENCES "public"."landlords"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_renter_id_renters_id_fk" FOREIGN KEY ("renter_id") REFERENCES "public"."renters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "charges_posted_uq" ON "charges" USING btree ("contract_id","period","kind") WHERE "charges"."contract_id" is not null and "charges"."kind" in ('rent', 'service', 'late_fee');--> statement-breakpoint
CREATE INDEX "charges_landlord_id_renter_id_period_index" ON "charges" USING btree ("landlord_id","renter_id","period");--> statement-breakpoint
CREATE INDEX "charges_invoice_id_index" ON "charges" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "invoice_events_invoice_id_created_at_index" ON "invoice_events" USING btree ("invoice_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_uq" ON "invoices" USING btree ("landlord_id","year","seq");--> statement-breakpoint
CREATE INDEX "invoices_list_idx" ON "invoices" USING btree ("landlord_id","period","created_at","id");--> statement-breakpoint
CREATE INDEX "invoices_renter_id_period_index" ON "invoices" USING btree ("renter_id","period");--> statement-breakpoint
CREATE INDEX "invoices_open_idx" ON "invoices" USING btree ("due_on") WHERE "invoices"."status" in ('issued', 'partly_paid');