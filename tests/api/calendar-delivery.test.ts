import { and, eq, inArray } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import ical from 'node-ical';
import pg from 'pg';
import { expect, it } from 'vitest';
import type { Db } from '#server/db/client';
import * as schema from '#server/db/schema';
import { deliveries, fcmTokens, notifications } from '#server/db/schema';
import { REMINDER_LATE_MS, sendDueReminders } from '#server/modules/calendar/reminders';
import { describeEachDatabase } from '../support/api-harness';
import { calendarSetup, inMinutes } from '../support/calendar';

// How the calendar reaches people outside the app's screens: reminders (inbox and push) and the iCalendar feed.
describeEachDatabase("the calendar's reminders and feed", (h) => {
  const { t, id, toldSince, create } = calendarSetup(h);

  it('sends each reminder once per participant and occurrence, also with two processes at once; pushes only when the event’s push is on', async () => {
    await toldSince();
    // Start in 5 minutes, reminders 10 minutes before (due now) and at the start (not yet).
    const soon = await create(t.employee, {
      title: 'Soon',
      visibility: 'renters',
      participant_ids: [id.renter],
      reminders: [10, 0],
      starts_at: inMinutes(5),
      ends_at: inMinutes(65),
    });
    const quiet = await create(t.employee, {
      title: 'Quiet',
      visibility: 'renters',
      participant_ids: [id.renter],
      reminders: [10],
      push: false,
      starts_at: inMinutes(5),
      ends_at: inMinutes(65),
    });
    // Its reminder was due long ago (the API was down): skipped, not sent late.
    await create(t.employee, {
      title: 'Long ago',
      visibility: 'renters',
      participant_ids: [id.renter],
      reminders: [0],
      starts_at: inMinutes(-(REMINDER_LATE_MS / 60_000) - 60),
      ends_at: inMinutes(0),
    });
    await toldSince();
    await h.db.insert(fcmTokens).values({ userId: id.renter, token: 'calendar-test-token' }).onConflictDoNothing();

    let runs: number[];
    if (h.kind === 'postgres') {
      const pools = [0, 1].map(() => new pg.Pool({ connectionString: h.config.databaseUrl as string, max: 2 }));
      try {
        const dbs = pools.map((pool) => drizzle(pool, { schema, casing: 'snake_case' }) as unknown as Db);
        runs = await Promise.all(dbs.map((db) => sendDueReminders(db)));
      } finally {
        await Promise.all(pools.map((pool) => pool.end()));
      }
    } else {
      runs = [await sendDueReminders(h.db), await sendDueReminders(h.db)];
    }
    expect(runs.reduce((a, b) => a + b, 0)).toBe(2);
    expect(await sendDueReminders(h.db)).toBe(0); // a restart's run: nothing again
    expect(await toldSince()).toEqual(['employee event.reminder', 'employee event.reminder', 'renter event.reminder', 'renter event.reminder']);

    const rows = await h.db
      .select({ id: notifications.id, subject: notifications.subjectId })
      .from(notifications)
      .where(and(eq(notifications.kind, 'event.reminder'), eq(notifications.userId, id.renter)));
    const queued = await h.db
      .select({ n: deliveries.notificationId })
      .from(deliveries)
      .where(
        and(
          eq(deliveries.channel, 'push'),
          inArray(
            deliveries.notificationId,
            rows.map((r) => r.id),
          ),
        ),
      );
    const pushed = new Set(queued.map((q) => rows.find((r) => r.id === q.n)?.subject));
    expect(pushed.has(soon)).toBe(true);
    expect(pushed.has(quiet)).toBe(false);

    // Later, the at-the-start reminder falls due: once more each.
    expect(await sendDueReminders(h.db, new Date(Date.now() + 5 * 60_000 + 1000))).toBe(1);
    expect(await toldSince()).toEqual(['employee event.reminder', 'renter event.reminder']);
    await h.db.delete(fcmTokens).where(eq(fcmTokens.token, 'calendar-test-token'));
    await h.db.delete(schema.calendarEvents);
  });

  it('offers a secret iCalendar feed of what its user sees; a new address revokes the old one', async () => {
    await create(t.employee, { title: 'Open day', visibility: 'renters', starts_at: inMinutes(60 * 24), ends_at: inMinutes(60 * 25) });
    await create(t.employee, {
      title: 'Weekly',
      visibility: 'renters',
      starts_at: inMinutes(60 * 48),
      ends_at: inMinutes(60 * 49),
      repeat: { freq: 'weekly', count: 3 },
    });
    await create(t.employee, { title: 'Secret', visibility: 'private', starts_at: inMinutes(60), ends_at: inMinutes(120) });
    await create(t.landlord2, { title: 'Elsewhere', visibility: 'all', starts_at: inMinutes(60), ends_at: inMinutes(120) });

    expect((await h.api('/calendar/feed', { token: t.renter })).body).toEqual({ enabled: false, url: null });
    const first = (await h.api('/calendar/feed', { token: t.renter, method: 'POST' })).body.url as string;
    expect(first).toMatch(/^http:\/\/localhost:5173\/api\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
    expect((await h.api('/calendar/feed', { token: t.renter })).body).toEqual({ enabled: true, url: null });
    const path = new URL(first).pathname;
    const res = await h.fetch(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/calendar');
    const parsed = ical.sync.parseICS(res.body as string);
    // A series is one VEVENT with its RRULE: each of its dates counts.
    const summaries = Object.values(parsed)
      .filter((c) => c?.type === 'VEVENT')
      .flatMap((c) => {
        const e = c as { summary: unknown; rrule?: { all(): Date[] } };
        return (e.rrule?.all() ?? [null]).map(() => String(e.summary));
      })
      .sort();
    expect(summaries).toEqual(['Open day', 'Weekly', 'Weekly', 'Weekly']);

    const second = (await h.api('/calendar/feed', { token: t.renter, method: 'POST' })).body.url as string;
    expect((await h.fetch(path)).status).toBe(404);
    expect((await h.fetch(new URL(second).pathname)).status).toBe(200);
    expect((await h.api('/calendar/feed', { token: t.renter, method: 'DELETE' })).status).toBe(204);
    expect((await h.fetch(new URL(second).pathname)).status).toBe(404);
    expect((await h.fetch('/api/calendar/feed/not-a-secret.ics')).status).toBe(400);
    await h.db.delete(schema.calendarEvents);
  });

  it('reminds of a changed occurrence of a series at its new start, under its own title', async () => {
    // Whole minutes: a series' dates are its rule's, and the changed one is named by its original start.
    const minute = (m: number) => new Date(Math.floor((Date.now() + m * 60_000) / 60_000) * 60_000);
    const first = minute(30 - 24 * 60);
    const series = await create(t.employee, {
      title: 'Daily round',
      visibility: 'renters',
      participant_ids: [id.renter],
      reminders: [10],
      repeat: { freq: 'daily', count: 3 },
      starts_at: first.toISOString(),
      ends_at: new Date(first.getTime() + 15 * 60_000).toISOString(),
    });
    // Today's date, due in 30 minutes (its reminder not yet), moved to 5 minutes from now (its reminder due).
    const today = new Date(first.getTime() + 86_400_000);
    const movedTo = minute(5);
    const moved = await h.api(`/calendar/events/${series}`, {
      token: t.employee,
      method: 'PUT',
      body: {
        title: 'Daily round (earlier)',
        starts_at: movedTo.toISOString(),
        ends_at: new Date(movedTo.getTime() + 15 * 60_000).toISOString(),
        occurrence_start: today.toISOString(),
      },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(204);
    await toldSince();

    expect(await sendDueReminders(h.db)).toBe(1);
    const told = await h.db
      .select({ params: notifications.params })
      .from(notifications)
      .where(and(eq(notifications.kind, 'event.reminder'), eq(notifications.userId, id.renter), eq(notifications.subjectId, series)));
    expect(told.map((n) => n.params)).toEqual([{ title: 'Daily round (earlier)', at: movedTo.toISOString() }]);
  });
});
