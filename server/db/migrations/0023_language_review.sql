-- Language review of 2026-11-26: a fire exit is an evacuation exit in Kazakh («Өрт шығатын есік» reads as
-- "the door the fire comes out of"), and the after-hours request type no longer repeats «жұмыс». Rows the
-- landlord or the superadmin has already renamed keep their name.
UPDATE "violation_types" SET "name_kk" = 'Эвакуациялық шығу жолын бөгеу' WHERE "code" = 'fire_exit_blocked' AND "name_kk" = 'Өрт шығатын есікті бөгеу';--> statement-breakpoint
UPDATE "request_types" SET "name_kk" = 'Жұмыс уақытынан тыс жұмыстарға рұқсат' WHERE "code" = 'after_hours_work' AND "name_kk" = 'Жұмыстан тыс уақытта жұмыс істеуге рұқсат';
