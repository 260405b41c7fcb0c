import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../support/api-harness';
import { addMeter, markBilled, meterBench, submit, withMetersLevel } from '../support/meters';

type Row = {
  id: string | null;
  period: string;
  value: string | null;
  status: string | null;
  flags: string[];
  source: string | null;
  previous: string | null;
  consumption: string | null;
};

describeEachDatabase('meters: the register, staff readings, replacement and consumption', (h) => {
  const t = { landlord: '', renter: '', employee: '', landlord2: '' };
  let b: Awaited<ReturnType<typeof meterBench>>;
  /** Staff's reading of a month (accepted as written). */
  const enter = async (meterId: string, period: string, value: string) => {
    const res = await submit(h, t.landlord, { meter_id: meterId, value, period }, null);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as Row & { id: string; billed: boolean; history: { event: string; value: string | null }[]; actions: string[] };
  };

  beforeAll(async () => {
    for (const name of Object.keys(t) as Array<keyof typeof t>) t[name] = await h.login(name);
    b = await meterBench(h, t.landlord, t.renter);
  });

  it('adds, lists, edits and deletes meters; a serial of a type once per landlord; the unit must be of the property', async () => {
    const made = await h.api('/meters', {
      token: t.landlord,
      body: {
        object_id: b.objectId,
        room_id: b.roomId,
        type: 'electricity',
        serial: 'CRUD-1',
        place: 'Щит 1',
        digits: 6,
        multiplier: '1',
        installed_on: '2025-01-01',
        initial_reading: '100',
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({
      serial: 'CRUD-1',
      place: 'Щит 1',
      type: 'electricity',
      room: { id: b.roomId },
      object: { id: b.objectId },
      initial_reading: '100.000',
      multiplier: '1.000',
      last_reading: null,
      readings: [],
      replaces: null,
      replaced_by: null,
      editable: true,
    });
    // The same serial of the same type: 409 duplicate, said in the user's language; of another type it is another meter.
    const again = await h.api('/meters', {
      token: t.landlord,
      body: { object_id: b.objectId, type: 'electricity', serial: 'CRUD-1', installed_on: '2025-01-01' },
    });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('duplicate');
    expect(again.body.error.fields.serial).toBe('Такая запись уже есть');
    await addMeter(h, t.landlord, { object_id: b.objectId, type: 'cold_water', serial: 'CRUD-1' });
    // A unit of another landlord's property: 400; another landlord's property: 404.
    const otherObject = (await h.api('/objects', { token: t.landlord2 })).body.data[0].id as string;
    const otherRoom = (await h.api(`/objects/${otherObject}/rooms`, { token: t.landlord2, body: { number: 'L2-M', floor: 1, area: 10 } })).body.id as string;
    const wrongUnit = await h.api('/meters', {
      token: t.landlord,
      body: { object_id: b.objectId, room_id: otherRoom, type: 'gas', serial: 'G-1', installed_on: '2025-01-01' },
    });
    expect(wrongUnit.status).toBe(400);
    expect(Object.keys(wrongUnit.body.error.fields)).toEqual(['room_id']);
    expect(
      (await h.api('/meters', { token: t.landlord, body: { object_id: otherObject, type: 'gas', serial: 'G-1', installed_on: '2025-01-01' } })).status,
    ).toBe(404);
    // Listed (the common area first), edited, deleted while it has no reading.
    const list = await h.api(`/meters?object_id=${b.objectId}`, { token: t.landlord });
    expect(list.status).toBe(200);
    expect(list.body.data.map((m: { serial: string }) => m.serial)).toEqual(['CRUD-1', 'CRUD-1']);
    expect(list.body.data[0].room).toBeNull();
    expect(list.body.window).toMatchObject({ from: expect.stringMatching(/-20$/), to: expect.stringMatching(/-25$/) });
    const edited = await h.api(`/meters/${made.body.id}`, { method: 'PATCH', token: t.employee, body: { place: 'Щит 2', verified_until: '2030-01-01' } });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ place: 'Щит 2', verified_until: '2030-01-01' });
    // The employee (creator) adds and edits but does not delete; the landlord does.
    expect((await h.api(`/meters/${made.body.id}`, { method: 'DELETE', token: t.employee })).status).toBe(403);
    expect((await h.api(`/meters/${made.body.id}`, { method: 'DELETE', token: t.landlord })).status).toBe(204);
    expect((await h.api(`/meters/${made.body.id}`, { token: t.landlord })).status).toBe(404);
  });

  it('another landlord gets 404 for every meter and reading; an employee without a grant 403', async () => {
    const meter = await addMeter(h, t.landlord, { object_id: b.objectId, room_id: b.roomId, serial: 'ISO-1' });
    const reading = await enter(meter.id, '2026-01-01', '10');
    expect((await h.api(`/meters/${meter.id}`, { token: t.landlord2 })).status).toBe(404);
    expect((await h.api(`/meters/${meter.id}`, { method: 'PATCH', token: t.landlord2, body: { place: 'x' } })).status).toBe(404);
    expect(
      (
        await h.api(`/meters/${meter.id}/replace`, {
          token: t.landlord2,
          body: { replaced_on: '2026-02-01', final_reading: '1', serial: 'X', initial_reading: '0' },
        })
      ).status,
    ).toBe(404);
    expect((await h.api(`/meter-readings/${reading.id}`, { token: t.landlord2 })).status).toBe(404);
    expect((await h.api(`/meter-readings/${reading.id}/transitions`, { token: t.landlord2, body: { event: 'reading.accept' } })).status).toBe(404);
    expect((await submit(h, t.landlord2, { meter_id: meter.id, value: '20', period: '2026-02-01' }, null)).status).toBe(404);
    expect((await h.api('/meters', { token: t.landlord2 })).body.data.map((m: { serial: string }) => m.serial)).not.toContain('ISO-1');
    expect((await h.api(`/meters/consumption?type=electricity&object_id=${b.objectId}`, { token: t.landlord2 })).status).toBe(404);
    expect((await h.api(`/meters/consumption?type=electricity&room_id=${b.roomId}`, { token: t.landlord2 })).status).toBe(404);
    await withMetersLevel(h, t.landlord, 'none', async () => {
      for (const path of ['/meters', `/meters/${meter.id}`, '/meter-readings', '/meter-tariffs', '/meters/consumption?type=electricity', '/meters/settings']) {
        expect({ path, status: (await h.api(path, { token: t.employee })).status }).toEqual({ path, status: 403 });
      }
      expect((await submit(h, t.employee, { meter_id: meter.id, value: '20' }, null)).status).toBe(403);
    });
    // Who only views reads, and neither enters a reading nor decides one.
    await withMetersLevel(h, t.landlord, 'view', async () => {
      expect((await h.api(`/meters/${meter.id}`, { token: t.employee })).status).toBe(200);
      expect((await h.api(`/meter-readings/${reading.id}`, { token: t.employee })).body.actions).toEqual([]);
      expect((await submit(h, t.employee, { meter_id: meter.id, value: '20' }, null)).status).toBe(403);
      expect(
        (await h.api('/meters', { token: t.employee, body: { object_id: b.objectId, type: 'gas', serial: 'V-1', installed_on: '2025-01-01' } })).status,
      ).toBe(403);
    });
    expect((await h.api('/meter-tariffs', { token: t.employee, body: { type: 'electricity', starts_on: '2026-01-01', price: '25.5' } })).status).toBe(201);
    expect((await h.api('/meters/settings', { method: 'PUT', token: t.employee, body: { window_from: 1, window_to: 5, share_common: false } })).status).toBe(
      403,
    );
  });

  it('staff readings are accepted as written; consumption applies the multiplier and a rollover; lower and spike are flagged, never refused', async () => {
    const ct = await addMeter(h, t.landlord, { object_id: b.objectId, room_id: b.roomId, serial: 'CT-40', multiplier: '40', initial_reading: '0' });
    const first = await enter(ct.id, '2026-01-15', '12.5');
    expect(first).toMatchObject({
      period: '2026-01-01',
      status: 'accepted',
      source: 'staff',
      previous: '0.000',
      value: '12.500',
      consumption: '500.000',
      flags: [],
    });
    expect(first.history.map((e) => [e.event, e.value])).toEqual([['reading.enter', '12.500']]);
    // A dial of four digits near its end rolls over: 9990 → 10 is 20, not a lower reading.
    const roll = await addMeter(h, t.landlord, { object_id: b.objectId, room_id: b.roomId, serial: 'ROLL-4', digits: 4, initial_reading: '9990' });
    expect(await enter(roll.id, '2026-01-01', '10')).toMatchObject({ consumption: '20.000', flags: [] });
    // Below the last without a rollover: kept, accepted, flagged.
    const low = await addMeter(h, t.landlord, { object_id: b.objectId, room_id: b.roomId, serial: 'LOW-1', initial_reading: '500' });
    expect(await enter(low.id, '2026-01-01', '400')).toMatchObject({ status: 'accepted', value: '400.000', flags: ['lower'] });
    // Three months of 100, then 400 (over three times the average) is a spike; 250 the month after is not.
    const spike = await addMeter(h, t.landlord, { object_id: b.objectId, room_id: b.roomId, serial: 'SPIKE-1', initial_reading: '0' });
    expect(await enter(spike.id, '2026-01-01', '1000')).toMatchObject({ flags: [] });
    await enter(spike.id, '2026-02-01', '1100');
    await enter(spike.id, '2026-03-01', '1200');
    await enter(spike.id, '2026-04-01', '1300');
    expect(await enter(spike.id, '2026-05-01', '1700')).toMatchObject({ consumption: '400.000', flags: ['spike'] });
    expect(await enter(spike.id, '2026-06-01', '1950')).toMatchObject({ consumption: '250.000', flags: [] });
    // The month's sheet shows them, the flagged ones by the filter.
    const sheet = await h.api('/meter-readings?period=2026-01-20&flagged=true', { token: t.landlord });
    expect(sheet.status).toBe(200);
    expect(sheet.body.period).toBe('2026-01-01');
    expect(sheet.body.data.map((r: Row & { meter: { serial: string } }) => [r.meter.serial, r.flags])).toEqual([['LOW-1', ['lower']]]);
    const missing = await h.api('/meter-readings?period=2026-02-01&missing=true', { token: t.landlord });
    expect(missing.body.data.map((r: Row & { meter: { serial: string } }) => r.meter.serial)).toEqual(expect.arrayContaining(['CT-40', 'LOW-1', 'ROLL-4']));
    expect(missing.body.data.every((r: Row) => r.id === null && r.value === null && r.status === null)).toBe(true);
    // The meter's page: its last readings newest first; consumption by month from accepted readings.
    const detail = await h.api(`/meters/${spike.id}`, { token: t.landlord });
    expect(detail.body.readings.map((r: Row) => r.consumption)).toEqual(['250.000', '400.000', '100.000', '100.000', '100.000', '1000.000']);
    expect(detail.body.last_reading).toMatchObject({ period: '2026-06-01', value: '1950.000', status: 'accepted' });
    const used = await h.api(`/meters/consumption?type=electricity&room_id=${b.roomId}&months=2&to=2026-06-30`, { token: t.landlord });
    expect(used.status).toBe(200);
    expect(used.body).toEqual({
      type: 'electricity',
      unit: 'kWh',
      months: [
        { period: '2026-05-01', units: '400.000', common: '0.000' },
        { period: '2026-06-01', units: '250.000', common: '0.000' },
      ],
    });
  });

  it('a correction while not billed, refused once an invoice carries the month; a meter with readings is not deleted', async () => {
    const meter = await addMeter(h, t.landlord, { object_id: b.objectId, room_id: b.roomId, serial: 'CORR-1' });
    const reading = await enter(meter.id, '2026-03-01', '50');
    expect(reading.actions).toEqual(['reading.correct']);
    const corrected = await enter(meter.id, '2026-03-01', '55');
    expect(corrected).toMatchObject({ id: reading.id, value: '55.000', status: 'accepted', billed: false });
    expect(corrected.history.map((e) => [e.event, e.value])).toEqual([
      ['reading.enter', '50.000'],
      ['reading.correct', '55.000'],
    ]);
    await markBilled(h, { landlordId: b.landlordId, renterId: b.renterId, meterId: meter.id, period: '2026-03-01' });
    const billed = await h.api(`/meter-readings/${reading.id}`, { token: t.landlord });
    expect(billed.body).toMatchObject({ billed: true, actions: [] });
    const late = await submit(h, t.landlord, { meter_id: meter.id, value: '60', period: '2026-03-01' }, null);
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('invalid_state');
    expect((await h.api(`/meter-readings/${reading.id}`, { token: t.landlord })).body.value).toBe('55.000');
    // Its multiplier no longer changes; its place still does.
    expect((await h.api(`/meters/${meter.id}`, { method: 'PATCH', token: t.landlord, body: { multiplier: '2' } })).status).toBe(409);
    expect((await h.api(`/meters/${meter.id}`, { method: 'PATCH', token: t.landlord, body: { place: 'Подвал' } })).status).toBe(200);
    expect((await h.api(`/meters/${meter.id}`, { token: t.landlord })).body.editable).toBe(false);
    expect((await h.api(`/meters/${meter.id}`, { method: 'DELETE', token: t.landlord })).status).toBe(409);
  });

  it('replacing a meter keeps the old one’s last reading and starts the new one’s first, in one month', async () => {
    const old = await addMeter(h, t.landlord, { object_id: b.objectId, room_id: b.roomId, type: 'hot_water', serial: 'HW-OLD', initial_reading: '0' });
    await enter(old.id, '2026-04-01', '100');
    // A serial in use: 409, and nothing changed.
    await addMeter(h, t.landlord, { object_id: b.objectId, type: 'hot_water', serial: 'HW-TAKEN' });
    const taken = await h.api(`/meters/${old.id}/replace`, {
      token: t.landlord,
      body: { replaced_on: '2026-05-10', final_reading: '130', serial: 'HW-TAKEN', initial_reading: '0' },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('duplicate');
    expect((await h.api(`/meters/${old.id}`, { token: t.landlord })).body).toMatchObject({ removed_on: null, readings: [{ period: '2026-04-01' }] });
    const replaced = await h.api(`/meters/${old.id}/replace`, {
      token: t.landlord,
      body: { replaced_on: '2026-05-10', final_reading: '130', serial: 'HW-NEW', initial_reading: '5', multiplier: '2' },
    });
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(201);
    expect(replaced.body).toMatchObject({
      serial: 'HW-NEW',
      type: 'hot_water',
      room: { id: b.roomId },
      installed_on: '2026-05-10',
      initial_reading: '5.000',
      multiplier: '2.000',
      digits: 6,
      replaces: { id: old.id, serial: 'HW-OLD' },
      replaced_by: null,
    });
    const gone = await h.api(`/meters/${old.id}`, { token: t.landlord });
    expect(gone.body).toMatchObject({ removed_on: '2026-05-10', final_reading: '130.000', replaced_by: { id: replaced.body.id, serial: 'HW-NEW' } });
    expect(gone.body.readings[0]).toMatchObject({
      period: '2026-05-01',
      value: '130.000',
      status: 'accepted',
      source: 'replacement',
      previous: '100.000',
      consumption: '30.000',
    });
    // Again: 409; the old meter is listed among the removed ones only.
    expect(
      (
        await h.api(`/meters/${old.id}/replace`, {
          token: t.landlord,
          body: { replaced_on: '2026-05-11', final_reading: '131', serial: 'HW-3', initial_reading: '0' },
        })
      ).status,
    ).toBe(409);
    expect((await h.api(`/meters/${old.id}`, { method: 'PATCH', token: t.landlord, body: { place: 'x' } })).status).toBe(409);
    const serials = async (removed: boolean) =>
      (await h.api(`/meters?type=hot_water&removed=${removed}`, { token: t.landlord })).body.data.map((m: { serial: string }) => m.serial);
    expect(await serials(true)).toEqual(['HW-OLD']);
    expect(await serials(false)).toEqual(expect.arrayContaining(['HW-NEW']));
    expect(await serials(false)).not.toContain('HW-OLD');
    // The new meter's first month counts from its initial reading; the month bills both.
    expect(await enter(replaced.body.id, '2026-05-01', '15')).toMatchObject({ previous: '5.000', consumption: '20.000' });
    const sheet = await h.api('/meter-readings?period=2026-05-01&type=hot_water&missing=false', { token: t.landlord });
    expect(sheet.body.data.map((r: Row & { meter: { serial: string } }) => [r.meter.serial, r.consumption])).toEqual([
      ['HW-NEW', '20.000'],
      ['HW-OLD', '30.000'],
    ]);
    const used = await h.api(`/meters/consumption?type=hot_water&object_id=${b.objectId}&months=1&to=2026-05-01`, { token: t.landlord });
    expect(used.body.months).toEqual([{ period: '2026-05-01', units: '50.000', common: '0.000' }]);
  });

  it('tariffs by type from a day on; a day set twice 409; settings by the landlord only, the window not ending before it starts', async () => {
    const made = await h.api('/meter-tariffs', { token: t.landlord, body: { type: 'cold_water', starts_on: '2026-01-01', price: '120.1234' } });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ type: 'cold_water', starts_on: '2026-01-01', price: '120.1234' });
    expect((await h.api('/meter-tariffs', { token: t.landlord, body: { type: 'cold_water', starts_on: '2026-01-01', price: '1' } })).body.error.code).toBe(
      'duplicate',
    );
    await h.api('/meter-tariffs', { token: t.landlord, body: { type: 'cold_water', starts_on: '2026-07-01', price: '130' } });
    const list = await h.api('/meter-tariffs', { token: t.landlord });
    expect(list.body.data.filter((x: { type: string }) => x.type === 'cold_water').map((x: { starts_on: string }) => x.starts_on)).toEqual([
      '2026-07-01',
      '2026-01-01',
    ]);
    expect((await h.api('/meter-tariffs', { token: t.landlord2 })).body.data).toEqual([]);
    expect((await h.api(`/meter-tariffs/${made.body.id}`, { method: 'DELETE', token: t.landlord2 })).status).toBe(404);
    // Billed from its day on: not deleted, and no tariff set inside a billed month.
    const water = await addMeter(h, t.landlord, { object_id: b.objectId, room_id: b.roomId, type: 'cold_water', serial: 'CW-T' });
    await markBilled(h, { landlordId: b.landlordId, renterId: b.renterId, meterId: water.id, period: '2026-02-01' });
    expect((await h.api(`/meter-tariffs/${made.body.id}`, { method: 'DELETE', token: t.landlord })).status).toBe(409);
    expect((await h.api('/meter-tariffs', { token: t.landlord, body: { type: 'cold_water', starts_on: '2026-02-15', price: '1' } })).status).toBe(409);
    const later = (await h.api('/meter-tariffs', { token: t.landlord })).body.data.find((x: { starts_on: string }) => x.starts_on === '2026-07-01');
    expect((await h.api(`/meter-tariffs/${later.id}`, { method: 'DELETE', token: t.landlord })).status).toBe(204);

    expect((await h.api('/meters/settings', { token: t.landlord })).body).toEqual({ window_from: 20, window_to: 25, share_common: false });
    const bad = await h.api('/meters/settings', { method: 'PUT', token: t.landlord, body: { window_from: 10, window_to: 5, share_common: false } });
    expect(bad.status).toBe(400);
    const set = await h.api('/meters/settings', { method: 'PUT', token: t.landlord, body: { window_from: 5, window_to: 10, share_common: true } });
    expect(set.body).toEqual({ window_from: 5, window_to: 10, share_common: true });
    expect((await h.api('/meters/settings', { token: t.employee })).body).toEqual({ window_from: 5, window_to: 10, share_common: true });
    expect((await h.api('/meters/settings', { token: t.landlord2 })).body).toEqual({ window_from: 20, window_to: 25, share_common: false });
  });
});
