import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { deliveries, employees, notifications, requestFollowers, requests } from '#server/db/schema';
import { describeEachDatabase } from '../support/api-harness';
import { createAsRenter, firstRenterType, uploadFile } from '../support/requests';
import { userIdOf } from '../support/tasks';

const DAY = 86_400_000;

describeEachDatabase('requests: the rating with the confirmation, the low-rating alert, followers', (h) => {
  const t = { landlord: '', landlord2: '', employee: '', employee2: '', renter: '', renter2: '' };
  const user = { landlord: '', employee: '', renter: '', staff01: '', staff02: '' };
  let typeId = '';
  let centre = '';
  const send = (token: string, id: string, body: Record<string, unknown>) => h.api(`/requests/${id}/transitions`, { token, body });
  const rate = (token: string, id: string, body: Record<string, unknown>, lang?: string) => h.api(`/requests/${id}/rating`, { token, body, lang });
  const read = async (token: string, id: string) => (await h.api(`/requests/${id}`, { token })).body;

  /** A renter's request taken by `employee`, its report shown and marked done: the applicant's turn. */
  async function doneRequest(description: string): Promise<string> {
    const r = await createAsRenter(h, t.renter, typeId, description);
    expect((await send(t.employee, r.id, { event: 'request.take' })).status).toBe(200);
    expect((await uploadFile(h, t.employee, r.id, 'report')).status).toBe(201);
    expect((await send(t.employee, r.id, { event: 'request.complete' })).status).toBe(200);
    return r.id;
  }

  /** Who was told what of a request: `user id kind` per inbox row, sorted. */
  const told = async (requestId: string, kind?: string) =>
    (
      await h.db
        .select({ userId: notifications.userId, kind: notifications.kind })
        .from(notifications)
        .where(and(eq(notifications.subjectId, requestId), kind ? eq(notifications.kind, kind) : undefined))
    )
      .map((n) => `${n.userId} ${n.kind}`)
      .sort();

  beforeAll(async () => {
    for (const name of Object.keys(t) as Array<keyof typeof t>) t[name] = await h.login(name);
    for (const name of Object.keys(user) as Array<keyof typeof user>) user[name] = await userIdOf(h, name);
    typeId = await firstRenterType(h, t.renter);
    centre = (await h.api('/objects', { token: t.landlord })).body.data[0].id;
    // staff01 supervises the journal (`requests` main); staff02 is one more executor.
    const [staff01] = await h.db.select({ id: employees.id }).from(employees).where(eq(employees.userId, user.staff01));
    const granted = await h.api(`/settings/access/${staff01?.id}`, {
      method: 'PUT',
      token: t.landlord,
      body: { levels: { requests: 'main', tasks: 'executor' } },
    });
    expect(granted.status).toBeLessThan(300);
  });

  it('the applicant confirms with a rating of 1–5; a 2 tells the landlord and the main employees, and nobody else', async () => {
    const id = await doneRequest('Протекает кран');
    const before = await read(t.renter, id);
    expect(before).toMatchObject({ status: 'done', rating: null, can_rate: false, rate_until: null, followers: [], following: false });
    expect(before.actions).toContain('request.confirm');

    for (const rating of [0, 6, 2.5, '2']) expect((await send(t.renter, id, { event: 'request.confirm', rating })).status).toBe(400);
    // A rating goes only with the confirmation.
    const withReturn = await send(t.renter, id, { event: 'request.return', comment: 'Не то', rating: 3 });
    expect(withReturn.status).toBe(400);
    expect(withReturn.body.error.fields).toHaveProperty('rating');
    expect(await told(id, 'request.rating')).toEqual([]);

    const closed = await send(t.renter, id, { event: 'request.confirm', rating: 2, comment: '  Течёт снова  ' });
    expect(closed.status).toBe(200);
    expect(closed.body).toMatchObject({ status: 'closed', rating: { value: 2, comment: 'Течёт снова' }, can_rate: false });
    expect(await told(id, 'request.rating')).toEqual([`${user.landlord} request.rating`, `${user.staff01} request.rating`].sort());
    const [alert] = await h.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.subjectId, id), eq(notifications.kind, 'request.rating'), eq(notifications.userId, user.landlord)));
    expect(alert?.params).toEqual({ number: closed.body.number, rating: 2 });
    // Through notify(), so through the channels too: a complaint is mailed by default to an address on file.
    const mailed = await h.db
      .select({ channel: deliveries.channel })
      .from(deliveries)
      .where(eq(deliveries.notificationId, alert?.id ?? 0));
    expect(mailed.map((d) => d.channel)).toContain('email');
    // The landlord reads it in its inbox, and may reopen the request from its page.
    const inbox = (await h.api('/notifications/inbox', { token: t.landlord })).body.data as { kind: string; subject: { id: string } }[];
    expect(inbox.find((n) => n.kind === 'request.rating')?.subject.id).toBe(id);
    expect((await read(t.landlord, id)).actions).toEqual(['request.reopen']);
    expect((await read(t.landlord, id)).rating).toMatchObject({ value: 2 });
  });

  it('a 3 to 5 tells nobody; staff cannot rate, even confirming for nobody', async () => {
    const id = await doneRequest('Не работает розетка');
    expect((await send(t.renter, id, { event: 'request.confirm', rating: 5 })).body.rating).toMatchObject({ value: 5, comment: null });
    expect(await told(id, 'request.rating')).toEqual([]);

    const filed = await h.api('/requests', { token: t.employee, body: { type_id: typeId, description: 'Звонок без арендатора', object_id: centre } });
    const own = filed.body.id as string;
    await send(t.employee, own, { event: 'request.take' });
    await uploadFile(h, t.employee, own, 'report');
    await send(t.employee, own, { event: 'request.complete' });
    const staffRated = await send(t.employee, own, { event: 'request.confirm', rating: 1 });
    expect(staffRated.status).toBe(400);
    expect(staffRated.body.error.fields).toHaveProperty('rating');
    expect((await send(t.employee, own, { event: 'request.confirm' })).body).toMatchObject({ status: 'closed', rating: null, can_rate: false });
    // A request that is not the tenant's own (this one, another landlord's) is not found.
    expect((await rate(t.renter, own, { rating: 1 })).status).toBe(404);
    expect((await rate(t.renter2, own, { rating: 1 })).status).toBe(404);
    expect((await send(t.renter2, own, { event: 'request.confirm', rating: 1 })).status).toBe(404);
    expect((await rate(t.employee, own, { rating: 1 })).status).toBe(403);
  });

  it('closed without a rating, its applicant rates it for 7 days; then 409 in its language', async () => {
    const id = await doneRequest('Сломан замок');
    const closed = await send(t.renter, id, { event: 'request.confirm' });
    expect(closed.body).toMatchObject({ status: 'closed', rating: null, can_rate: true });
    const until = Date.parse(closed.body.rate_until);
    expect(Math.abs(until - (Date.now() + 7 * DAY))).toBeLessThan(60_000);
    // Staff see no offer to rate.
    expect(await read(t.landlord, id)).toMatchObject({ can_rate: false, rate_until: null });
    for (const rating of [0, 6, 1.5]) expect((await rate(t.renter, id, { rating })).status).toBe(400);

    await h.db
      .update(requests)
      .set({ closedAt: new Date(Date.now() - 8 * DAY) })
      .where(eq(requests.id, id));
    expect(await read(t.renter, id)).toMatchObject({ can_rate: false, rate_until: null });
    const late = await rate(t.renter, id, { rating: 1 }, 'en');
    expect(late.status).toBe(409);
    expect(late.body.error).toMatchObject({ code: 'rating_closed', message: 'A request can be rated only within 7 days of closing' });
    expect((await rate(t.renter, id, { rating: 1 })).body.error.message).toBe('Оценить заявку можно только в течение 7 дней после закрытия');
    expect(await told(id, 'request.rating')).toEqual([]);

    await h.db
      .update(requests)
      .set({ closedAt: new Date(Date.now() - 6 * DAY) })
      .where(eq(requests.id, id));
    const rated = await rate(t.renter, id, { rating: 1, comment: 'Замок опять заедает' });
    expect(rated.status).toBe(200);
    expect(rated.body).toMatchObject({ rating: { value: 1, comment: 'Замок опять заедает' }, can_rate: false });
    expect(rated.body.history.at(-1)).toMatchObject({ event: 'request.rating', comment: 'Замок опять заедает' });
    expect(await told(id, 'request.rating')).toEqual([`${user.landlord} request.rating`, `${user.staff01} request.rating`].sort());
    // Rated once per closing.
    expect((await rate(t.renter, id, { rating: 4 })).body.error.code).toBe('invalid_state');
  });

  it('staff reopen a closed request; closed again, it is rated anew', async () => {
    const id = await doneRequest('Шумит вентиляция');
    await send(t.renter, id, { event: 'request.confirm', rating: 1 });
    expect((await send(t.renter, id, { event: 'request.reopen' })).status).toBe(403);
    const reopened = await send(t.landlord, id, { event: 'request.reopen' });
    expect(reopened.body).toMatchObject({ status: 'returned', can_rate: false });
    const [row] = await h.db.select({ closedAt: requests.closedAt, returned: requests.returned }).from(requests).where(eq(requests.id, id));
    expect(row).toEqual({ closedAt: null, returned: true });
    // Not closed: nothing to rate.
    expect((await rate(t.renter, id, { rating: 5 })).body.error.code).toBe('invalid_state');
    await send(t.employee, id, { event: 'request.take' });
    await send(t.employee, id, { event: 'request.complete' });
    expect((await send(t.renter, id, { event: 'request.confirm' })).body).toMatchObject({ status: 'closed', rating: { value: 1 }, can_rate: true });
    expect((await rate(t.renter, id, { rating: 5 })).body).toMatchObject({ rating: { value: 5 }, can_rate: false });
  });

  it('followers are told of every transition and comment, each once, never of their own', async () => {
    const r = await createAsRenter(h, t.renter, typeId, 'Нет света в коридоре');
    expect((await h.api(`/requests/${r.id}/follow`, { method: 'PUT', token: t.landlord })).body).toMatchObject({ following: true });
    expect((await h.api(`/requests/${r.id}/follow`, { method: 'PUT', token: t.landlord })).status).toBe(200);
    const both = await h.api(`/requests/${r.id}/follow`, { method: 'PUT', token: t.employee });
    expect(both.body.followers.map((f: { user_id: string }) => f.user_id).sort()).toEqual([user.landlord, user.employee].sort());
    expect(await read(t.renter, r.id)).toMatchObject({ followers: [], following: false });
    expect((await h.api(`/requests/${r.id}/follow`, { method: 'PUT', token: t.renter })).status).toBe(403);
    expect((await h.api(`/requests/${r.id}/follow`, { method: 'PUT', token: t.employee2 })).status).toBe(404);
    expect((await h.api(`/requests/${r.id}/follow`, { method: 'PUT', token: t.landlord2 })).status).toBe(404);

    await send(t.employee, r.id, { event: 'request.take' });
    expect(await told(r.id, 'request.status')).toEqual([`${user.landlord} request.status`, `${user.renter} request.status`].sort());
    expect((await h.api(`/requests/${r.id}/comments`, { token: t.landlord, body: { comment: 'Срочно, пожалуйста' } })).status).toBe(200);
    expect(await told(r.id, 'request.comment')).toEqual([`${user.employee} request.comment`]);
    // Assigned to one who follows: "assigned to you", not the status as well.
    const employeeOf = async (userId: string) => (await h.db.select({ id: employees.id }).from(employees).where(eq(employees.userId, userId)))[0]?.id;
    const staff02 = await employeeOf(user.staff02);
    const assignedBefore = await told(r.id, 'request.assigned');
    await h.db.insert(requestFollowers).values({ requestId: r.id, userId: user.staff02 });
    await send(t.landlord, r.id, { event: 'request.assign', assignee_employee_id: staff02 });
    expect(await told(r.id, 'request.assigned')).toEqual([...assignedBefore, `${user.staff02} request.assigned`].sort());
    expect((await told(r.id, 'request.status')).filter((x) => x.startsWith(user.staff02))).toEqual([]);
    await send(t.landlord, r.id, { event: 'request.assign', assignee_employee_id: await employeeOf(user.employee) });
    await uploadFile(h, t.employee, r.id, 'report');
    await send(t.employee, r.id, { event: 'request.complete' });
    // Nobody is told of his own act: the employee took it and completed it.
    expect((await told(r.id, 'request.status')).filter((x) => x.startsWith(user.employee))).toEqual([]);
    await send(t.renter, r.id, { event: 'request.confirm', rating: 4 });
    // The employee, assignee and follower, is told "closed" once.
    const all = await h.db
      .select({ userId: notifications.userId, params: notifications.params })
      .from(notifications)
      .where(and(eq(notifications.subjectId, r.id), eq(notifications.kind, 'request.status')));
    const closedTo = all.filter((n) => (n.params as { status: string }).status === 'closed').map((n) => n.userId);
    expect(closedTo.sort()).toEqual([user.landlord, user.employee, user.staff02].sort());

    const left = await h.api(`/requests/${r.id}/follow`, { method: 'DELETE', token: t.landlord });
    expect(left.body.following).toBe(false);
    expect(left.body.followers.map((f: { user_id: string }) => f.user_id).sort()).toEqual([user.employee, user.staff02].sort());
    await h.api(`/requests/${r.id}/comments`, { token: t.renter, body: { comment: 'Спасибо' } });
    expect((await told(r.id, 'request.comment')).filter((x) => x.startsWith(user.landlord))).toEqual([]);
  });
});
