import ICAL from 'ical.js';
import ical, { type VEvent } from 'node-ical';
import { expect, it } from 'vitest';
import { almatyDay } from '#/shared/almaty';
import * as schema from '#server/db/schema';
import { describeEachDatabase } from '../support/api-harness';
import { almaty, calendarSetup } from '../support/calendar';

/** The instants (ISO, UTC) ical.js expands a parsed calendar's events to, each with its title. */
function expandWithIcalJs(text: string): string[] {
  const vcalendar = new ICAL.Component(ICAL.parse(text));
  for (const tz of vcalendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(new ICAL.Timezone(tz));
  const vevents = vcalendar.getAllSubcomponents('vevent');
  const overrides = vevents.filter((v) => v.hasProperty('recurrence-id'));
  const out: string[] = [];
  for (const v of vevents.filter((x) => !x.hasProperty('recurrence-id'))) {
    const event = new ICAL.Event(v);
    for (const o of overrides) if (o.getFirstPropertyValue('uid') === event.uid) event.relateException(o);
    if (!event.isRecurring()) {
      out.push(`${event.startDate.toJSDate().toISOString()} ${event.summary}`);
      continue;
    }
    const it = event.iterator();
    for (let next = it.next(); next; next = it.next()) {
      const d = event.getOccurrenceDetails(next);
      out.push(`${d.startDate.toJSDate().toISOString()} ${d.item.summary}`);
    }
  }
  return out.sort();
}

// A series outside the app's screens (the subscription feed, one event's .ics file) and answers for one of its dates.
describeEachDatabase("the calendar's series in iCalendar and in answers", (h) => {
  const { t, id, create } = calendarSetup(h);
  const day = (n: number) => almatyDay(n);

  it('writes a series once, with its rule, cancelled and changed dates, reminders, description and an Almaty time zone', async () => {
    const series = await create(t.employee, {
      title: 'Weekly',
      description: 'Room 2, second floor',
      visibility: 'renters',
      participant_ids: [id.renter],
      starts_at: almaty(day(7)),
      ends_at: almaty(day(7), '11:00'),
      repeat: { freq: 'weekly', count: 5 },
      reminders: [10, 1440],
    });
    await create(t.employee, { title: 'Open day', visibility: 'renters', starts_at: almaty(day(3), '09:30'), ends_at: almaty(day(3), '12:00') });
    // Cancel the second date, move the third a day later to 15:00 under another title.
    const cancel = await h.api(`/calendar/events/${series}?occurrence_start=${encodeURIComponent(almaty(day(14)))}`, { token: t.employee, method: 'DELETE' });
    expect(cancel.status).toBe(204);
    const moved = await h.api(`/calendar/events/${series}`, {
      token: t.employee,
      method: 'PUT',
      body: { title: 'Weekly (moved)', starts_at: almaty(day(22), '15:00'), ends_at: almaty(day(22), '16:00'), occurrence_start: almaty(day(21)) },
    });
    expect(moved.status).toBe(204);

    const url = (await h.api('/calendar/feed', { token: t.renter, method: 'POST' })).body.url as string;
    const res = await h.fetch<string>(new URL(url).pathname);
    expect(res.status).toBe(200);
    const text = res.body;
    // Every line ends with CRLF, the last one too.
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);

    // node-ical: one VEVENT for the series (not one per date), its override, and the single event.
    const parsed = Object.values(ical.sync.parseICS(text)).filter((c): c is VEvent => c?.type === 'VEVENT');
    expect(parsed.map((e) => e.summary).sort()).toEqual(['Open day', 'Weekly']);
    const master = parsed.find((e) => e.summary === 'Weekly') as VEvent;
    expect(master.uid).toBe(`${series}@mall-crm`);
    expect(master.description).toBe('Room 2, second floor');
    expect(master.rrule?.toString()).toContain('FREQ=WEEKLY;COUNT=5');
    expect([...new Set(Object.values(master.exdate ?? {}).map((d) => new Date(d as Date).toISOString()))]).toEqual([almaty(day(14))]);
    const override = Object.values(master.recurrences ?? {})[0] as VEvent;
    expect([override.summary, new Date(override.start).toISOString()]).toEqual(['Weekly (moved)', almaty(day(22), '15:00')]);
    // The reminders as alarms, read by ical.js: 10 minutes and a day before.
    const vevent = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').find((v) => v.getFirstPropertyValue('summary') === 'Weekly');
    const triggers = vevent?.getAllSubcomponents('valarm').map((a) => `${a.getFirstPropertyValue('action')} ${String(a.getFirstPropertyValue('trigger'))}`);
    expect(triggers?.sort()).toEqual(['DISPLAY -P1D', 'DISPLAY -PT10M']);
    expect(text).toContain(`DTSTART;TZID=Asia/Almaty:${day(7).replace(/-/g, '')}T100000`);
    expect(text).toContain('BEGIN:VTIMEZONE\r\nTZID:Asia/Almaty');

    // ical.js, an independent parser, expands the feed to exactly the dates the calendar shows.
    expect(expandWithIcalJs(text)).toEqual(
      [
        `${almaty(day(3), '09:30')} Open day`,
        `${almaty(day(7))} Weekly`,
        `${almaty(day(22), '15:00')} Weekly (moved)`,
        `${almaty(day(28))} Weekly`,
        `${almaty(day(35))} Weekly`,
      ].sort(),
    );
    await h.db.delete(schema.calendarEvents);
  });

  it('raises SEQUENCE on each change, and offers one event as an .ics file to those who see it', async () => {
    const ev = await create(t.employee, { title: 'Audit', visibility: 'employees', starts_at: almaty(day(5)), ends_at: almaty(day(5), '12:00') });
    const file = async (token: string) => h.api<string>(`/calendar/events/${ev}/ics`, { token });
    const first = await file(t.staff01);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toContain('text/calendar');
    expect(first.headers.get('content-disposition')).toContain('attachment');
    expect(first.body).toContain('SEQUENCE:0\r\n');
    const body = { title: 'Audit', visibility: 'employees', starts_at: almaty(day(6)), ends_at: almaty(day(6), '12:00') };
    expect((await h.api(`/calendar/events/${ev}`, { token: t.employee, method: 'PUT', body })).status).toBe(204);
    const moveBody = { occurrence_start: almaty(day(6)), starts_at: almaty(day(6), '11:00'), ends_at: almaty(day(6), '13:00') };
    expect((await h.api(`/calendar/events/${ev}/move`, { token: t.employee, method: 'PUT', body: moveBody })).status).toBe(204);
    const second = (await file(t.staff01)).body;
    expect(second).toContain('SEQUENCE:2\r\n');
    expect(expandWithIcalJs(second)).toEqual([`${almaty(day(6), '11:00')} Audit`]);
    // A tenant does not see an event for employees: nor its file.
    expect((await file(t.renter)).status).toBe(404);
    await h.db.delete(schema.calendarEvents);
  });

  it('keeps an answer given for one date on that date; an answer for the series holds on every date', async () => {
    const series = await create(t.employee, {
      title: 'Standup',
      visibility: 'renters',
      participant_ids: [id.renter],
      starts_at: almaty(day(7)),
      ends_at: almaty(day(7), '11:00'),
      repeat: { freq: 'weekly', count: 4 },
    });
    const answerOn = async (date: string | null, token = t.renter) => {
      const query = date ? `?occurrence_start=${encodeURIComponent(almaty(date))}` : '';
      const { body } = await h.api(`/calendar/events/${series}${query}`, { token });
      return [body.my_answer, body.my_answer_scope, body.participants[0].answer];
    };
    const answer = (body: Record<string, unknown>) => h.api(`/calendar/events/${series}/answer`, { token: t.renter, method: 'PUT', body });

    expect((await answer({ answer: 'going', scope: 'occurrence', occurrence_start: almaty(day(14)) })).status).toBe(204);
    expect(await answerOn(day(14))).toEqual(['going', 'occurrence', 'going']);
    expect(await answerOn(day(21))).toEqual([null, 'series', null]);
    // The creator sees the answer on that date only.
    expect(
      (await h.api(`/calendar/events/${series}?occurrence_start=${encodeURIComponent(almaty(day(21)))}`, { token: t.employee })).body.participants[0].answer,
    ).toBeNull();
    expect(
      (await h.api(`/calendar/events/${series}?occurrence_start=${encodeURIComponent(almaty(day(14)))}`, { token: t.employee })).body.participants[0].answer,
    ).toBe('going');

    // For the series (as callers without a scope answer): every date, the one answered alone included.
    expect((await answer({ answer: 'not_going' })).status).toBe(204);
    expect(await answerOn(day(14))).toEqual(['not_going', 'series', 'not_going']);
    expect(await answerOn(day(21))).toEqual(['not_going', 'series', 'not_going']);
    expect((await answer({ answer: 'going', scope: 'occurrence', occurrence_start: almaty(day(21)) })).status).toBe(204);
    expect(await answerOn(day(21))).toEqual(['going', 'occurrence', 'going']);
    expect(await answerOn(day(28))).toEqual(['not_going', 'series', 'not_going']);

    // A date the rule does not give, or none, is refused; so is anyone not invited.
    expect((await answer({ answer: 'going', scope: 'occurrence', occurrence_start: almaty(day(15)) })).status).toBe(400);
    expect((await answer({ answer: 'going', scope: 'occurrence' })).status).toBe(400);
    const stranger = { answer: 'going', scope: 'occurrence', occurrence_start: almaty(day(14)) };
    expect((await h.api(`/calendar/events/${series}/answer`, { token: t.landlord, method: 'PUT', body: stranger })).status).toBe(403);
    await h.db.delete(schema.calendarEvents);
  });
});
