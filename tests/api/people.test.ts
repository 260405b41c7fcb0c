import { eq, inArray } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { renters, users } from '#server/db/schema';
import { describeEachDatabase } from '../support/api-harness';
import { type Person, people } from '../support/people';
import { contractorOf, userIdOf } from '../support/tasks';

const search = (q: string) => `&search=${encodeURIComponent(q)}`;
const userIds = (list: Person[]) => list.map((p) => p.user_id);

describeEachDatabase('people: one directory for every picker', (h) => {
  const t = { landlord: '', employee: '', renter: '', superadmin: '', landlord2: '', renter2: '', staff01: '' };
  const id = { employee: '', renter: '', staff01: '', employee2: '', renter2: '' };

  beforeAll(async () => {
    // staff01 is a colleague of the demo employee with `tasks` at `executor` and nothing else.
    const [demo] = await h.db.select({ hash: users.passwordHash }).from(users).where(eq(users.username, 'employee'));
    await h.db.update(users).set({ passwordHash: demo?.hash }).where(eq(users.username, 'staff01'));
    for (const name of Object.keys(t) as (keyof typeof t)[]) t[name] = await h.login(name);
    for (const name of Object.keys(id) as (keyof typeof id)[]) id[name] = await userIdOf(h, name);
  });

  it('each purpose offers its roles of the caller’s landlord in one shape, employees first, never another landlord’s', async () => {
    const contractor = await contractorOf(h, 'landlord');
    const foreign = await contractorOf(h, 'landlord2');
    const event = (await people(h, t.employee, 'event')).body.data;
    expect(event.find((p) => p.user_id === id.employee)).toMatchObject({ role: 'employee', name: 'Нурлан Абенов', user_name: 'Нурлан Абенов' });
    expect(event.find((p) => p.user_id === id.renter)).toMatchObject({
      role: 'renter',
      name: 'Dana Fashion (ИП «Dana Fashion»)',
      user_name: 'Дана Жумабекова',
      property: { name: 'ТРЦ «Mega Center»' },
      unit: { number: expect.any(String), floor: expect.any(Number) },
      position: null,
      services: null,
    });
    expect(new Set(event.map((p) => p.role))).toEqual(new Set(['employee', 'renter']));
    const roles = event.map((p) => p.role);
    expect(roles).toEqual([...roles].sort((a, b) => (a === b ? 0 : a === 'employee' ? -1 : 1)));

    const task = (await people(h, t.landlord, 'task')).body.data;
    expect(task.find((p) => p.id === contractor)).toMatchObject({ role: 'contractor', user_id: null, name: 'ТОО «Подрядчик»', services: 'Ремонт' });
    const violation = (await people(h, t.landlord, 'violation')).body.data;
    expect(violation.map((p) => p.role)).toEqual(violation.map(() => 'renter'));
    expect(userIds(violation)).toContain(id.renter);

    // Nobody of the second landlord, for any purpose, for any caller of the first; and the other way round.
    for (const purpose of ['event', 'task', 'violation']) {
      for (const token of [t.landlord, t.employee]) {
        const list = (await people(h, token, purpose)).body.data;
        expect(userIds(list)).not.toContain(id.renter2);
        expect(userIds(list)).not.toContain(id.employee2);
        expect(list.map((p) => p.id)).not.toContain(foreign);
      }
      const theirs = (await people(h, t.landlord2, purpose)).body.data;
      expect(userIds(theirs)).not.toContain(id.renter);
      expect(theirs.map((p) => p.id)).not.toContain(contractor);
    }
  });

  it('role narrows to some of the purpose’s roles, and a purpose never offers a role it does not take', async () => {
    const renterOnly = (await people(h, t.employee, 'task', '&role=renter')).body.data;
    expect(renterOnly.length).toBeGreaterThan(0);
    expect(renterOnly.every((p) => p.role === 'renter')).toBe(true);
    const staffAndFirms = (await people(h, t.employee, 'task', '&role=employee&role=contractor')).body.data;
    expect(new Set(staffAndFirms.map((p) => p.role))).toEqual(new Set(['employee', 'contractor']));
    expect((await people(h, t.employee, 'event', '&role=contractor')).body.data).toEqual([]);
    expect((await people(h, t.employee, 'violation', '&role=employee')).body.data).toEqual([]);
    expect((await people(h, t.employee, 'task', '&role=nobody')).status).toBe(400);
    expect((await people(h, t.employee, 'everything')).status).toBe(400);
    expect((await h.api('/people', { token: t.employee })).status).toBe(400);
    const one = await people(h, t.employee, 'event', '&limit=1');
    expect(one.body.data.map((p) => p.role)).toEqual(['employee', 'renter']);
  });

  it('search finds any part of a name, Cyrillic or Latin, whatever the case', async () => {
    const found = async (q: string, purpose = 'event') => userIds((await people(h, t.employee, purpose, search(q))).body.data);
    expect(await found('ЖУМАБЕКОВА')).toEqual([id.renter]);
    expect(await found('жумабекова')).toEqual([id.renter]);
    expect(await found('нурлан абенов')).toEqual([id.employee]);
    expect(await found('dana FASHION', 'violation')).toEqual([id.renter]);
    expect(await found('ип «dana')).toEqual([id.renter]);
    expect(await found('timur coffee', 'violation')).toEqual([]);
    expect(userIds((await people(h, t.landlord2, 'violation', search('TIMUR'))).body.data)).toEqual([id.renter2]);
    // LIKE's wildcards are searched as themselves.
    expect(await found('%')).toEqual([]);
  });

  it('offers only active people: a renter whose login is off is still one a violation may be recorded for', async () => {
    await h.db.update(users).set({ active: false }).where(eq(users.id, id.renter));
    try {
      for (const purpose of ['event', 'task']) expect(userIds((await people(h, t.employee, purpose)).body.data)).not.toContain(id.renter);
      const [row] = await h.db.select({ id: renters.id }).from(renters).where(eq(renters.userId, id.renter));
      const violation = (await people(h, t.employee, 'violation')).body.data;
      expect(violation.find((p) => p.id === row?.id)).toMatchObject({ user_id: null, user_name: null, name: 'Dana Fashion (ИП «Dana Fashion»)' });
    } finally {
      await h.db.update(users).set({ active: true }).where(eq(users.id, id.renter));
    }
    const [row] = await h.db.select({ id: renters.id }).from(renters).where(eq(renters.userId, id.renter));
    await h.db
      .update(renters)
      .set({ status: 'deleted' })
      .where(eq(renters.id, row?.id as string));
    try {
      for (const purpose of ['event', 'task', 'violation']) expect((await people(h, t.employee, purpose)).body.data.map((p) => p.id)).not.toContain(row?.id);
    } finally {
      await h.db
        .update(renters)
        .set({ status: 'active' })
        .where(eq(renters.id, row?.id as string));
    }
  });

  it('only those who may create the record may pick for it: no renter, no superadmin, no employee below its level', async () => {
    for (const purpose of ['event', 'task', 'violation']) {
      expect((await people(h, t.renter, purpose)).status).toBe(403);
      expect((await people(h, t.superadmin, purpose)).status).toBe(403);
      expect((await people(h, undefined, purpose)).status).toBe(401);
      // staff01 works tasks given to it but creates nothing.
      expect((await people(h, t.staff01, purpose)).status).toBe(403);
      expect((await people(h, t.employee, purpose)).status).toBe(200);
    }
    // A task goes only to an employee who may work tasks: staff01 is offered, a colleague without `tasks` is not.
    const offered = userIds((await people(h, t.employee, 'task', '&role=employee')).body.data);
    expect(offered).toContain(id.staff01);
    const invitable = userIds((await people(h, t.employee, 'event', '&role=employee')).body.data);
    expect(invitable).toContain(id.employee);
    const [staff02] = await h.db
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.username, ['staff02']));
    expect(invitable).toContain(staff02?.id);
  });

  it('whom it offers for an event is accepted as a participant', async () => {
    const list = (await people(h, t.employee, 'event')).body.data;
    const picked = [list.find((p) => p.role === 'employee' && p.user_id !== id.employee), list.find((p) => p.role === 'renter')].map((p) => p?.user_id);
    const res = await h.api('/calendar/events', {
      token: t.employee,
      body: { title: 'Планёрка', starts_at: '2027-03-03T05:00:00Z', ends_at: '2027-03-03T06:00:00Z', visibility: 'all', participant_ids: picked },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const event = await h.api(`/calendar/events/${res.body.id}`, { token: t.employee });
    expect(event.body.participants.map((p: { user_id: string }) => p.user_id).sort()).toEqual([...picked].sort());
  });
});
