import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { beforeAll, expect, it } from 'vitest';
import {
  employeeAccess,
  employees,
  notifications,
  questionnaires,
  renters,
  requestEvents,
  requests,
  requestTypes,
  taskEvents,
  tasks,
  users,
  violations,
  violationTypes,
} from '#server/db/schema';
import { describeEachDatabase } from '../support/api-harness';
import { activate, createLease, objectWithRooms, renterIdOf } from '../support/contracts';

type Report = {
  figures: { key: string; value: number | null }[];
  tables: { key: string; rows: { label: string; values: (number | null)[] }[]; totals: (number | null)[] }[];
};

// January 2031 in Almaty (UTC+5): far from the demo data, so every number below is the fixture's.
const JAN = 'from=2031-01-01&to=2031-01-31';
const at = (iso: string) => new Date(iso);

describeEachDatabase('reports', (h) => {
  const t = { landlord: '', landlord2: '', employee: '', staff01: '', superadmin: '', renter: '' };
  const ids = { object: '', object2: '', employee: '', employeeUser: '', landlordUser: '', landlord: '', landlord2: '' };
  // The filters' fixture: a second request type, a second renter of the landlord, a second violation type.
  const more = { renter: '', renterB: '', renter2: '', requestType: '', requestType2: '', litter: '', noise: '', otherViolationType: '' };

  const report = async (name: string, query: string, token = t.landlord) => {
    const res = await h.api(`/reports/${name}?${query}`, { token, lang: 'en' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as Report;
  };
  const figures = (r: Report) => Object.fromEntries(r.figures.map((f) => [f.key, f.value]));
  const tableOf = (r: Report, key: string) => r.tables.find((x) => x.key === key)!;

  beforeAll(async () => {
    const [demo] = await h.db.select({ hash: users.passwordHash }).from(users).where(eq(users.username, 'employee'));
    await h.db.update(users).set({ passwordHash: demo?.hash }).where(eq(users.username, 'staff01'));
    for (const name of Object.keys(t) as Array<keyof typeof t>) t[name] = await h.login(name);
    const [emp] = await h.db
      .select({ id: employees.id, userId: users.id, landlordId: users.landlordId })
      .from(employees)
      .innerJoin(users, eq(users.id, employees.userId))
      .where(eq(users.username, 'employee'));
    ids.employee = emp!.id;
    ids.employeeUser = emp!.userId;
    ids.landlord = emp!.landlordId!;
    const [boss] = await h.db.select({ id: users.id }).from(users).where(eq(users.username, 'landlord'));
    ids.landlordUser = boss!.id;
    const [other] = await h.db.select({ id: users.landlordId }).from(users).where(eq(users.username, 'landlord2'));
    ids.landlord2 = other!.id!;

    const centre = await objectWithRooms(h, t.landlord, 'ТРЦ «Отчёт»', [30, 70]);
    ids.object = centre.id;
    const lease = await createLease(h, t.landlord, { renter_id: await renterIdOf(h, 'renter'), room_ids: [centre.rooms[0]!.id] });
    expect((await activate(h, t.landlord, lease.id)).status).toBe(200);
    ids.object2 = (await objectWithRooms(h, t.landlord2, 'ТРЦ «Чужой отчёт»', [50])).id;

    const [type, type2] = await h.db.select({ id: requestTypes.id }).from(requestTypes).orderBy(requestTypes.id).limit(2);
    more.requestType = type!.id;
    more.requestType2 = type2!.id;
    more.renter = await renterIdOf(h, 'renter');
    more.renter2 = await renterIdOf(h, 'renter2');
    const [userB] = await h.db
      .insert(users)
      .values({ landlordId: ids.landlord, username: 'report-renter-b', fullName: 'Бекзат', role: 'renter', roomId: centre.rooms[1]!.id })
      .returning();
    const [renterB] = await h.db
      .insert(renters)
      .values({
        landlordId: ids.landlord,
        userId: userB!.id,
        roomId: centre.rooms[1]!.id,
        legalName: 'ТОО Второй',
        binIin: '987654321098',
        tradePointName: 'Второй',
        tradeCategory: 'Одежда',
        leaseContractDate: '2031-01-01',
        tradeArea: '70',
        contactFullName: 'Бекзат',
        contactPosition: 'Директор',
        phone: '+77010000009',
        email: 'b@example.kz',
        legalAddress: 'Алматы',
      })
      .returning();
    more.renterB = renterB!.id;
    const base = { typeId: type!.id, applicantName: 'Айгуль', description: 'Течёт кран' };
    const mine = { ...base, landlordId: ids.landlord, objectId: ids.object };
    const rows = await h.db
      .insert(requests)
      .values([
        // 10:00 Almaty, taken at 11:00, closed at 14:00 before its deadline.
        {
          ...mine,
          number: 900001,
          renterId: more.renter,
          status: 'closed',
          createdAt: at('2031-01-10T05:00Z'),
          closedAt: at('2031-01-10T09:00Z'),
          deadlineAt: at('2031-01-11T05:00Z'),
          assigneeEmployeeId: ids.employee,
        },
        // 23:30 Almaty on 31 January: January's; a visitor's, overdue now.
        { ...mine, number: 900002, status: 'new', fromVisitor: true, createdAt: at('2031-01-31T18:30Z'), deadlineAt: at('2020-01-01T00:00Z') },
        // 00:30 Almaty on 1 February: February's.
        { ...mine, number: 900003, status: 'in_progress', createdAt: at('2031-01-31T19:30Z'), deadlineAt: at('2031-02-03T00:00Z') },
        // Taken after 3 h, returned by the applicant, closed late after 72 h.
        {
          ...mine,
          number: 900004,
          typeId: more.requestType2,
          status: 'closed',
          createdAt: at('2031-01-05T05:00Z'),
          closedAt: at('2031-01-08T05:00Z'),
          deadlineAt: at('2031-01-06T05:00Z'),
          assigneeEmployeeId: ids.employee,
        },
        // Another landlord's, in the same month: never counted.
        {
          ...base,
          landlordId: ids.landlord2,
          objectId: ids.object2,
          number: 900001,
          status: 'closed',
          createdAt: at('2031-01-10T05:00Z'),
          closedAt: at('2031-01-10T06:00Z'),
          deadlineAt: at('2031-01-11T05:00Z'),
        },
      ])
      .returning({ id: requests.id, number: requests.number });
    const req = (n: number) => rows.find((r) => r.number === n)!.id;
    const ev = { actorName: 'Сотрудник', event: 'request.take' };
    await h.db.insert(requestEvents).values([
      { ...ev, requestId: req(900001), toStatus: 'in_progress', createdAt: at('2031-01-10T06:00Z') },
      { ...ev, requestId: req(900004), toStatus: 'in_progress', createdAt: at('2031-01-05T08:00Z') },
      { ...ev, event: 'request.return', requestId: req(900004), toStatus: 'returned', createdAt: at('2031-01-07T05:00Z') },
    ]);

    const task = { landlordId: ids.landlord, title: 'Проверить свет', creatorUserId: ids.landlordUser, executorUserId: ids.employeeUser };
    const made = await h.db
      .insert(tasks)
      .values([
        { ...task, status: 'accepted', createdAt: at('2031-01-03T05:00Z'), deadlineAt: at('2031-01-10T05:00Z'), completedAt: at('2031-01-09T05:00Z') },
        { ...task, status: 'expired', createdAt: at('2031-01-04T05:00Z'), deadlineAt: at('2031-01-05T05:00Z') },
        { ...task, status: 'done', createdAt: at('2031-01-06T05:00Z'), deadlineAt: at('2031-01-15T05:00Z'), completedAt: at('2031-01-20T05:00Z') },
        { ...task, landlordId: ids.landlord2, status: 'new', createdAt: at('2031-01-06T05:00Z'), deadlineAt: at('2031-01-15T05:00Z') },
      ])
      .returning({ id: tasks.id, status: tasks.status });
    await h.db.insert(taskEvents).values({
      taskId: made.find((k) => k.status === 'done')!.id,
      actorName: 'Арендодатель',
      event: 'task.return',
      toStatus: 'for_revision',
      createdAt: at('2031-01-12T05:00Z'),
    });

    const renterId = await renterIdOf(h, 'renter');
    const [vt, litter] = await h.db
      .insert(violationTypes)
      .values([
        { landlordId: ids.landlord, nameRu: 'Шум', nameKk: 'Шу', nameEn: 'Noise' },
        { landlordId: ids.landlord, nameRu: 'Мусор', nameKk: 'Қоқыс', nameEn: 'Litter' },
      ])
      .returning();
    more.noise = vt!.id;
    more.litter = litter!.id;
    const [theirs] = await h.db.select({ id: violationTypes.id }).from(violationTypes).where(eq(violationTypes.landlordId, ids.landlord2)).limit(1);
    more.otherViolationType = theirs!.id;
    const v = { landlordId: ids.landlord, renterId, objectId: ids.object, typeId: vt!.id, description: 'Громкая музыка', recordedBy: ids.landlordUser };
    await h.db.insert(violations).values([
      { ...v, number: 900001, status: 'issued', fine: '5000.00', occurredAt: at('2031-01-12T05:00Z') },
      { ...v, number: 900002, status: 'acknowledged', occurredAt: at('2031-01-13T05:00Z') },
      { ...v, number: 900003, status: 'draft', fine: '999.00', occurredAt: at('2031-01-14T05:00Z') },
      { ...v, number: 900004, renterId: more.renterB, typeId: more.litter, status: 'issued', fine: '2000.00', occurredAt: at('2031-01-15T05:00Z') },
    ]);

    const note = { landlordId: ids.landlord, userId: ids.landlordUser, kind: 'task.assigned', subjectType: 'task', subjectId: made[0]!.id };
    await h.db.insert(notifications).values([
      { ...note, createdAt: at('2031-01-03T05:00Z'), readAt: at('2031-01-03T06:00Z') },
      { ...note, createdAt: at('2031-01-04T05:00Z') },
      { ...note, createdAt: at('2031-01-05T05:00Z') },
      { ...note, landlordId: ids.landlord2, createdAt: at('2031-01-05T05:00Z') },
    ]);

    const q = {
      landlordId: ids.landlord,
      objectId: ids.object,
      binIin: '123456789013',
      companyName: 'ТОО Кофе',
      brandName: 'Кофе',
      contactFullName: 'Ержан',
      email: 'e@example.kz',
      phone: '+77010000000',
    };
    await h.db.insert(questionnaires).values([
      { ...q, category: 'Кафе', status: 'new', minArea: '40', createdAt: at('2031-01-02T05:00Z') },
      { ...q, category: 'Кафе', status: 'waiting', minArea: '120', createdAt: at('2031-01-03T05:00Z'), renterId },
      { ...q, category: 'Одежда', status: 'in_process', createdAt: at('2031-01-04T05:00Z') },
    ]);
  });

  it('counts requests of the period: created, closed, on time, medians, overdue, by executor', async () => {
    const r = await report('requests', `${JAN}&object_id=${ids.object}`);
    expect(figures(r)).toEqual({ created: 3, closed: 2, sla: 50, median_take: 2, median_close: 38, open: 2, overdue: 1, visitors: 1 });
    const days = tableOf(r, 'over_time');
    expect(days.rows).toHaveLength(31);
    expect(days.rows.find((d) => d.label === '2031-01-10')?.values).toEqual([1, 1]);
    expect(days.rows.find((d) => d.label === '2031-01-31')?.values).toEqual([1, 0]);
    expect(days.totals).toEqual([3, 2]);
    expect(tableOf(r, 'by_status').rows).toEqual(expect.arrayContaining([{ label: 'Closed', values: [2] }]));
    // The demo employee: two assigned, none open, one on time, one returned; the visitor's not assigned.
    expect(tableOf(r, 'by_executor').rows.map((row) => row.values)).toEqual([
      [2, 0, 1, 1],
      [1, 1, 0, 0],
    ]);
    expect(tableOf(r, 'by_executor').rows[1]?.label).toBe('Not assigned');
    expect(tableOf(r, 'by_object').rows).toEqual([{ label: 'ТРЦ «Отчёт»', values: [3, 2] }]);
  });

  it('narrows requests and tasks to one executor', async () => {
    const r = await report('requests', `${JAN}&object_id=${ids.object}&executor_id=${ids.employee}`);
    expect(figures(r)).toMatchObject({ created: 2, closed: 2, sla: 50, open: 0 });
    expect(figures(await report('tasks', `${JAN}&executor_id=${ids.employee}`))).toMatchObject({ given: 3, completed: 2 });
    const [staff] = await h.db
      .select({ id: employees.id })
      .from(employees)
      .innerJoin(users, eq(users.id, employees.userId))
      .where(eq(users.username, 'employee2'));
    expect((await h.api(`/reports/requests?${JAN}&executor_id=${staff!.id}`, { token: t.landlord })).status).toBe(404);
  });

  it('puts 23:30 Almaty on the last day of a month in that month and 00:30 the next day in the next', async () => {
    const jan = await report('requests', 'from=2031-01-31&to=2031-01-31');
    expect(figures(jan).created).toBe(1);
    const feb = await report('requests', 'from=2031-02-01&to=2031-02-28');
    expect(figures(feb).created).toBe(1);
    expect(feb.tables[0]?.rows.find((d) => d.label === '2031-02-01')?.values[0]).toBe(1);
  });

  it("never counts another landlord's data; another landlord's object is 404", async () => {
    expect(figures(await report('requests', JAN)).created).toBe(3);
    expect(figures(await report('requests', JAN, t.landlord2)).created).toBe(1);
    expect(figures(await report('tasks', JAN)).given).toBe(3);
    expect(figures(await report('notifications', JAN)).sent).toBe(3);
    expect((await h.api(`/reports/requests?${JAN}&object_id=${ids.object2}`, { token: t.landlord })).status).toBe(404);
  });

  it('counts tasks, violations, notifications, the waiting list and occupancy', async () => {
    expect(figures(await report('tasks', JAN))).toEqual({ given: 3, completed: 2, on_time: 50, expired: 1, returned: 1 });
    const v = await report('violations', `${JAN}&object_id=${ids.object}`);
    expect(figures(v)).toEqual({ violations: 3, fines: 2, fine_sum: 7000, repeat: 1 });
    expect(tableOf(v, 'by_type').rows).toEqual([
      { label: 'Noise', values: [2, 5000] },
      { label: 'Litter', values: [1, 2000] },
    ]);
    expect(figures(await report('notifications', JAN))).toEqual({ sent: 3, read: 1, read_share: 33.3 });
    const w = await report('waiting_list', `${JAN}&object_id=${ids.object}`);
    expect(figures(w)).toEqual({ questionnaires: 3, renters: 1, conversion: 33.3 });
    expect(tableOf(w, 'by_category').rows).toEqual([
      { label: 'Кафе', values: [2, 1] },
      { label: 'Одежда', values: [1, 0] },
    ]);
    const o = await report('occupancy', `object_id=${ids.object}`);
    expect(figures(o)).toMatchObject({ rooms: 2, leased_rooms: 1, area: 100, leased_area: 30, occupancy: 30, monthly_rent: 150000, rent_per_m2: 5000 });
    expect(tableOf(o, 'expiries').rows).toHaveLength(12);
    expect(tableOf(o, 'by_floor').rows).toEqual([{ label: '1', values: [5000, 30] }]);
  });

  it('narrows requests by request type and by renter', async () => {
    const q = `${JAN}&object_id=${ids.object}`;
    // Type 2 is the late one only (closed after 72 h); type 1 the other two created in January.
    expect(figures(await report('requests', `${q}&type_id=${more.requestType2}`))).toMatchObject({ created: 1, closed: 1, sla: 0, median_close: 72, open: 0 });
    const one = await report('requests', `${q}&type_id=${more.requestType}`);
    expect(figures(one)).toMatchObject({ created: 2, closed: 1, sla: 100, open: 2, visitors: 1 });
    expect(tableOf(one, 'by_type').rows).toHaveLength(1);
    // The renter made one request: taken after 1 h, closed on time after 4 h.
    const mine = await report('requests', `${q}&renter_id=${more.renter}`);
    expect(figures(mine)).toEqual({ created: 1, closed: 1, sla: 100, median_take: 1, median_close: 4, open: 0, overdue: 0, visitors: 0 });
    expect(figures(await report('requests', `${q}&renter_id=${more.renterB}`))).toMatchObject({ created: 0, closed: 0, open: 0 });
    expect(figures(await report('requests', `${q}&renter_id=${more.renter}&type_id=${more.requestType2}`)).created).toBe(0);
  });

  it('narrows violations by violation type and by renter', async () => {
    const q = `${JAN}&object_id=${ids.object}`;
    const litter = await report('violations', `${q}&type_id=${more.litter}`);
    expect(figures(litter)).toEqual({ violations: 1, fines: 1, fine_sum: 2000, repeat: 0 });
    expect(tableOf(litter, 'by_renter').rows).toEqual([{ label: 'ТОО Второй', values: [1, 2000] }]);
    expect(figures(await report('violations', `${q}&type_id=${more.noise}`))).toEqual({ violations: 2, fines: 1, fine_sum: 5000, repeat: 1 });
    const a = await report('violations', `${q}&renter_id=${more.renter}`);
    expect(figures(a)).toEqual({ violations: 2, fines: 1, fine_sum: 5000, repeat: 1 });
    expect(tableOf(a, 'by_type').rows).toEqual([{ label: 'Noise', values: [2, 5000] }]);
    expect(figures(await report('violations', `${q}&renter_id=${more.renterB}`))).toEqual({ violations: 1, fines: 1, fine_sum: 2000, repeat: 0 });
  });

  it("narrows occupancy to a renter's leases and the rooms they hold", async () => {
    const o = await report('occupancy', `object_id=${ids.object}&renter_id=${more.renter}`);
    expect(figures(o)).toEqual({
      rooms: 1,
      leased_rooms: 1,
      area: 30,
      leased_area: 30,
      occupancy: 100,
      monthly_rent: 150000,
      rent_per_m2: 5000,
    });
    expect(tableOf(o, 'by_object').rows).toEqual([{ label: 'ТРЦ «Отчёт»', values: [30, 0, 1, 0] }]);
    // The second renter holds no lease: nothing of the object is counted for it.
    const b = await report('occupancy', `object_id=${ids.object}&renter_id=${more.renterB}`);
    expect(figures(b)).toMatchObject({ rooms: 0, leased_rooms: 0, area: 0, monthly_rent: 0, occupancy: null });
    expect(tableOf(b, 'by_object').rows).toEqual([]);
    expect(tableOf(b, 'expiries').totals).toEqual([0, 0, 0]);
  });

  it("answers 404 for another landlord's renter or type and an unknown request type, and leaks nothing", async () => {
    const no = async (name: string, query: string) => (await h.api(`/reports/${name}?${JAN}&${query}`, { token: t.landlord })).status;
    expect(await no('requests', `renter_id=${more.renter2}`)).toBe(404);
    expect(await no('violations', `renter_id=${more.renter2}`)).toBe(404);
    expect(await no('occupancy', `renter_id=${more.renter2}`)).toBe(404);
    expect(await no('violations', `type_id=${more.otherViolationType}`)).toBe(404);
    expect(await no('violations', `type_id=${more.requestType}`)).toBe(404);
    expect(await no('requests', 'type_id=00000000-0000-4000-8000-000000000000')).toBe(404);
    expect((await h.api(`/reports/requests/export?${JAN}&renter_id=${more.renter2}`, { token: t.landlord })).status).toBe(404);
    // The other landlord sees only its own request of the shared type, none of this landlord's renter.
    expect(figures(await report('requests', `${JAN}&type_id=${more.requestType}`, t.landlord2)).created).toBe(1);
    expect((await h.api(`/reports/requests?${JAN}&renter_id=${more.renter}`, { token: t.landlord2 })).status).toBe(404);
  });

  it('refuses an employee without reports access (403) and lets one with view read', async () => {
    expect((await h.api(`/reports/requests?${JAN}`, { token: t.staff01 })).status).toBe(403);
    const [staff] = await h.db
      .select({ id: employees.id })
      .from(employees)
      .innerJoin(users, eq(users.id, employees.userId))
      .where(eq(users.username, 'staff01'));
    await h.db.insert(employeeAccess).values({ employeeId: staff!.id, module: 'reports', level: 'view' });
    expect(figures(await report('requests', JAN, t.staff01)).created).toBe(3);
    expect((await h.api(`/reports/platform?${JAN}`, { token: t.landlord })).status).toBe(403);
    expect((await h.api(`/reports/requests?${JAN}`, { token: t.superadmin })).status).toBe(403);
    const platform = await report('platform', JAN, t.superadmin);
    expect(figures(platform).requests).toBe(4);
    expect((await h.api('/reports/requests?from=2031-02-01&to=2031-01-01', { token: t.landlord })).status).toBe(400);
  });

  it("lists the filters under the reports' own access: the landlord's objects, renters, executors, violation types and both kinds of request types", async () => {
    // A colleague whose only access is reading reports: no requests, violations or employees module.
    const [demo] = await h.db.select({ hash: users.passwordHash }).from(users).where(eq(users.username, 'employee'));
    await h.db.update(users).set({ passwordHash: demo?.hash }).where(eq(users.username, 'staff02'));
    const [staff] = await h.db
      .select({ id: employees.id })
      .from(employees)
      .innerJoin(users, eq(users.id, employees.userId))
      .where(eq(users.username, 'staff02'));
    await h.db.delete(employeeAccess).where(eq(employeeAccess.employeeId, staff!.id));
    const token = await h.login('staff02');
    expect((await h.api('/reports/options', { token })).status).toBe(403);
    await h.db.insert(employeeAccess).values({ employeeId: staff!.id, module: 'reports', level: 'view' });

    const res = await h.api('/reports/options', { token, lang: 'en' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    type Option = { id: string; name: string };
    const o = res.body as {
      objects: Option[];
      executors: Option[];
      renters: Option[];
      request_types: (Option & { kind: number })[];
      violation_types: Option[];
    };
    const idsOf = (list: Option[]) => list.map((x) => x.id);
    expect(o.objects).toContainEqual({ id: ids.object, name: 'ТРЦ «Отчёт»' });
    expect(idsOf(o.objects)).not.toContain(ids.object2);
    expect(o.executors).toContainEqual({ id: ids.employee, name: expect.any(String) });
    expect(idsOf(o.executors)).toContain(staff!.id);
    expect(o.renters).toContainEqual({ id: more.renterB, name: 'Второй (ТОО Второй)' });
    expect(idsOf(o.renters)).toContain(more.renter);
    expect(idsOf(o.renters)).not.toContain(more.renter2);
    expect(o.violation_types).toEqual(
      expect.arrayContaining([
        { id: more.noise, name: 'Noise' },
        { id: more.litter, name: 'Litter' },
      ]),
    );
    expect(idsOf(o.violation_types)).not.toContain(more.otherViolationType);
    // Every request type of both kinds, in the caller's language: renters' first, then visitors'.
    const all = await h.db.select().from(requestTypes);
    expect(o.request_types).toHaveLength(all.length);
    const kinds = o.request_types.map((x) => x.kind);
    expect(kinds).toEqual([...kinds].sort((a, b) => a - b));
    expect(new Set(kinds)).toEqual(new Set([12, 13]));
    // One the fixture's requests do not have (the fixture takes two types of any kind).
    const visitors = all.find((x) => x.kind === 13 && x.id !== more.requestType && x.id !== more.requestType2)!;
    expect(o.request_types).toContainEqual({ id: visitors.id, name: visitors.nameEn, kind: 13 });

    // A visitors' request type narrows the requests report like any other.
    expect(figures(await report('requests', `${JAN}&type_id=${visitors.id}`, token)).created).toBe(0);
    for (const who of [t.renter, t.superadmin]) expect((await h.api('/reports/options', { token: who })).status).toBe(403);
    // The landlord's own lists, never the other landlord's.
    const theirs = (await h.api('/reports/options', { token: t.landlord2 })).body as typeof o;
    expect(idsOf(theirs.objects)).toContain(ids.object2);
    expect(idsOf(theirs.objects)).not.toContain(ids.object);
    expect(idsOf(theirs.renters)).not.toContain(more.renter);
  });

  it('exports the report as .xlsx with its rows and totals', async () => {
    const res = await fetch(`${h.baseUrl}/api/reports/requests/export?${JAN}&object_id=${ids.object}`, {
      headers: { authorization: `Bearer ${t.landlord}`, 'accept-language': 'en' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('report-requests-2031-01-01-2031-01-31.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
    const head = book.worksheets[0]!;
    expect(head.getRow(2).values).toEqual([undefined, 'Created', 3]);
    const days = book.worksheets[1]!;
    expect(days.getRow(1).values).toEqual([undefined, 'Day', 'Created', 'Closed']);
    expect(days.rowCount).toBe(1 + 31 + 1);
    expect(days.getRow(11).values).toEqual([undefined, '2031-01-10', 1, 1]);
    expect(days.getRow(33).values).toEqual([undefined, 'Total', 3, 2]);
    const objectsSheet = book.worksheets.find((w) => w.name.includes('By object'))!;
    expect(objectsSheet.getRow(2).values).toEqual([undefined, 'ТРЦ «Отчёт»', 3, 2]);
  });

  it('exports with the type and renter filters applied', async () => {
    const res = await fetch(`${h.baseUrl}/api/reports/violations/export?${JAN}&object_id=${ids.object}&type_id=${more.litter}&renter_id=${more.renterB}`, {
      headers: { authorization: `Bearer ${t.landlord}`, 'accept-language': 'en' },
    });
    expect(res.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.getRow(2).values).toEqual([undefined, 'Violations', 1]);
    const types = book.worksheets.find((w) => w.name.includes('By type'))!;
    expect(types.rowCount).toBe(3);
    expect(types.getRow(2).values).toEqual([undefined, 'Litter', 1, 2000]);
  });
});
