CREATE TABLE "request_stat_hours" (
	"landlord_id" uuid NOT NULL,
	"day" date NOT NULL,
	"object_id" uuid NOT NULL,
	"type_id" uuid NOT NULL,
	"employee_id" uuid,
	"contractor_id" uuid,
	"kind" text NOT NULL,
	"hours" numeric(9, 1) NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "request_stat_hours_key" UNIQUE NULLS NOT DISTINCT("landlord_id","day","object_id","type_id","employee_id","contractor_id","kind","hours")
);
--> statement-breakpoint
CREATE TABLE "request_stats" (
	"landlord_id" uuid NOT NULL,
	"day" date NOT NULL,
	"object_id" uuid NOT NULL,
	"type_id" uuid NOT NULL,
	"employee_id" uuid,
	"contractor_id" uuid,
	"status" "request_status" NOT NULL,
	"from_visitor" boolean NOT NULL,
	"created" integer NOT NULL,
	"created_closed" integer NOT NULL,
	"created_on_time" integer NOT NULL,
	"created_returned" integer NOT NULL,
	"closed" integer NOT NULL,
	"closed_on_time" integer NOT NULL,
	CONSTRAINT "request_stats_key" UNIQUE NULLS NOT DISTINCT("landlord_id","day","object_id","type_id","employee_id","contractor_id","status","from_visitor")
);
--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "taken_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "returned" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- hand-written: the requests report's rollup (server/db/schema/request-stats.ts) kept by the database.
-- A request's share of the rollup, for its created day and, once closed, its closed day; Almaty's days, as the reports'.
-- Both functions take the request's columns, in this order, rather than its row: PostgreSQL 15 cannot plan an inlined
-- sql function of a whole row under GROUP BY, and a plpgsql one is four times slower on a bulk change.
CREATE FUNCTION request_stat_rows(
  landlord_id uuid, object_id uuid, type_id uuid, employee_id uuid, contractor_id uuid, status request_status, from_visitor boolean,
  created_at timestamptz, deadline_at timestamptz, closed_at timestamptz, taken_at timestamptz, returned boolean
) RETURNS TABLE (
  landlord_id uuid, day date, object_id uuid, type_id uuid, employee_id uuid, contractor_id uuid, status request_status, from_visitor boolean,
  created int, created_closed int, created_on_time int, created_returned int, closed int, closed_on_time int
) LANGUAGE sql STABLE AS $$
  SELECT $1, ($8 AT TIME ZONE 'Asia/Almaty')::date, $2, $3, $4, $5, $6, $7, 1, ($10 IS NOT NULL)::int, coalesce($10 <= $9, false)::int, $12::int, 0, 0
  UNION ALL
  SELECT $1, ($10 AT TIME ZONE 'Asia/Almaty')::date, $2, $3, $4, $5, $6, $7, 0, 0, 0, 0, 1, ($10 <= $9)::int
  WHERE $10 IS NOT NULL
$$;--> statement-breakpoint
-- Hours rounded to 0.1 under 10, to 1 under 100, then to 10: a histogram that keeps medians within about 5 %.
CREATE FUNCTION request_hours(span interval) RETURNS numeric LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN h < 10 THEN round(h, 1) WHEN h < 100 THEN round(h) ELSE round(h, -1) END
  FROM (SELECT (extract(epoch FROM span) / 3600)::numeric AS h) x
$$;--> statement-breakpoint
CREATE FUNCTION request_stat_hour_rows(
  landlord_id uuid, object_id uuid, type_id uuid, employee_id uuid, contractor_id uuid, status request_status, from_visitor boolean,
  created_at timestamptz, deadline_at timestamptz, closed_at timestamptz, taken_at timestamptz, returned boolean
) RETURNS TABLE (
  landlord_id uuid, day date, object_id uuid, type_id uuid, employee_id uuid, contractor_id uuid, kind text, hours numeric, n int
) LANGUAGE sql STABLE AS $$
  SELECT $1, ($8 AT TIME ZONE 'Asia/Almaty')::date, $2, $3, $4, $5, 'take'::text, request_hours($11 - $8), 1
  WHERE $11 IS NOT NULL
  UNION ALL
  SELECT $1, ($10 AT TIME ZONE 'Asia/Almaty')::date, $2, $3, $4, $5, 'close'::text, request_hours($10 - $8), 1
  WHERE $10 IS NOT NULL
$$;--> statement-breakpoint
-- When a request was first taken into work and whether it was ever returned, from its history.
UPDATE requests r SET taken_at = e.taken, returned = e.returned
FROM (SELECT request_id, min(created_at) FILTER (WHERE to_status = 'in_progress') AS taken, coalesce(bool_or(to_status = 'returned'), false) AS returned
  FROM request_events GROUP BY request_id) e
WHERE r.id = e.request_id;--> statement-breakpoint
INSERT INTO request_stats SELECT s.landlord_id, s.day, s.object_id, s.type_id, s.employee_id, s.contractor_id, s.status, s.from_visitor,
  sum(s.created), sum(s.created_closed), sum(s.created_on_time), sum(s.created_returned), sum(s.closed), sum(s.closed_on_time)
