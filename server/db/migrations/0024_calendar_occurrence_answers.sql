CREATE TABLE "calendar_occurrence_answers" (
	"event_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"occurrence_start" timestamp with time zone NOT NULL,
	"answer" "calendar_answer" NOT NULL,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_occurrence_answers_pk" PRIMARY KEY("event_id","user_id","occurrence_start")
);
--> statement-breakpoint
ALTER TABLE "calendar_events" ADD COLUMN "sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_occurrence_answers" ADD CONSTRAINT "calendar_occurrence_answers_participant_fk" FOREIGN KEY ("event_id","user_id") REFERENCES "public"."calendar_participants"("event_id","user_id") ON DELETE cascade ON UPDATE no action;