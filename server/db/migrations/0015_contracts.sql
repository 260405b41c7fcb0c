CREATE TYPE "public"."contract_status" AS ENUM('draft', 'active', 'expiring', 'expired', 'terminated');--> statement-breakpoint
CREATE TABLE "contract_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contract_id" uuid NOT NULL,
	"actor_user_id" uuid,
	"actor_name" text NOT NULL,
	"event" text NOT NULL,
	"from_status" "contract_status",
	"to_status" "contract_status",
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contract_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contract_id" uuid NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contract_rooms" (
	"contract_id" uuid NOT NULL,
	"room_id" uuid NOT NULL,
	"landlord_id" uuid NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"area" numeric(10, 2) NOT NULL,
	"held" boolean DEFAULT false NOT NULL,
	CONSTRAINT "contract_rooms_contract_id_room_id_pk" PRIMARY KEY("contract_id","room_id")
);
--> statement-breakpoint
CREATE TABLE "contract_settings" (
	"landlord_id" uuid PRIMARY KEY NOT NULL,
	"expiring_days" integer DEFAULT 90 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contracts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"landlord_id" uuid NOT NULL,
	"number" text NOT NULL,
	"renter_id" uuid NOT NULL,
	"object_id" uuid NOT NULL,
	"signed_on" date,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"area" numeric(12, 2) NOT NULL,
	"rate" numeric(14, 2) NOT NULL,
	"monthly_total" numeric(16, 2) NOT NULL,
	"deposit" numeric(16, 2),
	"payment_day" integer,
	"indexation_percent" numeric(5, 2),
	"notes" text,
	"status" "contract_status" DEFAULT 'draft' NOT NULL,
	"terminated_on" date,
	"termination_reason" text,
	"previous_id" uuid,
	"end_notice_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contract_events" ADD CONSTRAINT "contract_events_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_events" ADD CONSTRAINT "contract_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_files" ADD CONSTRAINT "contract_files_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_files" ADD CONSTRAINT "contract_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_rooms" ADD CONSTRAINT "contract_rooms_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_rooms" ADD CONSTRAINT "contract_rooms_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_rooms" ADD CONSTRAINT "contract_rooms_landlord_id_landlords_id_fk" FOREIGN KEY ("landlord_id") REFERENCES "public"."landlords"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_settings" ADD CONSTRAINT "contract_settings_landlord_id_landlords_id_fk" FOREIGN KEY ("landlord_id") REFERENCES "public"."landlords"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_landlord_id_landlords_id_fk" FOREIGN KEY ("landlord_id") REFERENCES "public"."landlords"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_renter_id_renters_id_fk" FOREIGN KEY ("renter_id") REFERENCES "public"."renters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_object_id_objects_id_fk" FOREIGN KEY ("object_id") REFERENCES "public"."objects"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_previous_id_contracts_id_fk" FOREIGN KEY ("previous_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contract_events_contract_id_created_at_index" ON "contract_events" USING btree ("contract_id","created_at");--> statement-breakpoint
CREATE INDEX "contract_files_contract_id_index" ON "contract_files" USING btree ("contract_id");--> statement-breakpoint
CREATE INDEX "contract_rooms_room_id_starts_on_index" ON "contract_rooms" USING btree ("room_id","starts_on");--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_number_uq" ON "contracts" USING btree ("landlord_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_previous_uq" ON "contracts" USING btree ("previous_id");--> statement-breakpoint
CREATE INDEX "contracts_list_idx" ON "contracts" USING btree ("landlord_id","status","ends_on");--> statement-breakpoint
CREATE INDEX "contracts_renter_id_index" ON "contracts" USING btree ("renter_id");--> statement-breakpoint
CREATE INDEX "contracts_object_id_index" ON "contracts" USING btree ("object_id");--> statement-breakpoint
CREATE INDEX "contracts_in_force_idx" ON "contracts" USING btree ("ends_on") WHERE "contracts"."status" in ('active', 'expiring');--> statement-breakpoint
-- hand-written: no two signed leases of one room overlap in time, even when signed at once by two processes.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "contract_rooms" ADD CONSTRAINT "contract_rooms_no_overlap" EXCLUDE USING gist ("room_id" WITH =, daterange("starts_on", "ends_on", '[]') WITH &&) WHERE ("held");
