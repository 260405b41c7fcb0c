CREATE TYPE "public"."questionnaire_status" AS ENUM('new', 'in_process', 'waiting', 'reject');--> statement-breakpoint
CREATE TYPE "public"."task_kind" AS ENUM('task', 'quick');--> statement-breakpoint
CREATE TYPE "public"."task_open_status" AS ENUM('new', 'in_progress', 'paused', 'for_revision');--> statement-breakpoint
CREATE TYPE "public"."task_priority" AS ENUM('low', 'medium', 'high');--> statement-breakpoint
CREATE TYPE "public"."task_status" AS ENUM('new', 'in_progress', 'paused', 'done', 'accepted', 'expired', 'rejected', 'for_revision');--> statement-breakpoint
CREATE TABLE "form_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"landlord_id" uuid NOT NULL,
	"object_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questionnaire_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"questionnaire_id" uuid NOT NULL,
	"file_set" integer NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questionnaires" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"landlord_id" uuid NOT NULL,
	"object_id" uuid NOT NULL,
	"status" "questionnaire_status" DEFAULT 'new' NOT NULL,
	"bin_iin" text NOT NULL,
	"company_name" text NOT NULL,
	"legal_address" text,
	"director_name" text,
	"bank" text,
	"bik" text,
	"iik" text,
	"brand_name" text NOT NULL,
	"category" text NOT NULL,
	"brand_country" text,
	"years_in_business" integer,
	"segment" text,
	"stores_count" integer,
	"media_link" text,
	"average_check" numeric(14, 2),
	"turnover_per_sqm" numeric(14, 2),
	"min_area" numeric(10, 2),
	"max_area" numeric(10, 2),
	"turnover_tenge" numeric(14, 2),
	"min_kw" numeric(8, 2),
	"max_kw" numeric(8, 2),
	"floor" text,
	"store_format" text,
	"water_supply" boolean,
	"indoor_supply" boolean,
	"file_link1" text,
	"file_link2" text,
	"contact_full_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"work_phone" text,
	"comment" text,
	"additional_info" text,
	"renter_id" uuid,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"task_id" uuid NOT NULL,
	"actor_user_id" uuid,
	"actor_name" text NOT NULL,
	"event" text NOT NULL,
	"from_status" "task_status",
	"to_status" "task_status",
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"task_id" uuid NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"landlord_id" uuid NOT NULL,
	"kind" "task_kind" DEFAULT 'task' NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"category" text,
	"priority" "task_priority" DEFAULT 'medium' NOT NULL,
	"creator_user_id" uuid NOT NULL,
	"executor_user_id" uuid,
	"executor_contractor_id" uuid,
	"deadline_at" timestamp with time zone NOT NULL,
	"status" "task_status" DEFAULT 'new' NOT NULL,
	"status_before_expiry" "task_open_status",
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "form_links" ADD CONSTRAINT "form_links_landlord_id_landlords_id_fk" FOREIGN KEY ("landlord_id") REFERENCES "public"."landlords"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_links" ADD CONSTRAINT "form_links_object_id_objects_id_fk" FOREIGN KEY ("object_id") REFERENCES "public"."objects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_files" ADD CONSTRAINT "questionnaire_files_questionnaire_id_questionnaires_id_fk" FOREIGN KEY ("questionnaire_id") REFERENCES "public"."questionnaires"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaires" ADD CONSTRAINT "questionnaires_landlord_id_landlords_id_fk" FOREIGN KEY ("landlord_id") REFERENCES "public"."landlords"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaires" ADD CONSTRAINT "questionnaires_object_id_objects_id_fk" FOREIGN KEY ("object_id") REFERENCES "public"."objects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaires" ADD CONSTRAINT "questionnaires_renter_id_renters_id_fk" FOREIGN KEY ("renter_id") REFERENCES "public"."renters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_events" ADD CONSTRAINT "task_events_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_events" ADD CONSTRAINT "task_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_files" ADD CONSTRAINT "task_files_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_files" ADD CONSTRAINT "task_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_landlord_id_landlords_id_fk" FOREIGN KEY ("landlord_id") REFERENCES "public"."landlords"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_creator_user_id_users_id_fk" FOREIGN KEY ("creator_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_executor_user_id_users_id_fk" FOREIGN KEY ("executor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_executor_contractor_id_contractors_id_fk" FOREIGN KEY ("executor_contractor_id") REFERENCES "public"."contractors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "form_links_object_id_index" ON "form_links" USING btree ("object_id");--> statement-breakpoint
CREATE INDEX "questionnaire_files_questionnaire_id_index" ON "questionnaire_files" USING btree ("questionnaire_id");--> statement-breakpoint
CREATE INDEX "questionnaires_list_idx" ON "questionnaires" USING btree ("landlord_id","status","created_at");--> statement-breakpoint
CREATE INDEX "questionnaires_object_id_index" ON "questionnaires" USING btree ("object_id");--> statement-breakpoint
CREATE INDEX "task_events_task_id_created_at_index" ON "task_events" USING btree ("task_id","created_at");--> statement-breakpoint
CREATE INDEX "task_files_task_id_index" ON "task_files" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "tasks_landlord_idx" ON "tasks" USING btree ("landlord_id","kind","status","deadline_at");--> statement-breakpoint
CREATE INDEX "tasks_executor_idx" ON "tasks" USING btree ("executor_user_id","status","deadline_at");--> statement-breakpoint
CREATE INDEX "tasks_creator_idx" ON "tasks" USING btree ("creator_user_id","status","deadline_at");--> statement-breakpoint
CREATE INDEX "tasks_open_deadline_idx" ON "tasks" USING btree ("deadline_at") WHERE "tasks"."status" in ('new', 'in_progress', 'paused', 'for_revision');