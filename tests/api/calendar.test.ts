import { eq, max } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as schema from '#server/db/schema';
import { users } from '#server/db/schema';
import { describeEachDatabase } from '../support/api-harness';
import { almaty, calendarSetup, inMinutes } from '../support/calendar';

describeEachDatabase('the calendar of events', (h) => {
  const { t, id, toldSince, create, range, titlesIn } = calendarSetup(h);

  it('refuses a start outside 2000–2099 and an event longer than a year, and writes nothing', async () => {
    const before = (await h.db.select({ n: max(schema.calendarEvents.createdAt) }).from(schema.calendarEvents))[0]?.n ?? null;
    // A daily series from the year 1000 would be walked from its start on every read of every calendar.
    const ancient = { title: 'd1', starts_at: '1000-01-01T10:00:00Z', ends_at: '1000-01-01T11:00:00Z', visibility: 'all', repeat: { freq: 'daily' } };
    const old = await h.api('/calendar/events', { token: t.employee, body: ancient });
    expect(old.status).toBe(400);
    expect(old.body.error.fields).toEqual({ starts_at: 'Дата события — с 2000 по 2099 год' });
    const far = await h.api('/calendar/events', {
      token: t.employee,
      body: { ...ancient, starts_at: '2100-01-01T10:00:00Z', ends_at: '2100-01-01T11:00:00Z' },
      lang: 'en',
    });
    expect(far.body.error.fields).toEqual({ starts_at: 'The event date must be between 2000 and 2099' });
    const long = await h.api('/calendar/events', {
      token: t.employee,
      body: { title: 'Ремонт', starts_at: almaty('2027-01-01'), ends_at: almaty('2028-01-03') },
    });
    expect(long.status).toBe(400);
    expect(long.body.error.fields).toEqual({ ends_at: 'Событие длится не больше года' });
    const after = (await h.db.select({ n: max(schema.calendarEvents.createdAt) }).from(schema.calendarEvents))[0]?.n ?? null;
    expect(after).toEqual(before);
  });

  it('refuses a title of 51 characters, and an empty one, with the spec’s texts in each language', async () => {
    const body = { title: 'x'.repeat(51), starts_at: almaty('2027-03-03'), ends_at: almaty('2027-03-03', '11:00') };
    const ru = await h.api('/calendar/events', { token: t.employee, body });
    expect(ru.status).toBe(400);
    expect(ru.body.error.fields.title).toBe('Название события — не более 50 символов');
    const en = await h.api('/calendar/events', { token: t.employee, body, lang: 'en' });
    expect(en.body.error.fields.title).toBe('The event title must be 50 characters or fewer');
    const kk = await h.api('/calendar/events', { token: t.employee, body, lang: 'kk' });
    expect(kk.body.error.fields.title).toBe('Оқиға атауы 50 таңбадан аспауы керек');
    const empty = await h.api('/calendar/events', { token: t.employee, body: { ...body, title: '  ' } });
    expect(empty.body.error.fields.title).toBe('Название события обязательно');
    expect((await h.api('/calendar/events', { token: t.employee, body: { ...body, title: 'x'.repeat(50) } })).status).toBe(201);
    await h.db.delete(schema.calendarEvents).where(eq(schema.calendarEvents.title, 'x'.repeat(50)));
  });

  it('shows each role exactly what its visibility allows; a private event never leaks, nor another landlord’s', async () => {
    const mine = await create(t.employee, { title: 'Private of employee', visibility: 'private' });
    const landlordsOwn = await create(t.landlord, { title: 'Private of landlord', visibility: 'private' });
    await create(t.employee, { title: 'For employees', visibility: 'employees' });
    await create(t.employee, { title: 'For tenants', visibility: 'renters' });
    await create(t.landlord, { title: 'For all', visibility: 'all' });
    await create(t.landlord, { title: 'Employees + tenant', visibility: 'employees', participant_ids: [id.renter] });
    const other = await create(t.landlord2, { title: 'Other landlord', visibility: 'all' });
    // A private event takes no participants: nobody else is told or sees it.
    await create(t.employee, { title: 'Private with a guest', visibility: 'private', participant_ids: [id.renter] });

    // Its own events, whatever their visibility.
    expect(await titlesIn(t.employee)).toEqual([
      'Employees + tenant',
      'For all',
      'For employees',
      'For tenants',
      'Private of employee',
      'Private with a guest',
    ]);
    expect(await titlesIn(t.staff01)).toEqual(['Employees + tenant', 'For all', 'For employees']);
    expect(await titlesIn(t.renter)).toEqual(['Employees + tenant', 'For all', 'For tenants']);
    expect(await titlesIn(t.landlord)).toEqual(['Employees + tenant', 'For all', 'For employees', 'For tenants', 'Private of landlord']);
    // An employee without a `calendar` grant still reads what is shown to employees (like tasks), but creates nothing.
    expect(await titlesIn(await h.login('staff02'))).toEqual(['Employees + tenant', 'For all', 'For employees']);
    expect(await titlesIn(t.renter2)).toEqual(['Other landlord']);
    expect(await titlesIn(t.employee2)).toEqual(['Other landlord']);

    for (const token of [t.landlord, t.staff01, t.renter, t.employee2]) expect((await h.api(`/calendar/events/${mine}`, { token })).status).toBe(404);
    expect((await h.api(`/calendar/events/${landlordsOwn}`, { token: t.employee })).status).toBe(404);
    expect((await h.api(`/calendar/events/${other}`, { token: t.landlord })).status).toBe(404);
    expect((await h.api(`/calendar/events/${other}`, { token: t.landlord, method: 'DELETE' })).status).toBe(404);
    // Renters only answer; an employee at `view` does not create.
    expect(
      (await h.api('/calendar/events', { token: t.renter, body: { title: 'No', starts_at: almaty('2027-03-03'), ends_at: almaty('2027-03-03') } })).status,
    ).toBe(403);
    expect(
      (await h.api('/calendar/events', { token: t.staff01, body: { title: 'No', starts_at: almaty('2027-03-03'), ends_at: almaty('2027-03-03') } })).status,
    ).toBe(403);
    expect(await toldSince()).toEqual(['renter event.invited']);
    await h.db.delete(schema.calendarEvents);
  });

  it('expands a weekly Mon/Wed series across a month boundary, with a changed, a cancelled occurrence and an end', async () => {
    const series = await create(t.employee, {
      title: 'Planning',
      visibility: 'employees',
      starts_at: almaty('2027-03-01'),
      ends_at: almaty('2027-03-01', '11:00'),
      repeat: { freq: 'weekly', weekdays: [0, 2], until: '2027-04-07' },
    });
    const from = almaty('2027-03-22', '00:00');
    const to = almaty('2027-04-20', '00:00');
    const starts = async () => (await range(t.staff01, from, to)).occurrences.map((o) => o.starts_at);
    const expected = ['2027-03-22', '2027-03-24', '2027-03-29', '2027-03-31', '2027-04-05', '2027-04-07'].map((d) => almaty(d));
    expect(await starts()).toEqual(expected); // ends on 7 April; 10:00 Almaty every time

    // Move the 31 March occurrence to Thursday 1 April 15:00, cancel 5 April.
    const moved = await h.api(`/calendar/events/${series}`, {
      token: t.employee,
      method: 'PUT',
      body: {
        title: 'Planning (moved)',
        starts_at: almaty('2027-04-01', '15:00'),
        ends_at: almaty('2027-04-01', '16:00'),
        occurrence_start: almaty('2027-03-31'),
      },
    });
    expect(moved.status).toBe(204);
    expect(
      (await h.api(`/calendar/events/${series}?occurrence_start=${encodeURIComponent(almaty('2027-04-05'))}`, { token: t.employee, method: 'DELETE' })).status,
    ).toBe(204);
    const list = (await range(t.staff01, from, to)).occurrences;
    expect(list.map((o) => [o.starts_at, o.title, o.changed])).toEqual([
      [almaty('2027-03-22'), 'Planning', false],
      [almaty('2027-03-24'), 'Planning', false],
      [almaty('2027-03-29'), 'Planning', false],
      [almaty('2027-04-01', '15:00'), 'Planning (moved)', true],
      [almaty('2027-04-07'), 'Planning', false],
    ]);
    expect(list[3]?.occurrence_start).toBe(almaty('2027-03-31'));

    // A drag of one occurrence: only it moves.
    const drag = await h.api(`/calendar/events/${series}/move`, {
      token: t.employee,
      method: 'PUT',
      body: { occurrence_start: almaty('2027-03-22'), starts_at: almaty('2027-03-23', '12:00'), ends_at: almaty('2027-03-23', '13:00') },
    });
    expect(drag.status).toBe(204);
    expect((await starts()).slice(0, 2)).toEqual([almaty('2027-03-23', '12:00'), almaty('2027-03-24')]);
    // A start the rule does not give is no occurrence.
    const bogus = await h.api(`/calendar/events/${series}/move`, {
      token: t.employee,
      method: 'PUT',
      body: { occurrence_start: almaty('2027-03-23'), starts_at: almaty('2027-03-23'), ends_at: almaty('2027-03-23', '11:00') },
    });
    expect(bogus.status).toBe(400);
    // Dragging a late occurrence's series back would move its first start out of the calendar's years
    // (the year 1927 from one drag in 2099, and so on): refused, the series as it was.
    const late = await h.api(`/calendar/events/${series}/move`, {
      token: t.employee,
      method: 'PUT',
      body: { occurrence_start: almaty('2027-04-07'), starts_at: almaty('2000-01-01'), ends_at: almaty('2000-01-01', '11:00'), series: true },
    });
    expect(late.status).toBe(400);
    expect(late.body.error.fields.starts_at).toBe('Дата события — с 2000 по 2099 год');
    expect((await starts()).slice(0, 2)).toEqual([almaty('2027-03-23', '12:00'), almaty('2027-03-24')]);
    // The landlord may change any event of its landlord but others' private ones.
    expect(
      (
        await h.api(`/calendar/events/${series}/move`, {
          token: t.landlord,
          method: 'PUT',
          body: { occurrence_start: almaty('2027-03-29'), starts_at: almaty('2027-03-29', '09:00'), ends_at: almaty('2027-03-29', '10:00') },
        })
      ).status,
    ).toBe(204);
    // staff01 (view) may not drag another's event.
    expect(
      (
        await h.api(`/calendar/events/${series}/move`, {
          token: t.staff01,
          method: 'PUT',
          body: { occurrence_start: almaty('2027-03-24'), starts_at: almaty('2027-03-24'), ends_at: almaty('2027-03-24') },
        })
      ).status,
    ).toBe(403);

    const detail = (await h.api(`/calendar/events/${series}`, { token: t.employee })).body;
    expect(detail.repeat).toMatchObject({ freq: 'weekly', weekdays: [0, 2], until: '2027-04-07' });
    expect(detail.rrule).toBe('FREQ=WEEKLY;BYDAY=MO,WE;UNTIL=20270407T235959Z');
    await h.db.delete(schema.calendarEvents);
  });

  it('tells exactly the participants of an invitation, a change and a cancellation; the creator sees their answers', async () => {
    await toldSince();
    const ev = await create(t.employee, { title: 'Fire drill', visibility: 'all', participant_ids: [id.renter, id.staff01] });
    expect(await toldSince()).toEqual(['renter event.invited', 'staff01 event.invited']);

    expect((await h.api(`/calendar/events/${ev}/answer`, { token: t.renter, method: 'PUT', body: { answer: 'going' } })).status).toBe(204);
    expect((await h.api(`/calendar/events/${ev}/answer`, { token: t.staff01, method: 'PUT', body: { answer: 'not_going' } })).status).toBe(204);
    expect((await h.api(`/calendar/events/${ev}/answer`, { token: t.landlord, method: 'PUT', body: { answer: 'going' } })).status).toBe(403);
    const seen = (await h.api(`/calendar/events/${ev}`, { token: t.employee })).body;
    expect(Object.fromEntries(seen.participants.map((p: { user_id: string; answer: string }) => [p.user_id, p.answer]))).toEqual({
      [id.renter]: 'going',
      [id.staff01]: 'not_going',
    });
    // A participant sees its own answer, not the others'.
    const bySelf = (await h.api(`/calendar/events/${ev}`, { token: t.renter })).body;
    expect(bySelf.my_answer).toBe('going');
    expect(bySelf.participants.find((p: { user_id: string }) => p.user_id === id.staff01).answer).toBeNull();

    // Change: staff01 stays (changed), renter removed (cancelled), landlord? not invitable; renter2 of another landlord refused.
    const base = { title: 'Fire drill', visibility: 'all', starts_at: almaty('2027-03-04'), ends_at: almaty('2027-03-04', '11:00') };
    expect((await h.api(`/calendar/events/${ev}`, { token: t.employee, method: 'PUT', body: { ...base, participant_ids: [id.renter2] } })).status).toBe(400);
    expect((await h.api(`/calendar/events/${ev}`, { token: t.employee, method: 'PUT', body: { ...base, participant_ids: [id.staff01] } })).status).toBe(204);
    expect(await toldSince()).toEqual(['renter event.cancelled', 'staff01 event.changed']);
    expect((await h.api(`/calendar/events/${ev}`, { token: t.employee, method: 'DELETE' })).status).toBe(204);
    expect(await toldSince()).toEqual(['staff01 event.cancelled']);
    expect((await h.api(`/calendar/events/${ev}`, { token: t.staff01 })).status).toBe(404);
  });

  it('says what the caller may do: an employee at `creator` changes another’s event but may not delete it', async () => {
    const ev = await create(t.landlord, { title: 'Walk-through', visibility: 'all' });
    const rights = async (token: string) => {
      const { body } = await h.api(`/calendar/events/${ev}`, { token });
      return [body.can_edit, body.can_delete];
    };
    expect(await rights(t.landlord)).toEqual([true, true]);
    expect(await rights(t.employee)).toEqual([true, false]);
    expect(await rights(t.staff01)).toEqual([false, false]);
    expect((await h.api(`/calendar/events/${ev}`, { token: t.employee, method: 'DELETE' })).status).toBe(403);
    const own = await create(t.employee, { title: 'My own', visibility: 'all' });
    expect((await h.api(`/calendar/events/${own}`, { token: t.employee })).body).toMatchObject({ can_edit: true, can_delete: true });
    await h.db.delete(schema.calendarEvents);
  });

  it('saves an event as it stands when one of its participants has been deleted since; a deleted account is never newly invited', async () => {
    const body = { title: 'Inventory', visibility: 'employees', participant_ids: [id.staff01] };
    const ev = await create(t.employee, body);
    await h.db.update(users).set({ active: false }).where(eq(users.id, id.staff01));
    try {
      const saved = await h.api(`/calendar/events/${ev}`, {
        token: t.employee,
        method: 'PUT',
        body: { ...body, title: 'Inventory (2)', starts_at: almaty('2027-03-03'), ends_at: almaty('2027-03-03', '11:00') },
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(204);
      const other = await h.api('/calendar/events', {
        token: t.employee,
        body: { ...body, title: 'Other', starts_at: almaty('2027-03-03'), ends_at: almaty('2027-03-03', '11:00') },
      });
      expect(other.status).toBe(400);
      expect(other.body.error.fields.participant_ids).toBeTruthy();
    } finally {
      await h.db.update(users).set({ active: true }).where(eq(users.id, id.staff01));
    }
    expect((await h.api(`/calendar/events/${ev}`, { token: t.employee })).body.title).toBe('Inventory (2)');
    await h.db.delete(schema.calendarEvents);
  });

  it('shows the task and request deadline layers only as each module lets the user see them', async () => {
    const task = await h.api('/tasks', { token: t.employee, body: { title: 'Deadline layer', deadline_at: inMinutes(60 * 24), executor_user_id: id.renter } });
    expect(task.status).toBe(201);
    const from = inMinutes(0);
    const to = inMinutes(60 * 24 * 3);
    const forRenter = await range(t.renter, from, to, '&layers=tasks&layers=requests');
    expect(forRenter.deadlines.filter((d) => d.layer === 'tasks').map((d) => d.id)).toContain(task.body.id);
    const forOther = await range(t.employee2, from, to, '&layers=tasks');
    expect(forOther.deadlines.map((d) => d.id)).not.toContain(task.body.id);
    expect((await range(t.renter, from, to)).deadlines).toEqual([]);
  });
});

describe('calendar helpers', () => {
  it('keeps a weekly 10:00 at 10:00 in Almaty', async () => {
    const { occurrenceStarts } = await import('#server/modules/calendar/recurrence');
    const starts = occurrenceStarts(
      { startsAt: new Date(almaty('2027-01-04')), endsAt: new Date(almaty('2027-01-04', '11:00')), rrule: 'FREQ=WEEKLY;BYDAY=MO' },
      new Date(almaty('2027-06-01', '00:00')),
      new Date(almaty('2027-06-15', '00:00')),
    );
    expect(starts.map((d) => d.toISOString())).toEqual([almaty('2027-06-07'), almaty('2027-06-14')]);
  });
});
