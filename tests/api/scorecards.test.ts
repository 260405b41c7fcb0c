import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { almatyToday } from '#/shared/almaty';
import { employeeAccess, employees } from '#server/db/schema';
import { describeEachDatabase } from '../support/api-harness';
import { createAsRenter, firstRenterType, uploadFile } from '../support/requests';
import { contractorOf, userIdOf } from '../support/tasks';

type Table = { key: string; columns: { key: string }[]; rows: { label: string; values: (number | null)[] }[]; totals: (number | null)[] };
type Line = {
  id: string;
  created_at: string;
  taken_at: string | null;
  closed_at: string | null;
  returned: boolean;
  employee: string | null;
  contractor: string | null;
  type: string;
  renter: string | null;
  rating: number | null;
  rated_at: string | null;
  take_deadline_at: string | null;
  deadline_at: string;
};

const round1 = (v: number | null) => (v === null ? null : Math.round(v * 10) / 10);
const round2 = (v: number | null) => (v === null ? null : Math.round(v * 100) / 100);
/** The middle value, or the mean of the middle two (as percentile_cont(0.5)). */
const median = (xs: number[]) => {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  const mid = (s.length - 1) / 2;
  return ((s[Math.floor(mid)] as number) + (s[Math.ceil(mid)] as number)) / 2;
};
const hours = (from: string, to: string | null) => (to === null ? null : (Date.parse(to) - Date.parse(from)) / 3_600_000);
const percent = (part: number, whole: number) => (whole === 0 ? null : Math.round((1000 * part) / whole) / 10);
const by = (at: string | null, deadline: string | null) => at !== null && deadline !== null && Date.parse(at) <= Date.parse(deadline);
const past = (deadline: string | null) => deadline !== null && Date.parse(deadline) < Date.now();

/** A scorecard line counted again from the requests themselves. */
function recount(lines: Line[]): (number | null)[] {
  const rated = lines.filter((l) => l.rating !== null).map((l) => l.rating as number);
  const n = lines.length;
  return [
    n,
    round1(median(lines.map((l) => hours(l.created_at, l.taken_at)).filter((x): x is number => x !== null))),
    round1(median(lines.map((l) => hours(l.created_at, l.closed_at)).filter((x): x is number => x !== null))),
    round2(rated.length ? rated.reduce((a, b) => a + b, 0) / rated.length : null),
    ...[1, 2, 3, 4, 5].map((k) => rated.filter((r) => r === k).length),
    percent(lines.filter((l) => l.returned).length, n),
    // SLA met, of those whose deadline has come: taken by the take deadline, closed by the deadline.
    percent(
      lines.filter((l) => by(l.taken_at, l.take_deadline_at)).length,
      lines.filter((l) => l.take_deadline_at !== null && (l.taken_at !== null || past(l.take_deadline_at))).length,
    ),
    percent(lines.filter((l) => by(l.closed_at, l.deadline_at)).length, lines.filter((l) => l.closed_at !== null || past(l.deadline_at)).length),
  ];
}

function groupBy(lines: Line[], key: (l: Line) => string | null): Map<string, Line[]> {
  const out = new Map<string, Line[]>();
  for (const l of lines) {
    const k = key(l);
    if (k !== null) out.set(k, [...(out.get(k) ?? []), l]);
  }
  return out;
}

