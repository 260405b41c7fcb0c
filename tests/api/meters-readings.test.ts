import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { almatyDay } from '#/shared/almaty';
import { type ReadingActor, type ReadingEventType, type ReadingStatus, readingMachine } from '#machines/reading';
import { notifications, rooms } from '#server/db/schema';
import { describeEachDatabase } from '../support/api-harness';
import { signedLease } from '../support/billing';
import { coverMachine, expectFullCoverage } from '../support/machine-paths';
import { addMeter, closedAround, meterBench, onWindowDay, submit, userIdOf } from '../support/meters';
import { PDF, PNG } from '../support/requests';

type Detail = {
  id: string;
  period: string;
  status: ReadingStatus;
  value: string;
  flags: string[];
  source: string;
  return_reason: string | null;
  photo_url: string | null;
  history: { event: string; from_status: string | null; to_status: string | null; comment: string | null; value: string | null }[];
  actions: ReadingEventType[];
};

/** How each event of machines/reading.ts happens in the product: staff decide, the tenant resubmits from its phone, staff correct by entering again. */
const samples: { type: ReadingEventType; by: ReadingActor }[] = [
  { type: 'reading.accept', by: 'staff' },
  { type: 'reading.return', by: 'staff' },
  { type: 'reading.resubmit', by: 'renter' },
  { type: 'reading.correct', by: 'staff' },
];
const covered = coverMachine('reading', readingMachine, { events: samples, input: { billed: false } });

