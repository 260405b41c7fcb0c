-- Push switches turned off become the push column of the channel preferences; queued pushes are moments old and dropped.
INSERT INTO "notification_channels" ("user_id", "kind", "channel", "enabled")
SELECT "user_id", "kind", 'push', false FROM "push_muted_kinds" ON CONFLICT DO NOTHING;--> statement-breakpoint
DROP TABLE "push_muted_kinds" CASCADE;--> statement-breakpoint
DROP TABLE "push_outbox" CASCADE;
