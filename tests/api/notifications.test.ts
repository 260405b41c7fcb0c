import { randomUUID } from 'node:crypto';
import { eq, gt, max } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { employees, notifications, tasks, users } from '#server/db/schema';
import { expireOverdueTasks } from '#server/modules/tasks/deadlines';
import { describeEachDatabase } from '../support/api-harness';
import { submit } from '../support/questionnaires';
import { createAsRenter, firstRenterType, PNG, postForm } from '../support/requests';
import { createTask } from '../support/tasks';

type Told = { to: string; kind: string; subject: string };

describeEachDatabase('notifications', (h) => {
  const t = { landlord: '', employee: '', renter: '', landlord2: '', employee2: '', renter2: '', superadmin: '' };
  let typeId = '';
  let centre = '';
  let mark = 0;

  /** Every notification written since the last call, as (recipient's login, kind, record id), sorted. */
  const toldSince = async (): Promise<Told[]> => {
    const rows = await h.db
      .select({ id: notifications.id, to: users.username, kind: notifications.kind, subject: notifications.subjectId })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .where(gt(notifications.id, mark));
    mark = Math.max(mark, ...rows.map((r) => r.id));
    return rows.map(({ to, kind, subject }) => ({ to, kind, subject })).sort((a, b) => `${a.to}${a.kind}`.localeCompare(`${b.to}${b.kind}`));
  };
  const move = (token: string, path: string, body: Record<string, unknown>) => h.api(path, { token, body });
  const inbox = async (token: string, query = '') => (await h.api(`/notifications/inbox${query}`, { token })).body;
  const unread = async (token: string) => (await h.api('/user/count-unread', { token })).body.count as number;

  beforeAll(async () => {
    for (const name of Object.keys(t) as Array<keyof typeof t>) t[name] = await h.login(name);
    typeId = await firstRenterType(h, t.renter);
    centre = (await h.api('/objects', { token: t.landlord })).body.data[0].id;
    const [last] = await h.db.select({ n: max(notifications.id) }).from(notifications);
    mark = last?.n ?? 0;
  });

  it("a request's status goes to its applicant, an assignment to the assignee, never to the actor", async () => {
    const r = await createAsRenter(h, t.renter, typeId);
    expect(await toldSince()).toEqual([]); // the type has no responsible employee: nobody to tell
    expect((await move(t.employee, `/requests/${r.id}/transitions`, { event: 'request.take' })).status).toBe(200);
    expect(await toldSince()).toEqual([{ to: 'renter', kind: 'request.status', subject: r.id }]);

    const [staff] = await h.db
      .select({ id: employees.id })
      .from(employees)
      .innerJoin(users, eq(users.id, employees.userId))
      .where(eq(users.username, 'employee'));
    // Re-assigned to the same status: the assignee hears of it, the applicant does not (nothing changed for it).
    expect((await move(t.landlord, `/requests/${r.id}/transitions`, { event: 'request.assign', assignee_employee_id: staff?.id })).status).toBe(200);
    expect(await toldSince()).toEqual([{ to: 'employee', kind: 'request.assigned', subject: r.id }]);

    expect((await move(t.employee, `/requests/${r.id}/transitions`, { event: 'request.pause' })).status).toBe(200);
    expect(await toldSince()).toEqual([{ to: 'renter', kind: 'request.status', subject: r.id }]);

    const page = await inbox(t.renter);
    expect(page.data[0]).toMatchObject({
      kind: 'request.status',
      params: { number: r.number, status: 'paused' },
      actor_name: expect.any(String),
      subject: { type: 'request', id: r.id },
      read_at: null,
    });
    // Someone else moves the assignee's request: the assignee hears of it too (as of a renter's return or confirmation).
    expect((await move(t.landlord, `/requests/${r.id}/transitions`, { event: 'request.resume' })).status).toBe(200);
    expect(await toldSince()).toEqual([
      { to: 'employee', kind: 'request.status', subject: r.id },
      { to: 'renter', kind: 'request.status', subject: r.id },
    ]);
    // A new request assigned: the assignee hears "assigned to you" only, not its status as well.
    const fresh = await createAsRenter(h, t.renter, typeId);
    expect((await move(t.landlord, `/requests/${fresh.id}/transitions`, { event: 'request.assign', assignee_employee_id: staff?.id })).status).toBe(200);
    expect((await toldSince()).filter((x) => x.to === 'employee')).toEqual([{ to: 'employee', kind: 'request.assigned', subject: fresh.id }]);
  });

  it('a refused transition tells nobody', async () => {
    const r = await createAsRenter(h, t.renter, typeId);
    await toldSince();
    expect((await move(t.employee, `/requests/${r.id}/transitions`, { event: 'request.complete' })).status).toBe(409);
    expect((await move(t.renter, `/requests/${r.id}/transitions`, { event: 'request.take' })).status).toBe(403);
    expect(await toldSince()).toEqual([]);
  });

  it("a new request goes to its type's responsible employee: a visitor's as such", async () => {
    const staff = (await h.api('/employee/all', { token: t.landlord })).body.find((e: { username: string }) => e.username === 'employee');
    const form = await h.api(`/public/visitor-requests/${centre}`);
    const visitorType = form.body.types[0].id as string;
    for (const id of [typeId, visitorType]) {
      const set = await h.api(`/type-request-landlord/${id}`, {
        method: 'PUT',
        token: t.landlord,
        body: { responsible_employee_id: staff.id, resolve_hours: 24 },
      });
      expect(set.status).toBe(204);
    }
    await toldSince();
    const r = await createAsRenter(h, t.renter, typeId);
    expect(await toldSince()).toEqual([{ to: 'employee', kind: 'request.assigned', subject: r.id }]);

    const fields = { name: 'Гость Центра', phone: '+77011234567', type_id: visitorType, description: 'Разлит кофе', photo: { data: PNG, name: 'spill.png' } };
    expect((await postForm(h, `/public/visitor-requests/${centre}`, fields, { ip: '10.61.0.1' })).status).toBe(201);
    const told = await toldSince();
    expect(told).toEqual([{ to: 'employee', kind: 'request.visitor', subject: expect.any(String) }]);
    const item = (await inbox(t.employee)).data[0];
    expect(item).toMatchObject({ kind: 'request.visitor', actor_name: null, subject: { type: 'request', id: told[0]?.subject } });

    // The responsible employee filing one himself is not told of his own act.
    expect((await h.api('/requests', { token: t.employee, body: { type_id: typeId, object_id: centre, description: 'Сам' } })).status).toBe(201);
    expect(await toldSince()).toEqual([]);
    for (const id of [typeId, visitorType]) {
      await h.api(`/type-request-landlord/${id}`, { method: 'PUT', token: t.landlord, body: { responsible_employee_id: null, resolve_hours: 24 } });
    }
  });

  it('a task: assigned to its executor; done, rejected, returned, accepted and expired to executor and creator, never to the one who acted', async () => {
    const employeeId = (await h.db.select({ id: users.id }).from(users).where(eq(users.username, 'employee')))[0]?.id;
    const task = await createTask(h, t.landlord, { executor_user_id: employeeId });
    expect(await toldSince()).toEqual([{ to: 'employee', kind: 'task.assigned', subject: task.id }]);
    // Started: nobody is told; done: the creator, who is to accept it.
    expect((await move(t.employee, `/tasks/${task.id}/transitions`, { event: 'task.start' })).status).toBe(200);
    expect(await toldSince()).toEqual([]);
    expect((await move(t.employee, `/tasks/${task.id}/transitions`, { event: 'task.complete' })).status).toBe(200);
    expect(await toldSince()).toEqual([{ to: 'landlord', kind: 'task.complete', subject: task.id }]);
    expect((await move(t.landlord, `/tasks/${task.id}/transitions`, { event: 'task.return', comment: 'Переделать' })).status).toBe(200);
    expect(await toldSince()).toEqual([{ to: 'employee', kind: 'task.return', subject: task.id }]);
    for (const event of ['task.start', 'task.complete']) expect((await move(t.employee, `/tasks/${task.id}/transitions`, { event })).status).toBe(200);
    expect(await toldSince()).toEqual([{ to: 'landlord', kind: 'task.complete', subject: task.id }]);
    expect((await move(t.landlord, `/tasks/${task.id}/transitions`, { event: 'task.accept' })).status).toBe(200);
    expect(await toldSince()).toEqual([{ to: 'employee', kind: 'task.accept', subject: task.id }]);
    expect((await inbox(t.landlord)).data[0]).toMatchObject({ kind: 'task.complete', actor_name: expect.any(String), params: { title: 'Проверить витрину' } });

    // The executor rejects a new task, with its reason: the creator is told.
    const refused = await createTask(h, t.landlord, { executor_user_id: employeeId });
    await toldSince();
    expect((await move(t.employee, `/tasks/${refused.id}/transitions`, { event: 'task.reject', comment: 'Не моя зона' })).status).toBe(200);
    expect(await toldSince()).toEqual([{ to: 'landlord', kind: 'task.reject', subject: refused.id }]);

    const late = await createTask(h, t.employee, {
      executor_user_id: (await h.db.select({ id: users.id }).from(users).where(eq(users.username, 'renter')))[0]?.id,
    });
    expect(await toldSince()).toEqual([{ to: 'renter', kind: 'task.assigned', subject: late.id }]);
    await h.db
      .update(tasks)
      .set({ deadlineAt: new Date(Date.now() - 60_000) })
      .where(eq(tasks.id, late.id));
    await expireOverdueTasks(h.db);
    expect(await toldSince()).toEqual([
      { to: 'employee', kind: 'task.expire', subject: late.id },
      { to: 'renter', kind: 'task.expire', subject: late.id },
    ]);
    expect(await expireOverdueTasks(h.db)).toBe(0);
    expect(await toldSince()).toEqual([]);
    expect((await inbox(t.renter)).data[0]).toMatchObject({ kind: 'task.expire', actor_name: null, params: { title: 'Проверить витрину' } });
  });

  it('a new questionnaire goes to those who work the waiting list of its landlord only', async () => {
    const link = await h.api('/application-forms/link', { method: 'PUT', token: t.landlord, body: { object_id: centre } });
    const linkId = new URL(link.body.link).searchParams.get('l') as string;
    await toldSince();
    const sent = await submit(h, linkId);
    expect(sent.status).toBe(201);
    const told = await toldSince();
    expect(told.map(({ to, kind }) => ({ to, kind }))).toEqual([
      { to: 'employee', kind: 'questionnaire.new' },
      { to: 'landlord', kind: 'questionnaire.new' },
    ]);
    expect((await inbox(t.landlord)).data[0]).toMatchObject({
      kind: 'questionnaire.new',
      params: { company: 'ТОО Ромашка' },
      subject: { type: 'questionnaire' },
    });
  });

  it("the inbox is the caller's own: pages newest first, reads one or all, counts the unread", async () => {
    const mine = await inbox(t.renter, '?limit=100');
    expect(mine.data.length).toBeGreaterThan(2);
    expect(await unread(t.renter)).toBe(mine.data.length);
    expect((await h.api('/user-menu/counts', { token: t.renter })).body.notifications_unread).toBe(mine.data.length);
    // Nobody else's: the other renter, the other landlord's people and the superadmin see none of them.
    for (const other of [t.renter2, t.landlord2, t.employee2, t.superadmin]) {
      const theirs = (await inbox(other, '?limit=100')).data.map((n: { id: number }) => n.id);
      expect(theirs.filter((id: number) => mine.data.some((n: { id: number }) => n.id === id))).toEqual([]);
      expect((await h.api(`/notifications/${mine.data[0].id}/read`, { method: 'POST', token: other })).status).toBe(404);
    }
    expect(await unread(t.renter)).toBe(mine.data.length);

    const ids = mine.data.map((n: { id: number }) => n.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const first = await inbox(t.renter, '?limit=2');
    expect(first.data.map((n: { id: number }) => n.id)).toEqual(ids.slice(0, 2));
    expect(first.meta).toEqual({ limit: 2, next: ids[1] });
    const second = await inbox(t.renter, `?limit=2&before=${first.meta.next}`);
    expect(second.data.map((n: { id: number }) => n.id)).toEqual(ids.slice(2, 4));
    expect((await inbox(t.renter, `?limit=100&before=${ids.at(-1)}`)).meta).toEqual({ limit: 100, next: null });

    expect((await h.api(`/notifications/${ids[1]}/read`, { method: 'POST', token: t.renter })).status).toBe(204);
    expect((await h.api(`/notifications/${ids[1]}/read`, { method: 'POST', token: t.renter })).status).toBe(204);
    expect(await unread(t.renter)).toBe(ids.length - 1);
    const unreadOnly = await inbox(t.renter, '?limit=100&unread=true');
    expect(unreadOnly.data.map((n: { id: number }) => n.id)).toEqual(ids.filter((id: number) => id !== ids[1]));
    expect((await inbox(t.renter, '?limit=100')).data[1].read_at).toEqual(expect.any(String));

    const landlordUnread = await unread(t.landlord);
    expect((await h.api('/notifications/read-all', { method: 'POST', token: t.renter })).status).toBe(204);
    expect(await unread(t.renter)).toBe(0);
    expect((await inbox(t.renter, '?unread=true')).data).toEqual([]);
    expect(await unread(t.landlord)).toBe(landlordUnread); // another's inbox untouched

    expect((await h.api('/notifications/999999999/read', { method: 'POST', token: t.renter })).status).toBe(404);
    expect((await h.api(`/notifications/${randomUUID()}/read`, { method: 'POST', token: t.renter })).status).toBe(400);
    expect((await h.api('/notifications/inbox')).status).toBe(401);
    expect((await h.api('/user/count-unread')).status).toBe(401);
  });
});
