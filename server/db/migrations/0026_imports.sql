CREATE TYPE "public"."import_entity" AS ENUM('tenants', 'units', 'employees');--> statement-breakpoint
CREATE TYPE "public"."import_status" AS ENUM('uploaded', 'checked', 'committed', 'failed', 'discarded');--> statement-breakpoint
CREATE TABLE "import_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_user_id" uuid,
	"actor_name" text NOT NULL,
	"event" text NOT NULL,
	"from_status" "import_status",
	"to_status" "import_status",
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"import_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"landlord_id" uuid NOT NULL,
	"entity" "import_entity" NOT NULL,
	"status" "import_status" DEFAULT 'uploaded' NOT NULL,
	"file_name" text NOT NULL,
	"file_key" text,
	"file_type" text NOT NULL,
	"file_size" integer NOT NULL,
	"created_by" uuid,
	"created_by_name" text NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"changed" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"wrong" integer DEFAULT 0 NOT NULL,
	"error_count" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"failure" text,
	"committed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "import_events" ADD CONSTRAINT "import_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_events" ADD CONSTRAINT "import_events_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_landlord_id_landlords_id_fk" FOREIGN KEY ("landlord_id") REFERENCES "public"."landlords"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_events_import_id_created_at_index" ON "import_events" USING btree ("import_id","created_at");--> statement-breakpoint
CREATE INDEX "imports_list_idx" ON "imports" USING btree ("landlord_id","created_at","id");