describeEachDatabase('meters: tenants’ readings from the phone, staff’s decisions, who sees which meters', (h) => {
  const t = { landlord: '', renter: '', employee: '', renter2: '', landlord2: '' };
  let b: Awaited<ReturnType<typeof meterBench>>;
  const users = { renter: '', landlord: '', employee: '' };
  let serial = 0;
  const unitMeter = (body: Record<string, unknown> = {}) =>
    addMeter(h, t.landlord, { object_id: b.objectId, room_id: b.roomId, serial: `R-${++serial}`, ...body });
  const read = async (id: string, token = t.landlord) => {
    const res = await h.api(`/meter-readings/${id}`, { token });
    expect(res.status).toBe(200);
    return res.body as Detail;
  };
  const decide = (id: string, event: ReadingEventType, comment?: string) =>
    h.api(`/meter-readings/${id}/transitions`, { token: t.landlord, body: { event, ...(comment && { comment }) } });
  const told = (userId: string, kind: string, subjectId: string) =>
    h.db
      .select({ params: notifications.params, subjectType: notifications.subjectType })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.kind, kind), eq(notifications.subjectId, subjectId)));
  /** The window open on `day` (only that day). */
  const openOn = async (day: number) =>
    expect(
      (await h.api('/meters/settings', { method: 'PUT', token: t.landlord, body: { window_from: day, window_to: day, share_common: false } })).status,
    ).toBe(200);

  beforeAll(async () => {
    for (const name of Object.keys(t) as Array<keyof typeof t>) t[name] = await h.login(name);
    b = await meterBench(h, t.landlord, t.renter);
    for (const name of Object.keys(users) as Array<keyof typeof users>) users[name] = await userIdOf(h, name);
  });

  it('a renter sees only the meters of the units it rents, never the common area’s nor another unit’s', async () => {
    const own = await unitMeter();
    const other = await addMeter(h, t.landlord, { object_id: b.objectId, room_id: b.otherRoomId, serial: 'OTHER-UNIT' });
    const common = await addMeter(h, t.landlord, { object_id: b.objectId, serial: 'COMMON-1' });
    // A unit leased from ten days ago, and one whose lease starts next year.
    await signedLease(h, t.landlord, { number: 'M-NOW', renterId: b.renterId, areas: [12], rate: '1000', startsOn: almatyDay(-10), endsOn: almatyDay(300) });
    await signedLease(h, t.landlord, { number: 'M-LATER', renterId: b.renterId, areas: [12], rate: '1000', startsOn: almatyDay(400), endsOn: almatyDay(800) });
    const roomOf = async (number: string) => (await h.db.select({ id: rooms.id }).from(rooms).where(eq(rooms.number, number)))[0]?.id;
    const leased = await addMeter(h, t.landlord, { object_id: b.objectId, room_id: await roomOf('M-NOW-0'), serial: 'LEASED-NOW' });
    const later = await addMeter(h, t.landlord, { object_id: b.objectId, room_id: await roomOf('M-LATER-0'), serial: 'LEASED-LATER' });

    const mine = await h.api('/meters', { token: t.renter });
    expect(mine.status).toBe(200);
    expect(mine.body.data.map((m: { serial: string }) => m.serial).sort()).toEqual(['LEASED-NOW', own.serial].sort());
    for (const id of [other.id, common.id, later.id]) {
      expect((await h.api(`/meters/${id}`, { token: t.renter })).status).toBe(404);
      expect((await submit(h, t.renter, { meter_id: id, value: '1' })).status).toBe(404);
    }
    expect((await h.api(`/meters/${leased.id}`, { token: t.renter })).status).toBe(200);
    // The month's sheet: its own meters only; tariffs and consumption are staff's.
    const sheet = await h.api('/meter-readings', { token: t.renter });
    expect(sheet.body.data.map((r: { meter: { serial: string } }) => r.meter.serial).sort()).toEqual(['LEASED-NOW', own.serial].sort());
    expect((await h.api('/meter-tariffs', { token: t.renter })).status).toBe(403);
    expect((await h.api('/meters/consumption?type=electricity', { token: t.renter })).status).toBe(403);
    // A unit it rented last year: that year's readings it reads, the meter itself and later months it does not.
    await signedLease(h, t.landlord, { number: 'M-PAST', renterId: b.renterId, areas: [12], rate: '1000', startsOn: almatyDay(-500), endsOn: almatyDay(-200) });
    const past = await addMeter(h, t.landlord, {
      object_id: b.objectId,
      room_id: await roomOf('M-PAST-0'),
      serial: 'LEASED-PAST',
      installed_on: almatyDay(-600),
    });
    const thenMonth = `${almatyDay(-300).slice(0, 8)}01`;
    const then = await submit(h, t.landlord, { meter_id: past.id, value: '10', period: thenMonth }, null);
    const after = await submit(h, t.landlord, { meter_id: past.id, value: '20', period: almatyDay(-100) }, null);
    expect((await h.api(`/meter-readings/${then.body.id}`, { token: t.renter })).status).toBe(200);
    expect((await h.api(`/meter-readings?period=${thenMonth}`, { token: t.renter })).body.data.map((r: { id: string }) => r.id)).toContain(then.body.id);
    expect((await h.api(`/meter-readings/${after.body.id}`, { token: t.renter })).status).toBe(404);
    expect((await h.api(`/meters/${past.id}`, { token: t.renter })).status).toBe(404);
    // Another landlord's tenant: 404.
    expect((await h.api(`/meters/${own.id}`, { token: t.renter2 })).status).toBe(404);
    expect((await h.api('/meters', { token: t.renter2 })).body.data).toEqual([]);
  });

  it('outside the window a renter is told when it is open; inside it submits with a photo of the dial, resubmits, and staff return and accept', async () => {
    await onWindowDay(async (day) => {
      const meter = await unitMeter({ initial_reading: '100' });
      await h.api('/meters/settings', { method: 'PUT', token: t.landlord, body: { ...closedAround(day), share_common: false } });
      const closed = await submit(h, t.renter, { meter_id: meter.id, value: '150' });
      expect(closed.status).toBe(400);
      expect(closed.body.error.code).toBe('window_closed');
      expect(closed.body.error.message).toMatch(/^Показания принимаются с \d+ по \d+ число месяца$/);
      expect((await h.api('/meters', { token: t.renter })).body.window.open).toBe(false);

      await openOn(day);
      expect((await h.api('/meters', { token: t.renter })).body.window).toMatchObject({ open: true, from: almatyDayOf(day), to: almatyDayOf(day) });
      // A photo is required of a tenant, and a photo it must be.
      const bare = await submit(h, t.renter, { meter_id: meter.id, value: '150' }, null);
      expect(bare.status).toBe(400);
      expect(Object.keys(bare.body.error.fields)).toEqual(['photo']);
      expect((await submit(h, t.renter, { meter_id: meter.id, value: '150' }, PDF)).body.error.code).toBe('photo_type');

      const sent = await submit(h, t.renter, { meter_id: meter.id, value: '150', period: '2020-01-01' });
      expect(sent.status, JSON.stringify(sent.body)).toBe(201);
      const reading = sent.body as Detail;
      // The window's month whatever it names; the photo behind a signed link.
      expect(reading).toMatchObject({
        period: `${almatyDayOf(day).slice(0, 8)}01`,
        status: 'submitted',
        source: 'tenant',
        value: '150.000',
        flags: [],
        actions: ['reading.resubmit'],
      });
      const photo = await fetch(new URL(reading.photo_url as string, h.baseUrl));
      expect(photo.status).toBe(200);
      expect(Buffer.from(await photo.arrayBuffer())).toEqual(PNG);
      expect((await read(reading.id)).actions.sort()).toEqual(['reading.accept', 'reading.resubmit', 'reading.return']);
      // Again before staff decide: a resubmission.
      expect((await submit(h, t.renter, { meter_id: meter.id, value: '151' })).body).toMatchObject({ id: reading.id, status: 'submitted', value: '151.000' });

      // Returned: a reason is required, and the tenant reads it.
      const noReason = await decide(reading.id, 'reading.return');
      expect(noReason.status).toBe(400);
      const returned = await decide(reading.id, 'reading.return', 'Фото размыто');
      expect(returned.status).toBe(200);
      expect(returned.body).toMatchObject({ status: 'returned', return_reason: 'Фото размыто' });
      expect(await told(users.renter, 'meter_reading.returned', reading.id)).toEqual([
        { params: { serial: meter.serial, period: reading.period, reason: 'Фото размыто' }, subjectType: 'meter_reading' },
      ]);
      expect((await read(reading.id, t.renter)).return_reason).toBe('Фото размыто');
      // A renter does not decide.
      expect((await h.api(`/meter-readings/${reading.id}/transitions`, { token: t.renter, body: { event: 'reading.accept' } })).status).toBe(403);

      const again = await submit(h, t.renter, { meter_id: meter.id, value: '152' });
      expect(again.body).toMatchObject({ id: reading.id, status: 'submitted', return_reason: null });
      const accepted = await decide(reading.id, 'reading.accept');
      expect(accepted.body).toMatchObject({ status: 'accepted', consumption: '52.000' });
      expect(await told(users.renter, 'meter_reading.accepted', reading.id)).toEqual([
        { params: { serial: meter.serial, period: reading.period }, subjectType: 'meter_reading' },
      ]);
      expect((await read(reading.id)).history.map((e) => [e.event, e.from_status, e.to_status, e.value])).toEqual([
        ['reading.submit', null, 'submitted', '150.000'],
        ['reading.resubmit', 'submitted', 'submitted', '151.000'],
        ['reading.return', 'submitted', 'returned', null],
        ['reading.resubmit', 'returned', 'submitted', '152.000'],
        ['reading.accept', 'submitted', 'accepted', null],
      ]);
      // Accepted: the tenant no longer changes it; the decision again is a 409.
      expect((await submit(h, t.renter, { meter_id: meter.id, value: '153' })).status).toBe(409);
      expect((await decide(reading.id, 'reading.accept')).status).toBe(409);
      const sheet = await h.api('/meter-readings?status=accepted', { token: t.landlord });
      expect(sheet.body.data.map((r: { id: string }) => r.id)).toContain(reading.id);
    });
  });

  it('a tenant’s reading below the last is kept and flagged, and staff who work meters are told', async () => {
    await onWindowDay(async (day) => {
      await openOn(day);
      const meter = await unitMeter({ initial_reading: '500' });
      const sent = await submit(h, t.renter, { meter_id: meter.id, value: '400' });
      expect(sent.status).toBe(201);
      expect(sent.body).toMatchObject({ status: 'submitted', flags: ['lower'] });
      const params = { serial: meter.serial, period: sent.body.period, renter: expect.any(String) };
      expect(await told(users.landlord, 'meter_reading.flagged', sent.body.id)).toEqual([{ params, subjectType: 'meter_reading' }]);
      expect(await told(users.employee, 'meter_reading.flagged', sent.body.id)).toEqual([{ params, subjectType: 'meter_reading' }]);
      expect(await told(users.renter, 'meter_reading.flagged', sent.body.id)).toEqual([]);
      const flagged = await h.api('/meter-readings?flagged=true', { token: t.landlord });
      expect(flagged.body.data.map((r: { id: string }) => r.id)).toContain(sent.body.id);
    });
  });

  it('staff entering a tenant’s undecided reading accept it as written, and the tenant is told', async () => {
    await onWindowDay(async (day) => {
      await openOn(day);
      const meter = await unitMeter({ initial_reading: '10' });
      const sent = await submit(h, t.renter, { meter_id: meter.id, value: '25' });
      const entered = await submit(h, t.employee, { meter_id: meter.id, value: '24', period: sent.body.period }, null);
      expect(entered.status).toBe(201);
      expect(entered.body).toMatchObject({ id: sent.body.id, status: 'accepted', value: '24.000', consumption: '14.000' });
      expect(entered.body.history.map((e: { event: string }) => e.event)).toEqual(['reading.submit', 'reading.enter']);
      expect(await told(users.renter, 'meter_reading.accepted', sent.body.id)).toEqual([
        { params: { serial: meter.serial, period: sent.body.period }, subjectType: 'meter_reading' },
      ]);
    });
  });

  it('the generated paths cover every state and transition of the machine', () => {
    expectFullCoverage(covered);
    expect(covered.paths.length).toBeGreaterThan(2);
  });

  it('takes every path of machines/reading.ts through the live API, and refuses every other event from each state reached', async () => {
    await onWindowDay(async (day) => {
      await openOn(day);
      const probed = new Set<ReadingStatus>();
      let steps = 0;
      /** The event as the product sends it; the status code it answers. */
      const send = async (id: string, meterId: string, type: ReadingEventType, by: ReadingActor) => {
        if (type === 'reading.resubmit')
          return (await submit(h, by === 'renter' ? t.renter : t.landlord, { meter_id: meterId, value: String(200 + steps) })).status;
        if (type === 'reading.correct') return (await submit(h, t.landlord, { meter_id: meterId, value: String(300 + steps) }, null)).status;
        return (await decide(id, type, type === 'reading.return' ? 'Не видно цифр' : undefined)).status;
      };
      /** Staff's decisions the status does not take are 409, a renter's 403; nothing changes. */
      const probe = async (id: string, meterId: string) => {
        const before = await read(id);
        for (const type of ['reading.accept', 'reading.return'] as const) {
          if (before.actions.includes(type)) continue;
          expect({ status: before.status, type, code: (await decide(id, type, 'Причина')).status }).toEqual({ status: before.status, type, code: 409 });
        }
        expect((await h.api(`/meter-readings/${id}/transitions`, { token: t.renter, body: { event: 'reading.accept' } })).status).toBe(403);
        if (before.status === 'accepted') expect(await send(id, meterId, 'reading.resubmit', 'renter')).toBe(409);
        const after = await read(id);
        expect({ status: after.status, history: after.history.length }).toEqual({ status: before.status, history: before.history.length });
        probed.add(before.status);
      };
      for (const path of covered.paths) {
        const meter = await unitMeter({ initial_reading: '100' });
        const first = await submit(h, t.renter, { meter_id: meter.id, value: '110' });
        expect(first.status).toBe(201);
        const id = first.body.id as string;
        let current = await read(id);
        for (const sample of path.events) {
          const type = sample.type as ReadingEventType;
          const by = sample.by as ReadingActor;
          if (!probed.has(current.status)) await probe(id, meter.id);
          const code = await send(id, meter.id, type, by);
          const after = await read(id);
          expect({ path: path.description, type, code }).toEqual({
            path: path.description,
            type,
            code: type.endsWith('accept') || type.endsWith('return') ? 200 : 201,
          });
          expect(after.history.length).toBe(current.history.length + 1);
          steps++;
          current = after;
        }
        expect(current.status).toBe(path.state.value);
        if (!probed.has(current.status)) await probe(id, meter.id);
      }
      expect([...probed].sort()).toEqual(['accepted', 'returned', 'submitted']);
      expect(steps).toBeGreaterThanOrEqual(covered.paths.length);
    });
  });
});

/** The day `day` of this (Almaty) month, as the window reports it. */
function almatyDayOf(day: number): string {
  return `${almatyDay(0).slice(0, 8)}${String(day).padStart(2, '0')}`;
}
