CREATE TYPE "public"."violation_file_kind" AS ENUM('photo', 'dispute', 'fix');--> statement-breakpoint
CREATE TYPE "public"."violation_status" AS ENUM('draft', 'issued', 'acknowledged', 'disputed', 'fixed', 'closed', 'cancelled');--> statement-breakpoint
CREATE TABLE "violation_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"violation_id" uuid NOT NULL,
	"actor_user_id" uuid,
	"actor_name" text NOT NULL,
	"event" text NOT NULL,
	"from_status" "violation_status",
	"to_status" "violation_status",
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "violation_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"violation_id" uuid NOT NULL,
	"kind" "violation_file_kind" NOT NULL,
	"key" text NOT NULL,
	"name" text,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "violation_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"landlord_id" uuid NOT NULL,
	"code" text,
	"name_ru" text NOT NULL,
	"name_kk" text NOT NULL,
	"name_en" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "violations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"landlord_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"renter_id" uuid NOT NULL,
	"object_id" uuid NOT NULL,
	"room_id" uuid,
	"type_id" uuid NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"description" text NOT NULL,
	"fine" numeric(14, 2),
	"deadline_at" timestamp with time zone,
	"status" "violation_status" DEFAULT 'draft' NOT NULL,
	"overdue" boolean DEFAULT false NOT NULL,
	"recorded_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "violation_events" ADD CONSTRAINT "violation_events_violation_id_violations_id_fk" FOREIGN KEY ("violation_id") REFERENCES "public"."violations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violation_events" ADD CONSTRAINT "violation_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violation_files" ADD CONSTRAINT "violation_files_violation_id_violations_id_fk" FOREIGN KEY ("violation_id") REFERENCES "public"."violations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violation_files" ADD CONSTRAINT "violation_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violation_types" ADD CONSTRAINT "violation_types_landlord_id_landlords_id_fk" FOREIGN KEY ("landlord_id") REFERENCES "public"."landlords"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violations" ADD CONSTRAINT "violations_landlord_id_landlords_id_fk" FOREIGN KEY ("landlord_id") REFERENCES "public"."landlords"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violations" ADD CONSTRAINT "violations_renter_id_renters_id_fk" FOREIGN KEY ("renter_id") REFERENCES "public"."renters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violations" ADD CONSTRAINT "violations_object_id_objects_id_fk" FOREIGN KEY ("object_id") REFERENCES "public"."objects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violations" ADD CONSTRAINT "violations_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violations" ADD CONSTRAINT "violations_type_id_violation_types_id_fk" FOREIGN KEY ("type_id") REFERENCES "public"."violation_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violations" ADD CONSTRAINT "violations_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "violation_events_violation_id_created_at_index" ON "violation_events" USING btree ("violation_id","created_at");--> statement-breakpoint
CREATE INDEX "violation_files_violation_id_kind_index" ON "violation_files" USING btree ("violation_id","kind");--> statement-breakpoint
CREATE INDEX "violation_types_landlord_id_sort_index" ON "violation_types" USING btree ("landlord_id","sort");--> statement-breakpoint
CREATE UNIQUE INDEX "violation_types_code_idx" ON "violation_types" USING btree ("landlord_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "violations_landlord_id_number_index" ON "violations" USING btree ("landlord_id","number");--> statement-breakpoint
CREATE INDEX "violations_list_idx" ON "violations" USING btree ("landlord_id","occurred_at","id");--> statement-breakpoint
CREATE INDEX "violations_status_idx" ON "violations" USING btree ("landlord_id","status","occurred_at","id");--> statement-breakpoint
CREATE INDEX "violations_renter_id_occurred_at_index" ON "violations" USING btree ("renter_id","occurred_at");--> statement-breakpoint
CREATE INDEX "violations_description_trgm_idx" ON "violations" USING gin ("description" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "violations_open_deadline_idx" ON "violations" USING btree ("deadline_at") WHERE "violations"."status" in ('issued', 'acknowledged', 'disputed') and not "violations"."overdue";--> statement-breakpoint
CREATE INDEX "violations_overdue_idx" ON "violations" USING btree ("landlord_id") WHERE "violations"."overdue" and "violations"."status" in ('issued', 'acknowledged', 'disputed');--> statement-breakpoint
-- hand-written: the default violation types for every existing landlord (new landlords get them in server/modules/violations/catalogue.ts, the same list).
INSERT INTO "violation_types" ("landlord_id", "code", "name_ru", "name_kk", "name_en", "sort")
SELECT l."id", d."code", d."name_ru", d."name_kk", d."name_en", d."sort"
FROM "landlords" l
CROSS JOIN (VALUES
  ('late_opening', 'Несвоевременное открытие', 'Уақытында ашылмау', 'Late opening', 1),
  ('goods_in_corridor', 'Товар в проходе', 'Өтпе жолдағы тауар', 'Goods in the corridor', 2),
  ('fire_exit_blocked', 'Загромождение пожарного выхода', 'Өрт шығатын есікті бөгеу', 'Fire exit blocked', 3),
  ('unapproved_advertising', 'Несогласованная реклама', 'Келісілмеген жарнама', 'Unapproved advertising', 4),
  ('cleanliness', 'Нарушение чистоты', 'Тазалықты бұзу', 'Untidy premises', 5),
  ('other', 'Другое', 'Басқа', 'Other', 6)
) AS d("code", "name_ru", "name_kk", "name_en", "sort")
ON CONFLICT ("landlord_id", "code") DO NOTHING;
