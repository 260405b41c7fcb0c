import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { LL } from '../../http/i18n';
import { daysWithin, type Period, within } from './period';
import { col, fig, type Report, rows, table } from './shape';

/** The superadmin's platform: landlords, their users, and what happened in the period. */
export async function platformReport(db: Db, period: Period, ll: LL): Promise<Report> {
  const t = ll.reports;
  const byLandlord = await rows<{ key: string; users: number; requests: number; tasks: number }>(
    db,
    sql`select l.name as key,
      (select count(*) from users u where u.landlord_id = l.id)::int as users,
      (select coalesce(sum(s.created), 0) from request_stats s where s.landlord_id = l.id and ${daysWithin(col('s.day'), period)})::int as requests,
      (select count(*) from tasks k where k.landlord_id = l.id and ${within(col('k.created_at'), period)})::int as tasks
    from landlords l order by l.name`,
  );
  // The landlords' users, as the table lists them: the platform's own superadmins are nobody's.
  const sum = (k: 'users' | 'requests' | 'tasks') => byLandlord.reduce((s, r) => s + r[k], 0);
  return {
    name: 'platform',
    from: period.from,
    to: period.to,
    figures: [
      fig('landlords', t.figure.landlords(), byLandlord.length),
      fig('users', t.figure.users(), sum('users')),
      fig('requests', t.names.requests(), sum('requests')),
      fig('tasks', t.names.tasks(), sum('tasks')),
    ],
    tables: [
      table({
        key: 'by_landlord',
        title: t.table.byLandlord(),
        chart: 'bar',
        label: t.col.landlord(),
        columns: [
          { key: 'users', label: t.figure.users() },
          { key: 'requests', label: t.names.requests() },
          { key: 'tasks', label: t.names.tasks() },
        ],
        rows: byLandlord.map((r) => ({ label: r.key, values: [r.users, r.requests, r.tasks] })),
      }),
    ],
  };
}
