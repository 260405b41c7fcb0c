CREATE TYPE "public"."meter_type" AS ENUM('electricity', 'cold_water', 'hot_water', 'heat', 'gas');--> statement-breakpoint
CREATE TYPE "public"."reading_source" AS ENUM('tenant', 'staff', 'import', 'replacement');--> statement-breakpoint
CREATE TYPE "public"."reading_status" AS ENUM('submitted', 'accepted', 'returned');--> statement-breakpoint
ALTER TYPE "public"."access_module" ADD VALUE 'meters';--> statement-breakpoint
CREATE TABLE "meter_reading_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_user_id" uuid,
	"actor_name" text NOT NULL,
	"event" text NOT NULL,
	"from_status" "reading_status",
	"to_status" "reading_status",
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reading_id" uuid NOT NULL,
	"value" numeric(14, 3)
);
--> statement-breakpoint
CREATE TABLE "meter_readings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"landlord_id" uuid NOT NULL,
	"meter_id" uuid NOT NULL,
	"period" date NOT NULL,
	"value" numeric(14, 3) NOT NULL,
	"status" "reading_status" NOT NULL,
	"source" "reading_source" NOT NULL,
	"flags" text[] DEFAULT '{}'::text[] NOT NULL,
	"return_reason" text,
	"photo_key" text,
	"photo_content_type" text,
	"photo_size" integer,
	"submitted_by" uuid,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meter_reminders" (
	"subject_id" uuid NOT NULL,
	"period" date NOT NULL,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meter_reminders_subject_id_period_kind_pk" PRIMARY KEY("subject_id","period","kind")
);
--> statement-breakpoint
CREATE TABLE "meter_settings" (
	"landlord_id" uuid PRIMARY KEY NOT NULL,
	"window_from" integer DEFAULT 20 NOT NULL,
	"window_to" integer DEFAULT 25 NOT NULL,
	"share_common" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"landlord_id" uuid NOT NULL,
	"object_id" uuid NOT NULL,
	"room_id" uuid,
	"type" "meter_type" NOT NULL,
	"serial" text NOT NULL,
	"place" text,
	"digits" integer DEFAULT 6 NOT NULL,
	"multiplier" numeric(10, 3) DEFAULT '1' NOT NULL,
	"installed_on" date NOT NULL,
	"verified_until" date,
	"initial_reading" numeric(14, 3) DEFAULT '0' NOT NULL,
	"replaces_id" uuid,
	"removed_on" date,
	"final_reading" numeric(14, 3),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tariffs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"landlord_id" uuid NOT NULL,
	"type" "meter_type" NOT NULL,
	"starts_on" date NOT NULL,
	"price" numeric(14, 4) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "meter_id" uuid;--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "previous" numeric(14, 3);--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "current" numeric(14, 3);--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "consumption" numeric(14, 3);--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "tariff" numeric(14, 4);--> statement-breakpoint
ALTER TABLE "charges" ADD COLUMN "estimated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "meter_reading_events" ADD CONSTRAINT "meter_reading_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meter_reading_events" ADD CONSTRAINT "meter_reading_events_reading_id_meter_readings_id_fk" FOREIGN KEY ("reading_id") REFERENCES "public"."meter_readings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meter_readings" ADD CONSTRAINT "meter_readings_landlord_id_landlords_id_fk" FOREIGN KEY ("landlord_id") REFERENCES "public"."landlords"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meter_readings" ADD CONSTRAINT "meter_readings_meter_id_meters_id_fk" FOREIGN KEY ("meter_id") REFERENCES "public"."meters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meter_readings" ADD CONSTRAINT "meter_readings_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meter_readings" ADD CONSTRAINT "meter_readings_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meter_settings" ADD CONSTRAINT "meter_settings_landlord_id_landlords_id_fk" FOREIGN KEY ("landlord_id") REFERENCES "public"."landlords"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meters" ADD CONSTRAINT "meters_landlord_id_landlords_id_fk" FOREIGN KEY ("landlord_id") REFERENCES "public"."landlords"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meters" ADD CONSTRAINT "meters_object_id_objects_id_fk" FOREIGN KEY ("object_id") REFERENCES "public"."objects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meters" ADD CONSTRAINT "meters_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariffs" ADD CONSTRAINT "tariffs_landlord_id_landlords_id_fk" FOREIGN KEY ("landlord_id") REFERENCES "public"."landlords"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "meter_reading_events_reading_id_created_at_index" ON "meter_reading_events" USING btree ("reading_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "meter_readings_period_uq" ON "meter_readings" USING btree ("meter_id","period");--> statement-breakpoint
CREATE INDEX "meter_readings_list_idx" ON "meter_readings" USING btree ("landlord_id","period","status");--> statement-breakpoint
CREATE UNIQUE INDEX "meters_serial_uq" ON "meters" USING btree ("landlord_id","type","serial");--> statement-breakpoint
CREATE INDEX "meters_landlord_id_object_id_room_id_index" ON "meters" USING btree ("landlord_id","object_id","room_id");--> statement-breakpoint
CREATE INDEX "meters_room_id_index" ON "meters" USING btree ("room_id");--> statement-breakpoint
CREATE INDEX "meters_verification_idx" ON "meters" USING btree ("verified_until") WHERE "meters"."removed_on" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "tariffs_from_uq" ON "tariffs" USING btree ("landlord_id","type","starts_on");--> statement-breakpoint
ALTER TABLE "charges" ADD CONSTRAINT "charges_meter_id_meters_id_fk" FOREIGN KEY ("meter_id") REFERENCES "public"."meters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "charges_utility_uq" ON "charges" USING btree ("meter_id","renter_id","period") WHERE "charges"."kind" = 'utility';