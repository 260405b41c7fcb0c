import { sql } from 'drizzle-orm';
import { bucketOf, within } from './period';
import { type Built, type Ctx, col, fig, type Keyed, overTime, rows, share, table } from './shape';

/** Tasks of the landlord: given and completed, on time, expired, returned for revision, per employee. */
export async function tasksReport(ctx: Ctx): Promise<Built> {
  const { db, period: p, ll } = ctx;
  const t = ll.reports;
  const scope = sql`k.landlord_id = ${ctx.landlordId}::uuid
    ${ctx.executorId ? sql`and k.executor_user_id = (select em.user_id from employees em where em.id = ${ctx.executorId}::uuid)` : sql``}`;
  const given = sql`${scope} and ${within(col('k.created_at'), p)}`;
  // A rejected task also keeps when it ended (tasks/transitions.ts), but it was not completed.
  const completedIn = sql`${within(col('k.completed_at'), p)} and k.status <> 'rejected'`;
  const done = sql`${scope} and ${completedIn}`;
  const returnedIn = sql`exists (select 1 from task_events e where e.task_id = k.id and e.to_status = 'for_revision' and ${within(col('e.created_at'), p)})`;
  const [[g], [c], [back], perGiven, perDone, byEmployee] = await Promise.all([
    rows<{ n: number; expired: number }>(
      db,
      sql`select count(*)::int as n, count(*) filter (where k.status = 'expired')::int as expired from tasks k where ${given}`,
    ),
    rows<{ n: number; on_time: number }>(
      db,
      sql`select count(*)::int as n, count(*) filter (where k.completed_at <= k.deadline_at)::int as on_time from tasks k where ${done}`,
    ),
    rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from task_events e join tasks k on k.id = e.task_id where ${scope} and e.to_status = 'for_revision' and ${within(col('e.created_at'), p)}`,
    ),
    rows<Keyed>(db, sql`select ${bucketOf(col('k.created_at'), p)} as key, count(*)::int as n from tasks k where ${given} group by 1`),
    rows<Keyed>(db, sql`select ${bucketOf(col('k.completed_at'), p)} as key, count(*)::int as n from tasks k where ${done} group by 1`),
    rows<{ key: string | null; given: number; completed: number; on_time: number; expired: number; returned: number }>(
      db,
      sql`select coalesce(u.full_name, c.name) as key,
        count(*) filter (where ${within(col('k.created_at'), p)})::int as given,
        count(*) filter (where ${completedIn})::int as completed,
        count(*) filter (where ${completedIn} and k.completed_at <= k.deadline_at)::int as on_time,
        count(*) filter (where ${within(col('k.created_at'), p)} and k.status = 'expired')::int as expired,
        count(*) filter (where ${returnedIn})::int as returned
      from tasks k left join users u on u.id = k.executor_user_id left join contractors c on c.id = k.executor_contractor_id
      where ${scope} and (${within(col('k.created_at'), p)} or ${within(col('k.completed_at'), p)} or ${returnedIn})
      group by u.id, u.full_name, c.id, c.name order by 2 desc, 1`,
    ),
  ]);
  return {
    figures: [
      fig('given', t.figure.given(), g?.n ?? 0),
      fig('completed', t.figure.completed(), c?.n ?? 0),
      fig('on_time', t.figure.onTime(), share(c?.on_time ?? 0, c?.n ?? 0), 'percent'),
      fig('expired', t.figure.expired(), g?.expired ?? 0),
      fig('returned', t.figure.returned(), back?.n ?? 0),
    ],
    tables: [
      overTime(ctx, 'over_time', [
        { key: 'given', label: t.figure.given(), rows: perGiven },
        { key: 'completed', label: t.figure.completed(), rows: perDone },
      ]),
      table({
        key: 'by_employee',
        title: t.table.byEmployee(),
        chart: 'bar',
        label: t.col.employee(),
        columns: [
          { key: 'given', label: t.figure.given() },
          { key: 'completed', label: t.figure.completed() },
          { key: 'on_time', label: t.figure.onTime() },
          { key: 'expired', label: t.figure.expired() },
          { key: 'returned', label: t.figure.returned() },
        ],
        rows: byEmployee.map((r) => ({ label: r.key ?? t.col.none(), values: [r.given, r.completed, r.on_time, r.expired, r.returned] })),
      }),
    ],
  };
}
