import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { employeeAccess, employees, notifications, requestEscalations, requests, users } from '#server/db/schema';
import { addWorkingMinutes } from '#server/modules/requests/sla/clock';
import { runEscalations } from '#server/modules/requests/sla/escalation';
import { describeEachDatabase } from '../support/api-harness';
import { createAsRenter, firstRenterType } from '../support/requests';

const MINUTE = 60_000;
const week = { clock: 'working', work_days: [1, 2, 3, 4, 5], work_from: '09:00', work_to: '18:00', pause_statuses: ['paused'] };

describeEachDatabase('requests: priority, SLA deadlines, pause and escalation', (h) => {
  const t = { landlord: '', landlord2: '', employee: '', renter: '', renter2: '' };
  let typeId = '';
  let otherTypeId = '';
  let staffUser = '';
  let employeeUser = '';
  let landlordUser = '';
  const userOf = async (username: string) => (await h.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]?.id as string;
  const put = (path: string, token: string, body: unknown) => h.api(path, { token, body, method: 'PUT' });
  const take = (id: string, event = 'request.take') => h.api(`/requests/${id}/transitions`, { token: t.employee, body: { event } });
  const rowOf = async (id: string) => (await h.db.select().from(requests).where(eq(requests.id, id)))[0] as typeof requests.$inferSelect;
  const told = (id: string) =>
    h.db
      .select({ userId: notifications.userId, params: notifications.params })
      .from(notifications)
      .where(and(eq(notifications.kind, 'request.escalation'), eq(notifications.subjectId, id)))
      .orderBy(notifications.id);
  const steps = async (id: string) =>
    (await h.db.select({ step: requestEscalations.step }).from(requestEscalations).where(eq(requestEscalations.requestId, id))).map((r) => r.step).sort();

  beforeAll(async () => {
    for (const name of Object.keys(t) as Array<keyof typeof t>) t[name] = await h.login(name);
    const types = (await h.api('/type-request/kind/12', { token: t.renter })).body as { id: string }[];
    typeId = await firstRenterType(h, t.renter);
    otherTypeId = types[1]?.id as string;
    [staffUser, employeeUser, landlordUser] = [await userOf('staff01'), await userOf('employee'), await userOf('landlord')];
    // staff01 works requests at the main level: the breach goes to it; the demo employee is the type's responsible, so its assignee.
    const [staff] = await h.db.select({ id: employees.id }).from(employees).where(eq(employees.userId, staffUser));
    await h.db
      .insert(employeeAccess)
      .values({ employeeId: staff?.id as string, module: 'requests', level: 'main' })
      .onConflictDoUpdate({ target: [employeeAccess.employeeId, employeeAccess.module], set: { level: 'main' } });
    const [employee] = await h.db.select({ id: employees.id }).from(employees).where(eq(employees.userId, employeeUser));
    expect((await put(`/type-request-landlord/${typeId}`, t.landlord, { responsible_employee_id: employee?.id })).status).toBe(204);
  });

  it('who may read and change the SLA: staff read it, the landlord changes it; a tenant neither', async () => {
    expect((await h.api('/request-sla', { token: t.renter })).status).toBe(403);
    expect((await put('/request-sla', t.renter, week)).status).toBe(403);
    expect((await put(`/request-sla/types/${typeId}`, t.renter, { clock: null, targets: [], escalation: null })).status).toBe(403);
    // The demo employee is a creator in requests: it reads, but settings need main.
    expect((await h.api('/request-sla', { token: t.employee })).status).toBe(200);
    expect((await put('/request-sla', t.employee, week)).status).toBe(403);
    const sla = await h.api('/request-sla', { token: t.landlord });
    expect(sla.status).toBe(200);
    expect(sla.body).toMatchObject({ clock: 'working', work_days: [1, 2, 3, 4, 5], work_from: '09:00', work_to: '18:00', pause_statuses: ['paused'] });
    // Kazakhstan's holidays are seeded: Nauryz of 2026 among them.
    expect(sla.body.holidays).toEqual(expect.arrayContaining([expect.objectContaining({ day: '2026-03-23', name: 'kz:nauryz' })]));
    expect(sla.body.types.find((x: { type_id: string }) => x.type_id === typeId)).toMatchObject({ targets: [], escalation_default: true, clock: null });
    const wrong = await put('/request-sla', t.landlord, { ...week, work_from: '18:00', work_to: '09:00' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields).toHaveProperty('work_to');
  });

  it("another landlord's holiday or request is not found", async () => {
    // A seeded day is removed by its id before the landlord stored anything; another landlord's call finds nothing.
    const seeded = ((await h.api('/request-sla', { token: t.landlord })).body.holidays as { id: string; day: string }[]).find((x) => x.day === '2027-05-16');
    expect((await h.api(`/request-sla/holidays/${seeded?.id}`, { token: t.landlord2, method: 'DELETE' })).status).toBe(404);
    expect((await h.api(`/request-sla/holidays/${seeded?.id}`, { token: t.landlord, method: 'DELETE' })).status).toBe(204);
    const left = (await h.api('/request-sla', { token: t.landlord })).body.holidays as { day: string }[];
    expect(left.map((x) => x.day)).not.toContain('2027-05-16');
    expect(left.map((x) => x.day)).toContain('2027-05-09');
    const added = await h.api('/request-sla/holidays', { token: t.landlord, body: { day: '2026-06-01', name: 'Санитарный день' } });
    expect(added.status).toBe(201);
    expect((await h.api('/request-sla/holidays', { token: t.landlord, body: { day: '2026-06-01' } })).status).toBe(409);
    expect((await h.api(`/request-sla/holidays/${added.body.id}`, { token: t.landlord2, method: 'DELETE' })).status).toBe(404);
    const r = await createAsRenter(h, t.renter, typeId);
    expect((await put(`/requests/${r.id}/priority`, t.landlord2, { priority: 'high' })).status).toBe(404);
    expect((await h.api(`/request-sla/holidays/${added.body.id}`, { token: t.landlord, method: 'DELETE' })).status).toBe(204);
    expect((await h.api('/request-sla', { token: t.landlord })).body.holidays.some((x: { day: string }) => x.day === '2026-06-01')).toBe(false);
  });

  it('priority: a tenant may flag an emergency only; staff change it; the journal filters by it', async () => {
    const emergency = await h.api('/requests', { token: t.renter, body: { type_id: typeId, description: 'Прорвало трубу', priority: 'emergency' } });
    expect(emergency.status).toBe(201);
    expect(emergency.body.priority).toBe('emergency');
    const high = await h.api('/requests', { token: t.renter, body: { type_id: typeId, description: 'Срочно', priority: 'high' } });
    expect(high.status).toBe(400);
    expect(high.body.error.fields).toHaveProperty('priority');
    const plain = await createAsRenter(h, t.renter, typeId, 'Скрипит дверь');
    expect((await h.api(`/requests/${plain.id}`, { token: t.renter })).body.priority).toBe('normal');
    expect((await put(`/requests/${plain.id}/priority`, t.renter, { priority: 'low' })).status).toBe(403);
    expect((await put(`/requests/${plain.id}/priority`, t.landlord, { priority: 'urgent' })).status).toBe(400);
    const changed = await put(`/requests/${plain.id}/priority`, t.landlord, { priority: 'low' });
    expect(changed.status).toBe(200);
    expect(changed.body.priority).toBe('low');
    expect(changed.body.history.at(-1)).toMatchObject({ event: 'request.priority', comment: 'low' });
    const list = async (priority: string) =>
      ((await h.api(`/requests?priority=${priority}&limit=100`, { token: t.landlord })).body.data as { id: string; priority: string }[]).map((x) => x.id);
    expect(await list('emergency')).toContain(emergency.body.id);
    expect(await list('emergency')).not.toContain(plain.id);
    expect(await list('low')).toEqual(expect.arrayContaining([plain.id]));
    expect(await list('low')).not.toContain(emergency.body.id);
  });

  it('deadlines follow the SLA of type and priority in working hours; without one, the type hours on the calendar', async () => {
    expect((await put('/request-sla', t.landlord, week)).status).toBe(200);
    const saved = await put(`/request-sla/types/${otherTypeId}`, t.landlord, {
      clock: null,
      targets: [{ priority: 'normal', take_minutes: 60, resolve_minutes: 540 }],
      escalation: null,
    });
    expect(saved.status).toBe(200);
    const holidays = new Set<string>((saved.body.holidays as { day: string }[]).map((x) => x.day));
    const r = await h.api('/requests', { token: t.renter, body: { type_id: otherTypeId, description: 'Нет воды' } });
    const created = new Date(r.body.created_at);
    const w = { days: [1, 2, 3, 4, 5], from: 540, to: 1080, holidays };
    expect(r.body.deadline_at).toBe(addWorkingMinutes(created, 540, w).toISOString());
    expect(r.body.take_deadline_at).toBe(addWorkingMinutes(created, 60, w).toISOString());
    // Low has no SLA: the type's own hours, calendar, and no time to take.
    const low = await h.api('/requests', { token: t.landlord, body: { type_id: otherTypeId, description: 'Покрасить', object_id: r.body.object.id } });
    const changed = await put(`/requests/${low.body.id}/priority`, t.landlord, { priority: 'low' });
    const hours = (saved.body.types as { type_id: string; resolve_hours: number }[]).find((x) => x.type_id === otherTypeId)?.resolve_hours as number;
    expect(changed.body.deadline_at).toBe(new Date(new Date(low.body.created_at).getTime() + hours * 60 * MINUTE).toISOString());
    expect(changed.body.take_deadline_at).toBeNull();
  });

  it('a pause stops the clock: the time in a pausing status extends the deadlines, and a paused request is not overdue', async () => {
    await put(`/request-sla/types/${typeId}`, t.landlord, {
      clock: 'calendar',
      targets: [{ priority: 'high', take_minutes: 30, resolve_minutes: 120 }],
      escalation: null,
    });
    const r = await createAsRenter(h, t.renter, typeId, 'Пауза');
    await put(`/requests/${r.id}/priority`, t.landlord, { priority: 'high' });
    expect((await take(r.id)).status).toBe(200);
    const before = await rowOf(r.id);
    expect((await take(r.id, 'request.pause')).status).toBe(200);
    const paused = await rowOf(r.id);
    expect(paused.pausedAt).not.toBeNull();
    expect(paused.nextEscalationAt).toBeNull();
    // The pause began 45 minutes ago and the deadline has passed meanwhile: not overdue while the clock stands.
    await h.db
      .update(requests)
      .set({ pausedAt: new Date(Date.now() - 45 * MINUTE), deadlineAt: new Date(Date.now() - MINUTE) })
      .where(eq(requests.id, r.id));
    const journal = await h.api(`/requests/${r.id}`, { token: t.landlord });
    expect(journal.body.overdue).toBe(false);
    expect((await take(r.id, 'request.resume')).status).toBe(200);
    const resumed = await rowOf(r.id);
    expect(resumed.pausedAt).toBeNull();
    expect(resumed.pausedMinutes).toBe(45);
    expect(resumed.deadlineAt.getTime()).toBe(before.deadlineAt.getTime() + 45 * MINUTE);
    expect(resumed.nextEscalationAt).not.toBeNull();
  });

  it('escalation: each step is sent once per request, even by two runs at once, to whom it names, and kept in the history', async () => {
    await put(`/request-sla/types/${typeId}`, t.landlord, {
      clock: 'calendar',
      targets: [{ priority: 'normal', take_minutes: 10, resolve_minutes: 60 }],
      escalation: null,
    });
    const r = await createAsRenter(h, t.renter, typeId, 'Эскалация');
    const created = new Date((await rowOf(r.id)).createdAt);
    const at = (minutes: number) => new Date(created.getTime() + minutes * MINUTE + 1000);
    expect(await runEscalations(h.db, at(7))).toBe(0);
    // Two processes at once at 11 minutes: the take's 80 % (the assignee) and its breach (main staff), once each.
    await Promise.all([runEscalations(h.db, at(11)), runEscalations(h.db, at(11))]);
    expect(await steps(r.id)).toEqual(['take:100:0:main', 'take:80:0:assignee']);
    expect((await told(r.id)).map((x) => x.userId).sort()).toEqual([employeeUser, staffUser].sort());
    await Promise.all([runEscalations(h.db, at(11)), runEscalations(h.db, at(11))]);
    expect(await told(r.id)).toHaveLength(2);
    // An hour past the take's breach: the landlord.
    await Promise.all([runEscalations(h.db, at(71)), runEscalations(h.db, at(71))]);
    expect((await told(r.id)).filter((x) => x.userId === landlordUser)).toEqual([
      { userId: landlordUser, params: expect.objectContaining({ clock: 'take', percent: 100, number: r.number }) },
    ]);
    // Taken: no more take steps; the resolve's steps come due in their turn.
    expect((await take(r.id)).status).toBe(200);
    await Promise.all([runEscalations(h.db, at(130)), runEscalations(h.db, at(130))]);
    expect(await steps(r.id)).toEqual([
      'resolve:100:0:main',
      'resolve:100:60:landlord',
      'resolve:80:0:assignee',
      'take:100:0:main',
      'take:100:60:landlord',
      'take:80:0:assignee',
    ]);
    expect(await told(r.id)).toHaveLength(6);
    const history = (await h.api(`/requests/${r.id}`, { token: t.landlord })).body.history as { event: string; comment: string | null }[];
    // Each line is written at its run's moment (here moved ahead of the clock), so compared as a set.
    expect(
      history
        .filter((x) => x.event.startsWith('request.escalation'))
        .map((x) => `${x.event} ${x.comment}`)
        .sort(),
    ).toEqual([
      'request.escalation.resolve 100 %',
      'request.escalation.resolve 100 % + 1:00',
      'request.escalation.resolve 80 %',
      'request.escalation.take 100 %',
      'request.escalation.take 100 % + 1:00',
      'request.escalation.take 80 %',
    ]);
    expect((await rowOf(r.id)).nextEscalationAt).toBeNull();
  });
});