FROM requests r CROSS JOIN LATERAL request_stat_rows(r.landlord_id, r.object_id, r.type_id, r.assignee_employee_id, r.assignee_contractor_id,
  r.status, r.from_visitor, r.created_at, r.deadline_at, r.closed_at, r.taken_at, r.returned) s
GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;--> statement-breakpoint
INSERT INTO request_stat_hours SELECT s.landlord_id, s.day, s.object_id, s.type_id, s.employee_id, s.contractor_id, s.kind, s.hours, sum(s.n)
FROM requests r CROSS JOIN LATERAL request_stat_hour_rows(r.landlord_id, r.object_id, r.type_id, r.assignee_employee_id, r.assignee_contractor_id,
  r.status, r.from_visitor, r.created_at, r.deadline_at, r.closed_at, r.taken_at, r.returned) s
GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;--> statement-breakpoint
-- One trigger function for inserts, updates and deletes of any number of requests: each changed request
-- takes its old share away and adds its new one, in one grouped upsert per table (a bulk insert is one statement).
-- Rows are upserted in key order, the counts before the hours, so concurrent statements lock them in one order;
-- rows left at zero stay (deleting them would take locks out of that order), and the reports skip them.
CREATE FUNCTION request_stats_follow() RETURNS trigger LANGUAGE plpgsql AS $f$
DECLARE
  cols text := 'landlord_id, object_id, type_id, assignee_employee_id, assignee_contractor_id, status, from_visitor, created_at, deadline_at, closed_at, taken_at, returned';
  args text := 'c.landlord_id, c.object_id, c.type_id, c.assignee_employee_id, c.assignee_contractor_id, c.status, c.from_visitor, c.created_at, c.deadline_at, c.closed_at, c.taken_at, c.returned';
  changes text := CASE TG_OP
    WHEN 'INSERT' THEN format('SELECT %s, 1 AS sign FROM new_rows', cols)
    WHEN 'DELETE' THEN format('SELECT %s, -1 AS sign FROM old_rows', cols)
    -- Only the requests whose share moved; a description's edit changes nothing here.
    ELSE format('WITH moved AS (SELECT %1$s FROM old_rows EXCEPT ALL SELECT %1$s FROM new_rows),
        came AS (SELECT %1$s FROM new_rows EXCEPT ALL SELECT %1$s FROM old_rows)
      SELECT *, -1 AS sign FROM moved UNION ALL SELECT *, 1 FROM came', cols)
  END;
BEGIN
  EXECUTE format($q$
    INSERT INTO request_stats SELECT s.landlord_id, s.day, s.object_id, s.type_id, s.employee_id, s.contractor_id, s.status, s.from_visitor,
      sum(c.sign * s.created), sum(c.sign * s.created_closed), sum(c.sign * s.created_on_time), sum(c.sign * s.created_returned),
      sum(c.sign * s.closed), sum(c.sign * s.closed_on_time)
    FROM (%s) c CROSS JOIN LATERAL request_stat_rows(%s) s GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
    ON CONFLICT ON CONSTRAINT request_stats_key DO UPDATE SET created = request_stats.created + excluded.created,
      created_closed = request_stats.created_closed + excluded.created_closed, created_on_time = request_stats.created_on_time + excluded.created_on_time,
      created_returned = request_stats.created_returned + excluded.created_returned, closed = request_stats.closed + excluded.closed,
      closed_on_time = request_stats.closed_on_time + excluded.closed_on_time $q$, changes, args);
  EXECUTE format($q$
    INSERT INTO request_stat_hours SELECT s.landlord_id, s.day, s.object_id, s.type_id, s.employee_id, s.contractor_id, s.kind, s.hours, sum(c.sign * s.n)
    FROM (%s) c CROSS JOIN LATERAL request_stat_hour_rows(%s) s GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
    ON CONFLICT ON CONSTRAINT request_stat_hours_key DO UPDATE SET n = request_stat_hours.n + excluded.n $q$, changes, args);
  RETURN NULL;
END
$f$;--> statement-breakpoint
CREATE TRIGGER requests_stats_insert AFTER INSERT ON requests REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION request_stats_follow();--> statement-breakpoint
CREATE TRIGGER requests_stats_update AFTER UPDATE ON requests REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION request_stats_follow();--> statement-breakpoint
CREATE TRIGGER requests_stats_delete AFTER DELETE ON requests REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION request_stats_follow();--> statement-breakpoint
-- A request's first take and any return, from each event written to its history.
CREATE FUNCTION request_events_follow() RETURNS trigger LANGUAGE plpgsql AS $f$
BEGIN
  UPDATE requests r SET taken_at = least(r.taken_at, e.taken), returned = r.returned OR e.returned
  FROM (SELECT request_id, min(created_at) FILTER (WHERE to_status = 'in_progress') AS taken, coalesce(bool_or(to_status = 'returned'), false) AS returned
    FROM new_rows GROUP BY request_id) e
  WHERE r.id = e.request_id AND ((e.taken IS NOT NULL AND (r.taken_at IS NULL OR e.taken < r.taken_at)) OR (e.returned AND NOT r.returned));
  RETURN NULL;
END
$f$;--> statement-breakpoint
CREATE TRIGGER request_events_follow AFTER INSERT ON request_events REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION request_events_follow();
