CREATE TYPE "public"."request_file_kind" AS ENUM('photo', 'report');--> statement-breakpoint
CREATE TYPE "public"."request_status" AS ENUM('new', 'in_progress', 'paused', 'done', 'closed', 'rejected', 'returned');--> statement-breakpoint
CREATE TABLE "landlord_request_types" (
	"landlord_id" uuid NOT NULL,
	"type_id" uuid NOT NULL,
	"shown" boolean DEFAULT true NOT NULL,
	"responsible_employee_id" uuid,
	"resolve_hours" integer,
	CONSTRAINT "landlord_request_types_landlord_id_type_id_pk" PRIMARY KEY("landlord_id","type_id")
);
--> statement-breakpoint
CREATE TABLE "request_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"actor_user_id" uuid,
	"actor_name" text NOT NULL,
	"event" text NOT NULL,
	"from_status" "request_status",
	"to_status" "request_status",
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "request_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"kind" "request_file_kind" NOT NULL,
	"key" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "request_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" integer NOT NULL,
	"code" text NOT NULL,
	"name_ru" text NOT NULL,
	"name_kk" text NOT NULL,
	"name_en" text NOT NULL,
	"default_resolve_hours" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"landlord_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"type_id" uuid NOT NULL,
	"object_id" uuid NOT NULL,
	"room_id" uuid,
	"renter_id" uuid,
	"created_by" uuid,
	"from_visitor" boolean DEFAULT false NOT NULL,
	"applicant_name" text NOT NULL,
	"applicant_phone" text,
	"description" text NOT NULL,
	"status" "request_status" DEFAULT 'new' NOT NULL,
	"assignee_employee_id" uuid,
	"assignee_contractor_id" uuid,
	"deadline_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "landlord_request_types" ADD CONSTRAINT "landlord_request_types_landlord_id_landlords_id_fk" FOREIGN KEY ("landlord_id") REFERENCES "public"."landlords"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "landlord_request_types" ADD CONSTRAINT "landlord_request_types_type_id_request_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."request_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "landlord_request_types" ADD CONSTRAINT "landlord_request_types_responsible_employee_id_employees_id_fk" FOREIGN KEY ("responsible_employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_events" ADD CONSTRAINT "request_events_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_events" ADD CONSTRAINT "request_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_files" ADD CONSTRAINT "request_files_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_files" ADD CONSTRAINT "request_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_landlord_id_landlords_id_fk" FOREIGN KEY ("landlord_id") REFERENCES "public"."landlords"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_type_id_request_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."request_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_object_id_objects_id_fk" FOREIGN KEY ("object_id") REFERENCES "public"."objects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_renter_id_renters_id_fk" FOREIGN KEY ("renter_id") REFERENCES "public"."renters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_assignee_employee_id_employees_id_fk" FOREIGN KEY ("assignee_employee_id") REFERENCES "public"."employees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_assignee_contractor_id_contractors_id_fk" FOREIGN KEY ("assignee_contractor_id") REFERENCES "public"."contractors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "request_events_request_id_created_at_index" ON "request_events" USING btree ("request_id","created_at");--> statement-breakpoint
CREATE INDEX "request_files_request_id_kind_index" ON "request_files" USING btree ("request_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "request_types_code_index" ON "request_types" USING btree ("code");--> statement-breakpoint
CREATE INDEX "request_types_kind_sort_index" ON "request_types" USING btree ("kind","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "requests_landlord_id_number_index" ON "requests" USING btree ("landlord_id","number");--> statement-breakpoint
CREATE INDEX "requests_journal_idx" ON "requests" USING btree ("landlord_id","created_at");--> statement-breakpoint
CREATE INDEX "requests_status_idx" ON "requests" USING btree ("landlord_id","status","created_at");--> statement-breakpoint
CREATE INDEX "requests_open_deadline_idx" ON "requests" USING btree ("landlord_id","deadline_at") WHERE "requests"."status" not in ('done', 'closed', 'rejected');--> statement-breakpoint
CREATE INDEX "requests_renter_id_created_at_index" ON "requests" USING btree ("renter_id","created_at");--> statement-breakpoint
CREATE INDEX "requests_assignee_employee_id_index" ON "requests" USING btree ("assignee_employee_id");