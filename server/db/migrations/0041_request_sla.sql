CREATE TYPE "public"."request_priority" AS ENUM('emergency', 'high', 'normal', 'low');--> statement-breakpoint
CREATE TYPE "public"."sla_clock" AS ENUM('working', 'calendar');--> statement-breakpoint
CREATE TABLE "request_escalations" (
	"request_id" uuid NOT NULL,
	"step" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "request_escalations_request_id_step_pk" PRIMARY KEY("request_id","step")
);
--> statement-breakpoint
CREATE TABLE "request_sla_holidays" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"landlord_id" uuid NOT NULL,
	"day" date NOT NULL,
	"name" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "request_sla_settings" (
	"landlord_id" uuid PRIMARY KEY NOT NULL,
	"clock" "sla_clock" DEFAULT 'working' NOT NULL,
	"work_days" integer[] DEFAULT '{1,2,3,4,5}' NOT NULL,
	"work_from" integer DEFAULT 540 NOT NULL,
	"work_to" integer DEFAULT 1080 NOT NULL,
	"pause_statuses" "request_status"[] DEFAULT '{"paused"}' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "request_sla_targets" (
	"landlord_id" uuid NOT NULL,
	"type_id" uuid NOT NULL,
	"priority" "request_priority" NOT NULL,
	"take_minutes" integer NOT NULL,
	"resolve_minutes" integer NOT NULL,
	CONSTRAINT "request_sla_targets_landlord_id_type_id_priority_pk" PRIMARY KEY("landlord_id","type_id","priority")
);
--> statement-breakpoint
CREATE TABLE "request_type_sla" (
	"landlord_id" uuid NOT NULL,
	"type_id" uuid NOT NULL,
	"clock" "sla_clock",
	"escalation" jsonb,
	CONSTRAINT "request_type_sla_landlord_id_type_id_pk" PRIMARY KEY("landlord_id","type_id")
);
--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "priority" "request_priority" DEFAULT 'normal' NOT NULL;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "take_deadline_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "paused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "paused_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "next_escalation_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "request_escalations" ADD CONSTRAINT "request_escalations_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_sla_holidays" ADD CONSTRAINT "request_sla_holidays_landlord_id_landlords_id_fk" FOREIGN KEY ("landlord_id") REFERENCES "public"."landlords"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_sla_settings" ADD CONSTRAINT "request_sla_settings_landlord_id_landlords_id_fk" FOREIGN KEY ("landlord_id") REFERENCES "public"."landlords"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_sla_targets" ADD CONSTRAINT "request_sla_targets_landlord_id_landlords_id_fk" FOREIGN KEY ("landlord_id") REFERENCES "public"."landlords"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_sla_targets" ADD CONSTRAINT "request_sla_targets_type_id_request_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."request_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_type_sla" ADD CONSTRAINT "request_type_sla_landlord_id_landlords_id_fk" FOREIGN KEY ("landlord_id") REFERENCES "public"."landlords"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_type_sla" ADD CONSTRAINT "request_type_sla_type_id_request_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."request_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "request_sla_holidays_landlord_id_day_index" ON "request_sla_holidays" USING btree ("landlord_id","day");--> statement-breakpoint
CREATE INDEX "requests_priority_idx" ON "requests" USING btree ("landlord_id","priority","created_at","id");--> statement-breakpoint
CREATE INDEX "requests_escalation_idx" ON "requests" USING btree ("next_escalation_at") WHERE "requests"."status" not in ('done', 'closed', 'rejected') and "requests"."next_escalation_at" is not null;