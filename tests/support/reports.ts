import { eq } from 'drizzle-orm';
import { beforeAll, expect } from 'vitest';
import {
  employees,
  notifications,
  questionnaireEvents,
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
import type { Harness } from './api-harness';
import { activate, createLease, objectWithRooms, renterIdOf } from './contracts';

type Report = {
  figures: { key: string; label?: string; value: number | null }[];
  tables: { key: string; title?: string; rows: { label: string; values: (number | null)[] }[]; totals: (number | null)[] }[];
};

// January 2031 in Almaty (UTC+5): far from the demo data, so every number the reports tests assert is the fixture's.
export const JAN = 'from=2031-01-01&to=2031-01-31';
const at = (iso: string) => new Date(iso);

/**
 * The reports suites' world on one database, in January 2031: a centre of two rooms (one leased to the demo
 * renter), a second renter, requests, tasks, violations, notifications and questionnaires whose every count
 * the tests know, and the same month's rows of another landlord that must never be counted. Registers its
 * beforeAll; `report` reads one report as the landlord (or the token given) and expects 200.
 */
export function reportFixture(h: Harness) {
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
    const [q1, q2, q3] = await h.db
      .insert(questionnaires)
      .values([
        { ...q, category: 'Кафе', status: 'new', minArea: '40', createdAt: at('2031-01-02T05:00Z') },
        { ...q, category: 'Кафе', status: 'waiting', minArea: '120', createdAt: at('2031-01-03T05:00Z'), renterId },
        { ...q, category: 'Одежда', status: 'in_process', createdAt: at('2031-01-04T05:00Z') },
      ])
      .returning({ id: questionnaires.id });
    // Their history: the first still new; the second 2 days new, 1 in process, 4 waiting until made a renter;
    // the third 4 days new, 3 in process, 1.5 waiting, and in process again (a stay still going).
    const step = (id: string, event: string, from: 'new' | 'in_process' | 'waiting' | null, to: 'new' | 'in_process' | 'waiting', iso: string) => ({
      questionnaireId: id,
      actorName: 'Арендодатель',
      event: `questionnaire.${event}`,
      fromStatus: from,
      toStatus: to,
      createdAt: at(iso),
    });
    await h.db
      .insert(questionnaireEvents)
      .values([
        step(q1!.id, 'created', null, 'new', '2031-01-02T05:00Z'),
        step(q2!.id, 'created', null, 'new', '2031-01-03T05:00Z'),
        step(q2!.id, 'process', 'new', 'in_process', '2031-01-05T05:00Z'),
        step(q2!.id, 'wait', 'in_process', 'waiting', '2031-01-06T05:00Z'),
        step(q2!.id, 'make_renter', 'waiting', 'waiting', '2031-01-10T05:00Z'),
        step(q3!.id, 'created', null, 'new', '2031-01-04T05:00Z'),
        step(q3!.id, 'process', 'new', 'in_process', '2031-01-08T05:00Z'),
        step(q3!.id, 'wait', 'in_process', 'waiting', '2031-01-11T05:00Z'),
        step(q3!.id, 'process', 'waiting', 'in_process', '2031-01-12T17:00Z'),
      ]);
  });

  return { t, ids, more, report, figures, tableOf };
}
