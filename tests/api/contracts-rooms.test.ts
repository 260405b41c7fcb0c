import { and, eq, inArray } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { beforeAll, expect, it } from 'vitest';
import { almatyDay } from '#/shared/almaty';
import type { Db } from '#server/db/client';
import * as schema from '#server/db/schema';
import { contractEvents, contractRooms, contracts, notifications, users } from '#server/db/schema';
import { runLeaseJob } from '#server/modules/contracts/job';
import { describeEachDatabase } from '../support/api-harness';
import { activate, createLease, objectWithRooms, renterIdOf } from '../support/contracts';

type Lease = Awaited<ReturnType<typeof createLease>>;

// Leases over rooms and time: no overlap (also in the database and under concurrency), the lease job, the rent roll.
describeEachDatabase('lease contracts: rooms and time', (h) => {
  const t = { landlord: '', employee: '', renter: '', landlord2: '', renter2: '' };
  let renterId = '';
  let renter2Id = '';

  beforeAll(async () => {
    for (const name of Object.keys(t) as Array<keyof typeof t>) t[name] = await h.login(name);
    renterId = await renterIdOf(h, 'renter');
    renter2Id = await renterIdOf(h, 'renter2');
  });

  it('a room is never in two signed leases whose periods overlap; drafts do not count; a termination frees it after its date', async () => {
    const centre = await objectWithRooms(h, t.landlord, 'ТРЦ «Пересечение»', [30, 40]);
    const a = centre.rooms[0]!;
    const b = centre.rooms[1]!;
    const first = await createLease(h, t.landlord, { renter_id: renterId, room_ids: [a.id], starts_on: almatyDay(0), ends_on: almatyDay(100) });
    // A draft of the same room for the same dates is fine until it is signed.
    const second = await createLease(h, t.landlord, { renter_id: renterId, room_ids: [a.id, b.id], starts_on: almatyDay(50), ends_on: almatyDay(150) });
    expect((await activate(h, t.landlord, first.id)).status).toBe(200);
    const refused = await activate(h, t.landlord, second.id, 'en');
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('room_taken');
    expect(refused.body.error.fields.room_ids).toBe(`Unit #${a.number} is already let under a signed lease for overlapping dates`);
    expect((await h.api(`/contracts/${second.id}`, { token: t.landlord })).body.status).toBe('draft');

    // Terminated at day 40: the room is free from day 41.
    const noReason = await h.api(`/contracts/${first.id}/transitions`, {
      token: t.landlord,
      body: { event: 'contract.terminate', terminated_on: almatyDay(40) },
    });
    expect(noReason.status).toBe(400);
    const outside = await h.api(`/contracts/${first.id}/transitions`, {
      token: t.landlord,
      body: { event: 'contract.terminate', terminated_on: almatyDay(101), comment: 'Съезжает' },
    });
    expect(outside.status).toBe(400);
    const ended = await h.api(`/contracts/${first.id}/transitions`, {
      token: t.landlord,
      body: { event: 'contract.terminate', terminated_on: almatyDay(40), comment: 'Арендатор съезжает' },
    });
    expect(ended.status).toBe(200);
    expect(ended.body).toMatchObject({ status: 'terminated', terminated_on: almatyDay(40), termination_reason: 'Арендатор съезжает', actions: [] });
    expect((await activate(h, t.landlord, second.id)).status).toBe(200);
  });

  it('the database itself refuses two held rows of a room for overlapping periods', async () => {
    const centre = await objectWithRooms(h, t.landlord, 'ТРЦ «Ограничение»', [10]);
    const room = centre.rooms[0]!.id;
    const x = await createLease(h, t.landlord, { renter_id: renterId, room_ids: [room], starts_on: almatyDay(0), ends_on: almatyDay(10) });
    const y = await createLease(h, t.landlord, { renter_id: renterId, room_ids: [room], starts_on: almatyDay(10), ends_on: almatyDay(20) });
    await h.db.update(contractRooms).set({ held: true }).where(eq(contractRooms.contractId, x.id));
    // The last day of one and the first of the other overlap: both periods include it.
    const error = await h.db
      .update(contractRooms)
      .set({ held: true })
      .where(eq(contractRooms.contractId, y.id))
      .then(
        () => null,
        (err: { code?: string; cause?: { code?: string } }) => err.cause?.code ?? err.code,
      );
    expect(error).toBe('23P01');
    await h.db
      .update(contractRooms)
      .set({ held: true, startsOn: almatyDay(11) })
      .where(eq(contractRooms.contractId, y.id));
  });

  // On PostgreSQL the two calls run at once on two connections; PGlite has one and takes them in turn.
  it('of two activations sent at the same moment exactly one wins', async () => {
    const centre = await objectWithRooms(h, t.landlord, 'ТРЦ «Гонка»', [50]);
    const room = centre.rooms[0]!;
    const x = await createLease(h, t.landlord, { renter_id: renterId, room_ids: [room.id], starts_on: almatyDay(0), ends_on: almatyDay(60) });
    const y = await createLease(h, t.employee, { renter_id: renterId, room_ids: [room.id], starts_on: almatyDay(30), ends_on: almatyDay(90) });
    const answers = await Promise.all([activate(h, t.landlord, x.id), activate(h, t.employee, y.id)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)?.body.error.code).toBe('room_taken');
    const statuses = await h.db
      .select({ status: contracts.status })
      .from(contracts)
      .where(inArray(contracts.id, [x.id, y.id]));
    // The winner, read at once, ends within the 90-day window: already expiring.
    expect(statuses.map((s) => s.status).sort()).toEqual(['draft', 'expiring']);
  });

  it('the lease job: expiring and the 30-day notice on time and once, with two runs racing; past leases expire', async () => {
    await runLeaseJob(h.db); // whatever earlier tests left due
    const centre = await objectWithRooms(h, t.landlord, 'ТРЦ «Сроки»', [10, 10, 10, 10]);
    const [r1, r2, r3, r4] = centre.rooms.map((r) => r.id) as [string, string, string, string];
    // Signed far from their ends (a read brings a lease up to date at once), then the calendar moves on.
    const ends = [200, 60, 20, -1];
    const [farAway, in60, in20, past] = (await Promise.all(
      [r1, r2, r3, r4].map((room) =>
        createLease(h, t.landlord, { renter_id: renterId, room_ids: [room], starts_on: almatyDay(-100), ends_on: almatyDay(300) }),
      ),
    )) as [Lease, Lease, Lease, Lease];
    for (const lease of [farAway, in60, in20, past]) expect((await activate(h, t.landlord, lease.id)).status).toBe(200);
    for (const [i, lease] of [farAway, in60, in20, past].entries()) {
      await h.db
        .update(contracts)
        .set({ endsOn: almatyDay(ends[i] as number) })
        .where(eq(contracts.id, lease.id));
    }

    let runs: Array<{ expired: number; expiring: number; endNotices: number }>;
    if (h.kind === 'postgres') {
      const pools = [0, 1].map(() => new pg.Pool({ connectionString: h.config.databaseUrl as string, max: 2 }));
      try {
        const dbs = pools.map((pool) => drizzle(pool, { schema, casing: 'snake_case' }) as unknown as Db);
        runs = await Promise.all(dbs.map((db) => runLeaseJob(db)));
      } finally {
        await Promise.all(pools.map((pool) => pool.end()));
      }
    } else {
      runs = [await runLeaseJob(h.db), await runLeaseJob(h.db)];
    }
    const total = runs.reduce((a, r) => ({ expired: a.expired + r.expired, expiring: a.expiring + r.expiring, endNotices: a.endNotices + r.endNotices }));
    expect(total).toEqual({ expired: 1, expiring: 2, endNotices: 1 });
    expect(await runLeaseJob(h.db)).toEqual({ expired: 0, expiring: 0, endNotices: 0 });

    const ids = [farAway.id, in60.id, in20.id, past.id];
    const rows = await h.db.select({ id: contracts.id, status: contracts.status }).from(contracts).where(inArray(contracts.id, ids));
    const status = new Map(rows.map((r) => [r.id, r.status]));
    expect(ids.map((id) => status.get(id))).toEqual(['active', 'expiring', 'expiring', 'expired']);
    const entries = await h.db
      .select({ contractId: contractEvents.contractId, event: contractEvents.event, actorUserId: contractEvents.actorUserId })
      .from(contractEvents)
      .where(and(inArray(contractEvents.contractId, ids), inArray(contractEvents.event, ['contract.warn', 'contract.expire'])));
    expect(entries.map((e) => `${e.contractId === in60.id ? 'in60' : e.contractId === in20.id ? 'in20' : 'past'} ${e.event}`).sort()).toEqual([
      'in20 contract.warn',
      'in60 contract.warn',
      'past contract.expire',
    ]);
    expect(entries.every((e) => e.actorUserId === null)).toBe(true);
    const view = await h.api(`/contracts/${in60.id}`, { token: t.landlord, lang: 'en' });
    expect(view.body.history.at(-1)).toMatchObject({ event: 'contract.warn', actor_name: 'System', to_status: 'expiring' });

    // The landlord and the employee (contracts at creator) are told once of each; the renter never.
    const told = await h.db
      .select({ kind: notifications.kind, subjectId: notifications.subjectId, username: users.username })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .where(inArray(notifications.subjectId, ids));
    const said = told.map((n) => `${n.subjectId === in60.id ? 'in60' : n.subjectId === in20.id ? 'in20' : 'other'} ${n.kind} ${n.username}`).sort();
    expect(said.filter((s) => s.endsWith(' landlord') || s.endsWith(' employee'))).toEqual([
      'in20 contract.ends_soon employee',
      'in20 contract.ends_soon landlord',
      'in20 contract.expiring employee',
      'in20 contract.expiring landlord',
      'in60 contract.expiring employee',
      'in60 contract.expiring landlord',
    ]);
    expect(said.some((s) => s.endsWith(' renter'))).toBe(false);
  });

  it('the expiring window is the landlord’s setting', async () => {
    expect((await h.api('/contracts/settings', { token: t.landlord })).body).toEqual({ expiring_days: 90, template: null });
    expect((await h.api('/contracts/settings', { token: t.employee, method: 'PUT', body: { expiring_days: 120 } })).status).toBe(403);
    expect((await h.api('/contracts/settings', { token: t.landlord2, method: 'PUT', body: { expiring_days: 120 } })).body).toEqual({
      expiring_days: 120,
      template: null,
    });
    expect((await h.api('/contracts/settings', { token: t.landlord })).body).toEqual({ expiring_days: 90, template: null });
    const centre = await objectWithRooms(h, t.landlord2, 'ТРЦ «Окно»', [10]);
    const lease = await createLease(h, t.landlord2, {
      renter_id: renter2Id,
      room_ids: [centre.rooms[0]!.id],
      starts_on: almatyDay(-10),
      ends_on: almatyDay(110),
    });
    await activate(h, t.landlord2, lease.id);
    await runLeaseJob(h.db);
    expect((await h.api(`/contracts/${lease.id}`, { token: t.landlord2 })).body.status).toBe('expiring');
  });

  it('the rent roll: occupied and vacant rooms, totals and expiries by month, computed by hand; and its xlsx', async () => {
    const centre = await objectWithRooms(h, t.landlord, 'ТРЦ «Реестр»', [20.5, 30.25, 49.25, 100]);
    const [a, b, c, d] = centre.rooms as Array<{ id: string; number: string }>;
    const one = await createLease(h, t.landlord, {
      renter_id: renterId,
      room_ids: [a!.id, b!.id],
      rate: '3000.33',
      starts_on: almatyDay(-5),
      ends_on: almatyDay(40),
    });
    const two = await createLease(h, t.landlord, { renter_id: renterId, room_ids: [c!.id], rate: '1500', starts_on: almatyDay(-5), ends_on: almatyDay(300) });
    // A draft for the last room, and a signed lease of it starting later: it stays vacant today.
    await createLease(h, t.landlord, { renter_id: renterId, room_ids: [d!.id], starts_on: almatyDay(-5), ends_on: almatyDay(30) });
    const later = await createLease(h, t.landlord, { renter_id: renterId, room_ids: [d!.id], starts_on: almatyDay(100), ends_on: almatyDay(200) });
    for (const lease of [one, two, later]) expect((await activate(h, t.landlord, lease.id)).status).toBe(200);

    const roll = await h.api(`/contracts/rent-roll?object_id=${centre.id}`, { token: t.employee });
    expect(roll.status).toBe(200);
    // Lease one: 50.75 m² × 3000.33 = 152 266.7475 → 152 266.75; lease two: 49.25 × 1500 = 73 875.00.
    expect(roll.body.totals).toEqual({
      rooms: 4,
      occupied_rooms: 3,
      leased_rooms: 3,
      no_lease_rooms: 0,
      vacant_rooms: 1,
      area: '200.00',
      occupied_area: '100.00',
      leased_area: '100.00',
      no_lease_area: '0.00',
      vacant_area: '100.00',
      monthly_rent: '226141.75',
    });
    const byRoom = new Map(roll.body.rows.map((r: { room_number: string }) => [r.room_number, r]));
    // 20.5 × 3000.33 = 61 506.765 → 61 506.77 (the room's share, to the tiyn).
    expect(byRoom.get(a!.number)).toMatchObject({
      occupancy: 'leased',
      occupant: null,
      contract_id: one.id,
      renter_name: 'ИП «Dana Fashion»',
      rate: '3000.33',
      monthly_rent: '61506.77',
      ends_on: almatyDay(40),
    });
    expect(byRoom.get(d!.number)).toMatchObject({ occupancy: 'vacant', occupant: null, contract_id: null, renter_name: null, monthly_rent: null });
    const months = roll.body.expiries as Array<{ month: string; contracts: number; area: string; monthly_rent: string }>;
    expect(months).toHaveLength(12);
    expect(months[0]?.month).toBe(almatyDay(0).slice(0, 7));
    const endOfOne = months.find((m) => m.month === almatyDay(40).slice(0, 7));
    expect(endOfOne).toMatchObject({ contracts: 1, area: '50.75', monthly_rent: '152266.75' });
    // Days 40, 200 and 300 all fall within this month and the next eleven.
    expect(months.reduce((n, m) => n + m.contracts, 0)).toBe(3);

    const file = await fetch(`${h.baseUrl}/api/contracts/rent-roll/export?object_id=${centre.id}`, {
      headers: { authorization: `Bearer ${t.landlord}`, 'accept-language': 'en' },
    });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await file.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    const rows = sheet.getSheetValues().slice(1) as unknown[][];
    expect(rows[0]?.slice(1, 4)).toEqual(['Unit', 'Floor', 'Area, m²']);
    expect(rows).toHaveLength(6);
    expect(rows[1]?.slice(1, 8)).toEqual([a!.number, 1, 20.5, 'ИП «Dana Fashion»', one.number, 3000.33, 61506.77]);
    // The end day an Excel date; the vacant area as English writes it, like the screen.
    expect(rows[1]?.[8]).toEqual(new Date(`${almatyDay(40)}T00:00:00Z`));
    expect(rows[5]?.[4]).toBe('Vacant 100 m²');
    expect(rows[4]?.[4]).toBe('Vacant');
    expect(rows[5]?.slice(1, 2)).toEqual(['Total']);
    expect(rows[5]?.[7]).toBe(226141.75);
    // Printed under the object's name and the day; the expiries on their own sheet, titled, months by name, only those with a lease ending.
    const title = `ТРЦ «Реестр», rent roll as of ${almatyDay(0).split('-').reverse().join('/')}`;
    expect(sheet.headerFooter.oddHeader).toBe(`&C${title}`);
    const ends = workbook.worksheets[1]!;
    expect(ends.name).toBe('Lease expiries by month');
    const endRows = (ends.getSheetValues().slice(1) as unknown[][]).map((r) => r.slice(1));
    expect(endRows[0]).toEqual([title]);
    expect(endRows[1]).toEqual(['Month', 'Leases', 'Area, m²', 'Monthly rent, ₸']);
    // Each month an Excel date of its first day, shown by its name ('mmmm yyyy').
    const monthName = (day: string) => new Date(`${day.slice(0, 7)}-01T00:00:00Z`);
    expect(endRows.slice(2).map((r) => r[0])).toEqual([almatyDay(40), almatyDay(200), almatyDay(300)].map(monthName));
    expect(endRows[2]).toEqual([monthName(almatyDay(40)), 1, 50.75, 152266.75]);
    expect((await h.api(`/contracts/rent-roll?object_id=${centre.id}`, { token: t.landlord2 })).status).toBe(404);
    // The object's rooms show who occupies each until when.
    const listed = await h.api(`/objects/${centre.id}/rooms`, { token: t.landlord });
    const leaseOf = new Map(listed.body.map((r: { number: string; lease: unknown }) => [r.number, r.lease]));
    expect(leaseOf.get(a!.number)).toEqual({ contract_id: one.id, number: one.number, renter_name: 'ИП «Dana Fashion»', ends_on: almatyDay(40) });
    expect(leaseOf.get(d!.number)).toBeNull();
  });
});