describeEachDatabase('reports: scorecards equal a recount of the requests', (h) => {
  const t = { landlord: '', landlord2: '', employee: '', employee2: '', renter: '', superadmin: '' };
  let typeId = '';
  let contractor = '';
  let landlordId = '';
  const today = almatyToday();
  const report = (token: string, query = '') => h.api(`/reports/scorecards?from=${today}&to=${today}${query}`, { token });
  const send = (token: string, id: string, body: Record<string, unknown>) => h.api(`/requests/${id}/transitions`, { token, body });

  /** The landlord's requests created today, with what a scorecard reads, straight from the tables. */
  async function todays(): Promise<Line[]> {
    const found = await h.db.execute(sql`
      select r.id, r.created_at, r.taken_at, r.closed_at, r.returned, em.full_name as employee, c.name as contractor, rt.name_ru as type,
        rn.legal_name as renter, q.rating, q.rated_at, r.take_deadline_at, r.deadline_at
      from requests r join request_types rt on rt.id = r.type_id left join employees em on em.id = r.assignee_employee_id
        left join contractors c on c.id = r.assignee_contractor_id left join renters rn on rn.id = r.renter_id
        left join request_ratings q on q.request_id = r.id
      where r.landlord_id = ${landlordId}::uuid and (r.created_at at time zone 'Asia/Almaty')::date = ${today}::date`);
    return ((found as unknown as { rows: Line[] }).rows ?? []).map((l) => ({
      ...l,
      created_at: new Date(l.created_at).toISOString(),
      taken_at: l.taken_at && new Date(l.taken_at).toISOString(),
      closed_at: l.closed_at && new Date(l.closed_at).toISOString(),
      take_deadline_at: l.take_deadline_at && new Date(l.take_deadline_at).toISOString(),
      deadline_at: new Date(l.deadline_at).toISOString(),
      rating: l.rating === null ? null : Number(l.rating),
    }));
  }

  /** Taken, its report shown, done, confirmed (with a rating or none). */
  async function closedWith(rating: number | undefined, assign?: Record<string, string>) {
    const r = await createAsRenter(h, t.renter, typeId, `Оценка ${rating ?? 'нет'}`);
    expect((await send(t.employee, r.id, assign ? { event: 'request.assign', ...assign } : { event: 'request.take' })).status).toBe(200);
    expect((await uploadFile(h, t.employee, r.id, 'report')).status).toBe(201);
    expect((await send(t.employee, r.id, { event: 'request.complete' })).status).toBe(200);
    expect((await send(t.renter, r.id, { event: 'request.confirm', ...(rating && { rating }) })).status).toBe(200);
    return r.id;
  }

  beforeAll(async () => {
    for (const name of Object.keys(t) as Array<keyof typeof t>) t[name] = await h.login(name);
    typeId = await firstRenterType(h, t.renter);
    contractor = await contractorOf(h, 'landlord');
    landlordId = (await h.api('/user', { token: t.landlord })).body.landlord_id;

    const five = await closedWith(5);
    const reopened = await closedWith(2);
    expect((await send(t.landlord, reopened, { event: 'request.reopen' })).status).toBe(200);
    await send(t.employee, reopened, { event: 'request.take' });
    await send(t.employee, reopened, { event: 'request.complete' });
    await send(t.renter, reopened, { event: 'request.confirm', rating: 3 });
    const byContractor = await closedWith(4, { assignee_contractor_id: contractor });
    await closedWith(1, { assignee_contractor_id: contractor });
    await closedWith(undefined);
    const waiting = (await createAsRenter(h, t.renter, typeId, 'Ещё не взята')).id as string;
    // Hours to take and to close that differ per request, so the medians mean something.
    for (const [id, take, close] of [
      [five, 1.5, 20],
      [reopened, 3, 50],
      [byContractor, 0.25, 7],
    ] as const) {
      await h.db.execute(
        sql`update requests set taken_at = created_at + make_interval(secs => ${take * 3600}), closed_at = created_at + make_interval(secs => ${close * 3600}) where id = ${id}::uuid`,
      );
    }
    // Deadlines some met and some missed: two hours to take each (the reopened one was taken late), and a
    // day to close (the reopened one closed late; the one not taken yet is past its time to take).
    await h.db.execute(sql`update requests set take_deadline_at = created_at + interval '2 hours', deadline_at = created_at + interval '24 hours'
      where id in (${five}::uuid, ${reopened}::uuid, ${byContractor}::uuid, ${waiting}::uuid)`);
    await h.db.execute(sql`update requests set created_at = created_at - interval '3 hours', take_deadline_at = take_deadline_at - interval '3 hours',
      deadline_at = deadline_at - interval '3 hours' where id = ${waiting}::uuid and (created_at at time zone 'Asia/Almaty')::date = ((now() - interval '3 hours') at time zone 'Asia/Almaty')::date`);
  });

  it('per executor, contractor and type: count, medians, average rating, its distribution and the reopened share', async () => {
    const res = await report(t.landlord);
    expect(res.status).toBe(200);
    const lines = await todays();
    expect(lines.length).toBeGreaterThanOrEqual(6);
    const tables = res.body.tables as Table[];
    const check = (key: string, groups: Map<string, Line[]>, all: Line[]) => {
      const table = tables.find((x) => x.key === key) as Table;
      expect(table.columns.map((c) => c.key)).toEqual([
        'requests',
        'median_take',
        'median_close',
        'avg_rating',
        'rating_1',
        'rating_2',
        'rating_3',
        'rating_4',
        'rating_5',
        'reopened',
        'sla_take',
        'sla_resolve',
      ]);
      const shown = Object.fromEntries(table.rows.map((r) => [r.label, r.values]));
      expect(shown).toEqual(Object.fromEntries([...groups].map(([label, ls]) => [label, recount(ls)])));
      expect(table.totals).toEqual(recount(all));
    };
    const employed = lines.filter((l) => l.employee !== null);
    const contracted = lines.filter((l) => l.contractor !== null);
    check(
      'by_executor',
      groupBy(employed, (l) => l.employee),
      employed,
    );
    check(
      'by_contractor',
      groupBy(contracted, (l) => l.contractor),
      contracted,
    );
    check(
      'by_type',
      groupBy(lines, (l) => l.type),
      lines,
    );
    const rated = lines.filter((l) => l.rating !== null);
    const figures = Object.fromEntries((res.body.figures as { key: string; value: number | null }[]).map((f) => [f.key, f.value]));
    const all = recount(lines);
    expect(figures).toEqual({
      created: lines.length,
      rated: rated.length,
      avg_rating: all[3],
      low_ratings: rated.filter((l) => (l.rating as number) <= 2).length,
      reopened: all[9],
      median_take: all[1],
      median_close: all[2],
      sla_take: all[10],
      sla_resolve: all[11],
    });
    // Some deadlines were met and some missed (the reopened request was taken and closed late).
    for (const key of ['sla_take', 'sla_resolve']) {
      expect(figures[key]).toBeGreaterThan(0);
      expect(figures[key]).toBeLessThan(100);
    }
    // The reopened request counts its latest rating (3), and counts as reopened.
    expect(rated.map((l) => l.rating).sort()).toEqual([1, 3, 4, 5]);
  });

  it("each tenant's average rating by month, the totals all tenants'", async () => {
    const table = ((await report(t.landlord)).body.tables as Table[]).find((x) => x.key === 'satisfaction') as Table;
    const month = today.slice(0, 7);
    expect(table.columns.map((c) => c.key)).toEqual([month]);
    const rated = (await todays()).filter((l) => l.rating !== null);
    const byRenter = groupBy(rated, (l) => l.renter);
    const avg = (ls: Line[]) => round2(ls.reduce((a, l) => a + (l.rating as number), 0) / ls.length);
    expect(Object.fromEntries(table.rows.map((r) => [r.label, r.values]))).toEqual(Object.fromEntries([...byRenter].map(([label, ls]) => [label, [avg(ls)]])));
    expect(table.totals).toEqual([avg(rated)]);
  });

  it("a contractor's card: its own scorecard; another landlord's contractor or executor is not found", async () => {
    const res = await report(t.landlord, `&contractor_id=${contractor}`);
    const table = (res.body.tables as Table[]).find((x) => x.key === 'by_contractor') as Table;
    const mine = (await todays()).filter((l) => l.contractor !== null);
    expect(table.rows).toEqual([{ label: 'ТОО «Подрядчик»', values: recount(mine) }]);
    expect((res.body.tables as Table[]).find((x) => x.key === 'by_executor')?.rows).toEqual([]);
    expect((await report(t.landlord2, `&contractor_id=${contractor}`)).status).toBe(404);
    const foreign = (
      await h.db
        .select({ id: employees.id })
        .from(employees)
        .where(eq(employees.userId, await userIdOf(h, 'employee2')))
    )[0]?.id;
    expect((await report(t.landlord, `&executor_id=${foreign}`)).status).toBe(404);
    expect((await h.api(`/reports/scorecards/export?from=${today}&to=${today}`, { token: t.landlord })).status).toBe(200);
  });

  it('is read by the landlord and employees whose reports level allows it; not by tenants or the superadmin', async () => {
    expect((await report(t.employee)).status).toBe(200);
    expect((await report(t.renter)).status).toBe(403);
    expect((await report(t.superadmin)).status).toBe(403);
    // Another landlord's report counts only its own requests.
    expect((await report(t.landlord2)).body.figures.find((f: { key: string }) => f.key === 'rated').value).toBe(0);
    const [me] = await h.db
      .select({ id: employees.id })
      .from(employees)
      .where(eq(employees.userId, await userIdOf(h, 'employee')));
    const reports = and(eq(employeeAccess.employeeId, me?.id ?? ''), eq(employeeAccess.module, 'reports'));
    const [was] = await h.db.select({ level: employeeAccess.level }).from(employeeAccess).where(reports);
    await h.db.update(employeeAccess).set({ level: 'none' }).where(reports);
    expect((await report(t.employee)).status).toBe(403);
    await h.db
      .update(employeeAccess)
      .set({ level: was?.level ?? 'creator' })
      .where(reports);
  });
});
