import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { notifications } from '#server/db/schema';
import { runMeterReminders } from '#server/modules/meters/job';
import { describeEachDatabase } from '../support/api-harness';
import { addMeter, meterBench, submit, userIdOf } from '../support/meters';

describeEachDatabase('meters: reminders of the window and of verification, each once', (h) => {
  const t = { landlord: '', renter: '', landlord2: '', renter2: '' };
  const users = { landlord: '', employee: '', renter: '', renter2: '' };
  const meterIds = { first: '', second: '', verified: '' };
  let b: Awaited<ReturnType<typeof meterBench>>;
  const told = (userId: string, kind: string) =>
    h.db
      .select({ params: notifications.params, subjectType: notifications.subjectType, subjectId: notifications.subjectId })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind)))
      .orderBy(notifications.id);

  beforeAll(async () => {
    for (const name of Object.keys(t) as Array<keyof typeof t>) t[name] = await h.login(name);
    for (const name of Object.keys(users) as Array<keyof typeof users>) users[name] = await userIdOf(h, name);
    b = await meterBench(h, t.landlord, t.renter);
    // The tenant's unit has two meters (its first by serial is the reminder's link); the common area's does not count.
    meterIds.second = (await addMeter(h, t.landlord, { object_id: b.objectId, room_id: b.roomId, type: 'cold_water', serial: 'B-2' })).id;
    meterIds.first = (await addMeter(h, t.landlord, { object_id: b.objectId, room_id: b.roomId, serial: 'A-1' })).id;
    await addMeter(h, t.landlord, { object_id: b.objectId, serial: 'COMMON', verified_until: '2030-01-01' });
    meterIds.verified = (await addMeter(h, t.landlord, { object_id: b.objectId, type: 'heat', serial: 'HEAT-1', verified_until: '2027-01-15' })).id;
    // The other landlord's tenant has read its only meter of December already.
    const object2 = (await h.api('/objects', { token: t.landlord2 })).body.data[0].id as string;
    const me2 = (await h.api('/renters/me', { token: t.renter2 })).body.id as string;
    const bench2 = await meterBench(h, t.landlord2, t.renter2);
    expect(bench2.renterId).toBe(me2);
    const read2 = await addMeter(h, t.landlord2, { object_id: object2, room_id: bench2.roomId, serial: 'L2-1' });
    expect((await submit(h, t.landlord2, { meter_id: read2.id, value: '10', period: '2026-12-01' }, null)).status).toBe(201);
  });

  it('verification: staff who work meters are told 30 days before, once, however many runs', async () => {
    expect(await runMeterReminders(h.db, '2026-12-15')).toEqual({ opened: 0, closing: 0, verification: 0 });
    const first = await runMeterReminders(h.db, '2026-12-16');
    // The landlord and its employee (creator) are told; the meter verified until 2030 is not due.
    expect(first).toEqual({ opened: 0, closing: 0, verification: 2 });
    expect(await runMeterReminders(h.db, '2026-12-17')).toEqual({ opened: 0, closing: 0, verification: 0 });
    for (const user of [users.landlord, users.employee]) {
      expect(await told(user, 'meter.verification')).toEqual([
        { params: { serial: 'HEAT-1', verified_until: '2027-01-15' }, subjectType: 'meter', subjectId: meterIds.verified },
      ]);
    }
    expect(await told(users.renter, 'meter.verification')).toEqual([]);
  });

  it('the window opening: each tenant with meters once a month, from its first day; two runs at once send once', async () => {
    expect((await runMeterReminders(h.db, '2026-12-19')).opened).toBe(0);
    const [one, two] = await Promise.all([runMeterReminders(h.db, '2026-12-20'), runMeterReminders(h.db, '2026-12-20')]);
    expect(one.opened + two.opened).toBe(2);
    expect((await runMeterReminders(h.db, '2026-12-21')).opened).toBe(0);
    expect(await told(users.renter, 'meter.window_open')).toEqual([
      { params: { period: '2026-12-01', from: '2026-12-20', to: '2026-12-25' }, subjectType: 'meter', subjectId: meterIds.first },
    ]);
    expect(await told(users.renter2, 'meter.window_open')).toHaveLength(1);
    // The next month is another reminder.
    expect((await runMeterReminders(h.db, '2027-01-20')).opened).toBe(2);
    expect(await told(users.renter, 'meter.window_open')).toHaveLength(2);
  });

  it('the window closing: the day before its last day, only tenants with a meter still missing its reading, once', async () => {
    expect((await runMeterReminders(h.db, '2026-12-23')).closing).toBe(0);
    expect((await runMeterReminders(h.db, '2026-12-24')).closing).toBe(1);
    expect((await runMeterReminders(h.db, '2026-12-24')).closing).toBe(0);
    expect((await runMeterReminders(h.db, '2026-12-25')).closing).toBe(0);
    expect(await told(users.renter, 'meter.window_closing')).toEqual([
      { params: { period: '2026-12-01', to: '2026-12-25' }, subjectType: 'meter', subjectId: meterIds.first },
    ]);
    // The other tenant read its meter: not reminded.
    expect(await told(users.renter2, 'meter.window_closing')).toEqual([]);
    // A tenant who read every meter of January is not reminded of it.
    await submit(h, t.landlord, { meter_id: meterIds.first, value: '5', period: '2027-01-01' }, null);
    await submit(h, t.landlord, { meter_id: meterIds.second, value: '5', period: '2027-01-01' }, null);
    await runMeterReminders(h.db, '2027-01-24');
    expect(await told(users.renter, 'meter.window_closing')).toHaveLength(1);
    // The other tenant did not read January's: reminded of it.
    expect(await told(users.renter2, 'meter.window_closing')).toEqual([
      { params: { period: '2027-01-01', to: '2027-01-25' }, subjectType: 'meter', subjectId: expect.any(String) },
    ]);
  });

  it("a window to the 31st ends on a short month's last day: February's closes on the 28th, reminded on the 27th", async () => {
    const set = await h.api('/meters/settings', { method: 'PUT', token: t.landlord, body: { window_from: 25, window_to: 31, share_common: false } });
    expect(set.status).toBe(200);
    expect((await runMeterReminders(h.db, '2027-02-26')).closing).toBe(0);
    expect((await runMeterReminders(h.db, '2027-02-27')).closing).toBe(1);
    const february = (await told(users.renter, 'meter.window_closing')).map((n) => n.params).filter((p) => (p as { period: string }).period === '2027-02-01');
    expect(february).toEqual([{ period: '2027-02-01', to: '2027-02-28' }]);
    const opened = (await told(users.renter, 'meter.window_open')).map((n) => n.params).filter((p) => (p as { period: string }).period === '2027-02-01');
    expect(opened).toEqual([{ period: '2027-02-01', from: '2027-02-25', to: '2027-02-28' }]);
  });
});
