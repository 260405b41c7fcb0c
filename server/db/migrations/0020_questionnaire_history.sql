CREATE TABLE "questionnaire_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"questionnaire_id" uuid NOT NULL,
	"actor_user_id" uuid,
	"actor_name" text NOT NULL,
	"event" text NOT NULL,
	"from_status" "questionnaire_status",
	"to_status" "questionnaire_status",
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "questionnaire_events" ADD CONSTRAINT "questionnaire_events_questionnaire_id_questionnaires_id_fk" FOREIGN KEY ("questionnaire_id") REFERENCES "public"."questionnaires"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questionnaire_events" ADD CONSTRAINT "questionnaire_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "questionnaire_events_questionnaire_id_created_at_index" ON "questionnaire_events" USING btree ("questionnaire_id","created_at");--> statement-breakpoint
-- hand-written: the questionnaires still in 'new' start their history at their arrival (their time in
-- 'new' is then measured); the others' past steps are unknown and stay unmeasured.
INSERT INTO "questionnaire_events" ("questionnaire_id", "actor_name", "event", "to_status", "created_at")
SELECT "id", "company_name", 'questionnaire.created', 'new', "created_at" FROM "questionnaires" WHERE "status" = 'new' AND "renter_id" IS NULL;
