import { sql } from 'drizzle-orm';
import { requestShareArgs } from '#server/modules/reports/requests';
import type { Harness } from './api-harness';

const names = ['landlord_id', 'day', 'object_id', 'type_id', 'employee_id', 'contractor_id'];
const KEY = sql.raw(names.join(', '));
const S_KEY = sql.raw(names.map((c) => `s.${c}`).join(', '));
const ARGS = requestShareArgs;

/**
 * Rows where the reports' rollup (request_stats, request_stat_hours) differs from the requests counted
 * again from scratch by the same functions: none when the triggers kept it in step (rows left at
 * zero aside: the triggers keep them).
 */
export async function rollupDrift(h: Harness): Promise<unknown[]> {
  const q = sql`
    with recount as (
      select ${S_KEY}, s.status, s.from_visitor, sum(created)::int as a, sum(created_closed)::int as b, sum(created_on_time)::int as c,
        sum(created_returned)::int as d, sum(closed)::int as e, sum(closed_on_time)::int as f, null::numeric as hours
      from requests r cross join lateral request_stat_rows(${ARGS}) s group by 1, 2, 3, 4, 5, 6, 7, 8
      union all
      select ${S_KEY}, null, null, sum(n)::int, 0, 0, 0, 0, 0, hours from requests r cross join lateral request_stat_hour_rows(${ARGS}) s
      group by 1, 2, 3, 4, 5, 6, kind, hours
    ), kept as (
      select ${KEY}, status, from_visitor, created, created_closed, created_on_time, created_returned, closed, closed_on_time, null::numeric
      from request_stats where created <> 0 or closed <> 0
      union all
      select ${KEY}, null, null, n, 0, 0, 0, 0, 0, hours from request_stat_hours where n <> 0
    )
    (select 'missing' as side, * from (select * from recount except all select * from kept) x)
    union all
    (select 'extra', * from (select * from kept except all select * from recount) y)`;
  return ((await h.db.execute(q)) as unknown as { rows: unknown[] }).rows;
}
