CREATE TYPE "public"."access_level" AS ENUM('none', 'view', 'executor', 'employee', 'creator', 'intermediate', 'main');--> statement-breakpoint
CREATE TYPE "public"."access_module" AS ENUM('requests', 'tasks', 'calendar', 'waiting_list', 'renters', 'employees', 'contractors', 'violations', 'contracts', 'notifications', 'reports', 'social_links');--> statement-breakpoint
CREATE TYPE "public"."contractor_application_status" AS ENUM('pending', 'approved', 'declined');--> statement-breakpoint
CREATE TYPE "public"."record_status" AS ENUM('active', 'deleted');--> statement-breakpoint
CREATE TYPE "public"."social_network" AS ENUM('instagram', 'facebook', 'telegram', 'whatsapp', 'youtube', 'tiktok', 'vk', 'website');--> statement-breakpoint
CREATE TABLE "contractor_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"landlord_id" uuid NOT NULL,
	"name" text NOT NULL,
	"bin" text NOT NULL,
	"services" text NOT NULL,
	"contact_name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"address" text,
	"comment" text,
	"status" "contractor_application_status" DEFAULT 'pending' NOT NULL,
	"decline_reason" text,
	"contractor_id" uuid,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contractors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"landlord_id" uuid NOT NULL,
	"name" text NOT NULL,
	"bin" text NOT NULL,
	"services" text NOT NULL,
	"contact_name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"address" text,
	"comment" text,
	"status" "record_status" DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "employee_access" (
	"employee_id" uuid NOT NULL,
	"module" "access_module" NOT NULL,
	"level" "access_level" NOT NULL,
	CONSTRAINT "employee_access_employee_id_module_pk" PRIMARY KEY("employee_id","module")
);
--> statement-breakpoint
CREATE TABLE "employees" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"landlord_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"full_name" text NOT NULL,
	"iin" text,
	"legal_name" text,
	"department" text,
	"group" text,
	"position" text,
	"phone" text,
	"email" text,
	"can_notify" boolean DEFAULT false NOT NULL,
	"status" "record_status" DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "object_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "renters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"landlord_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"room_id" uuid NOT NULL,
	"legal_name" text NOT NULL,
	"bin_iin" text NOT NULL,
	"trade_point_name" text NOT NULL,
	"trade_category" text NOT NULL,
	"lease_contract_date" date NOT NULL,
	"trade_area" numeric(10, 2) NOT NULL,
	"contact_full_name" text NOT NULL,
	"contact_position" text NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"instagram" text,
	"website" text,
	"legal_address" text NOT NULL,
	"status" "record_status" DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "social_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"landlord_id" uuid NOT NULL,
	"network" "social_network" NOT NULL,
	"url" text NOT NULL,
	"title" text,
	"status" "record_status" DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "landlords" ADD COLUMN "bin" text;--> statement-breakpoint
ALTER TABLE "landlords" ADD COLUMN "legal_address" text;--> statement-breakpoint
ALTER TABLE "landlords" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "landlords" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "landlords" ADD COLUMN "status" "record_status" DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "landlords" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "objects" ADD COLUMN "type_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "contractor_applications" ADD CONSTRAINT "contractor_applications_landlord_id_landlords_id_fk" FOREIGN KEY ("landlord_id") REFERENCES "public"."landlords"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contractor_applications" ADD CONSTRAINT "contractor_applications_contractor_id_contractors_id_fk" FOREIGN KEY ("contractor_id") REFERENCES "public"."contractors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contractor_applications" ADD CONSTRAINT "contractor_applications_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contractors" ADD CONSTRAINT "contractors_landlord_id_landlords_id_fk" FOREIGN KEY ("landlord_id") REFERENCES "public"."landlords"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_access" ADD CONSTRAINT "employee_access_employee_id_employees_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_landlord_id_landlords_id_fk" FOREIGN KEY ("landlord_id") REFERENCES "public"."landlords"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renters" ADD CONSTRAINT "renters_landlord_id_landlords_id_fk" FOREIGN KEY ("landlord_id") REFERENCES "public"."landlords"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renters" ADD CONSTRAINT "renters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renters" ADD CONSTRAINT "renters_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_links" ADD CONSTRAINT "social_links_landlord_id_landlords_id_fk" FOREIGN KEY ("landlord_id") REFERENCES "public"."landlords"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contractor_applications_list_idx" ON "contractor_applications" USING btree ("landlord_id","status","created_at");--> statement-breakpoint
CREATE INDEX "contractors_list_idx" ON "contractors" USING btree ("landlord_id","status","name" collate "und-x-icu");--> statement-breakpoint
CREATE UNIQUE INDEX "employees_user_id_index" ON "employees" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "employees_list_idx" ON "employees" USING btree ("landlord_id","status","full_name" collate "und-x-icu");--> statement-breakpoint
CREATE UNIQUE INDEX "object_types_name_key" ON "object_types" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "renters_user_id_index" ON "renters" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "renters_list_idx" ON "renters" USING btree ("landlord_id","status","legal_name" collate "und-x-icu");--> statement-breakpoint
CREATE INDEX "renters_room_id_index" ON "renters" USING btree ("room_id");--> statement-breakpoint
CREATE INDEX "social_links_list_idx" ON "social_links" USING btree ("landlord_id","status","created_at");--> statement-breakpoint
ALTER TABLE "objects" ADD CONSTRAINT "objects_type_id_object_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."object_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "landlords_status_name_idx" ON "landlords" USING btree ("status","name" collate "und-x-icu");