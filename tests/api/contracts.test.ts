import { and, eq, inArray } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { beforeAll, expect, it } from 'vitest';
import type { Db } from '#server/db/client';
import * as schema from '#server/db/schema';
import { contractEvents, contractFiles, contractRooms, contracts, employees, notifications, users } from '#server/db/schema';
import { runLeaseJob } from '#server/modules/contracts/job';
import { describeEachDatabase } from '../support/api-harness';
import { activate, createLease, day, nextNumber, objectWithRooms, renterIdOf } from '../support/contracts';
import { PDF, postForm } from '../support/requests';

type Lease = Awaited<ReturnType<typeof createLease>>;

describeEachDatabase('lease contracts', (h) => {
  const t = { landlord: '', employee: '', renter: '', landlord2: '', renter2: '' };
  let renterId = '';
  let renter2Id = '';

  beforeAll(async () => {
    for (const name of Object.keys(t) as Array<keyof typeof t>) t[name] = await h.login(name);
    renterId = await renterIdOf(h, 'renter');
    renter2Id = await renterIdOf(h, 'renter2');
  });

  it('sums the rooms and the rent exactly: 3 × 33.3 m² at 12 345.67 ₸/m²', async () => {
    const centre = await objectWithRooms(h, t.landlord, 'ТРЦ «Сумма»', [33.3, 33.3, 33.3]);
    const lease = await createLease(h, t.employee, { renter_id: renterId, room_ids: centre.rooms.map((r) => r.id), rate: '12345.67' });
    // 99.90 m² × 12 345.67 = 1 233 332.4330 → rounded half up to the tiyn.
    expect(lease).toMatchObject({ status: 'draft', area: '99.90', rate: '12345.67', monthly_total: '1233332.43' });
    expect((lease.rooms as unknown[]).length).toBe(3);
    expect(lease.actions).toEqual(['contract.activate']);
    expect((lease.history as Array<{ event: string }>)[0]?.event).toBe('contract.created');
  });

  it('refuses a number already used, an end before the start, and rooms of another landlord', async () => {
    const centre = await objectWithRooms(h, t.landlord, 'ТРЦ «Проверка»', [10]);
    const first = await createLease(h, t.landlord, { renter_id: renterId, room_ids: [centre.rooms[0]!.id] });
    const body = { number: first.number, renter_id: renterId, room_ids: [centre.rooms[0]!.id], starts_on: day(0), ends_on: day(30), rate: '100' };
    const taken = await h.api('/contracts', { token: t.landlord, body });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('contract_number_taken');
    const backwards = await h.api('/contracts', { token: t.landlord, body: { ...body, number: nextNumber(), ends_on: day(-1) }, lang: 'en' });
    expect(backwards.status).toBe(400);
    expect(backwards.body.error.fields.ends_on).toBe('The end cannot be before the start');
    const other = await objectWithRooms(h, t.landlord2, 'ТРЦ «Чужой»', [10]);
    const foreign = await h.api('/contracts', { token: t.landlord, body: { ...body, number: nextNumber(), room_ids: [other.rooms[0]!.id] } });
    expect(foreign.status).toBe(400);
    const money = await h.api('/contracts', { token: t.landlord, body: { ...body, number: nextNumber(), rate: '12.345' } });
    expect(money.status).toBe(400);
  });

  it("another landlord's lease is 404; a renter sees only its own, read-only", async () => {
    const centre = await objectWithRooms(h, t.landlord, 'ТРЦ «Доступ»', [20]);
    const lease = await createLease(h, t.landlord, { renter_id: renterId, room_ids: [centre.rooms[0]!.id] });
    expect((await h.api(`/contracts/${lease.id}`, { token: t.landlord2 })).status).toBe(404);
    expect((await h.api(`/contracts/${lease.id}`, { token: t.renter2 })).status).toBe(404);
    expect((await activate(h, t.landlord2, lease.id)).status).toBe(404);
    expect((await h.api(`/contracts/${lease.id}/renewal`, { token: t.landlord2, method: 'POST' })).status).toBe(404);
    const list2 = await h.api('/contracts?limit=100', { token: t.landlord2 });
    expect(list2.body.data.map((c: { id: string }) => c.id)).not.toContain(lease.id);

    const mine = await h.api(`/contracts/${lease.id}`, { token: t.renter });
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ actions: [], can_edit: false, can_renew: false, can_add_files: false });
    const renterList = await h.api('/contracts?limit=100', { token: t.renter });
    expect(renterList.body.data.length).toBeGreaterThan(0);
    expect(renterList.body.data.every((c: { renter: { id: string } }) => c.renter.id === renterId)).toBe(true);
    expect((await h.api('/contracts?limit=100', { token: t.renter2 })).body.data.every((c: { renter: { id: string } }) => c.renter.id === renter2Id)).toBe(
      true,
    );

    // The renter's attempts are refused and change nothing.
    expect((await activate(h, t.renter, lease.id)).status).toBe(403);
    const edit = { number: lease.number, renter_id: renterId, room_ids: [centre.rooms[0]!.id], starts_on: day(0), ends_on: day(10), rate: '1' };
    expect((await h.api(`/contracts/${lease.id}`, { token: t.renter, method: 'PUT', body: edit })).status).toBe(403);
    expect((await h.api('/contracts', { token: t.renter, body: { ...edit, number: nextNumber() } })).status).toBe(403);
    expect((await postForm(h, `/contracts/${lease.id}/files`, { file: { data: PDF, name: 'x.pdf' } }, { token: t.renter })).status).toBe(403);
    expect((await h.api(`/contracts/rent-roll?object_id=${centre.id}`, { token: t.renter })).status).toBe(403);
    expect((await h.api(`/contracts/${lease.id}`, { token: t.landlord })).body.status).toBe('draft');
  });

  it('an employee reads at view, acts from creator; without a grant the module is closed', async () => {
    const [me] = await h.db.select({ id: employees.id }).from(employees).innerJoin(users, eq(users.id, employees.userId)).where(eq(users.username, 'employee'));
    // A PUT replaces every grant: the others are sent back as they were.
    const table = await h.api('/settings/access', { token: t.landlord });
    const levels = table.body.employees.find((e: { employee_id: string }) => e.employee_id === me?.id).levels;
    const grant = async (level: string) => {
      const res = await h.api(`/settings/access/${me?.id}`, { method: 'PUT', token: t.landlord, body: { levels: { ...levels, contracts: level } } });
      expect(res.status).toBeLessThan(300);
    };
    const centre = await objectWithRooms(h, t.landlord, 'ТРЦ «Уровни»', [10]);
    const lease = await createLease(h, t.landlord, { renter_id: renterId, room_ids: [centre.rooms[0]!.id] });
    try {
      await grant('view');
      const seen = await h.api(`/contracts/${lease.id}`, { token: t.employee });
      expect(seen.status).toBe(200);
      expect(seen.body).toMatchObject({ actions: [], can_edit: false, can_add_files: false });
      expect((await h.api(`/contracts/rent-roll?object_id=${centre.id}`, { token: t.employee })).status).toBe(200);
      expect((await activate(h, t.employee, lease.id)).status).toBe(403);
      const body = { number: nextNumber(), renter_id: renterId, room_ids: [centre.rooms[0]!.id], starts_on: day(0), ends_on: day(9), rate: '1' };
      expect((await h.api('/contracts', { token: t.employee, body })).status).toBe(403);
      await grant('employee');
      // Creates drafts and adds files, but signing is an edit: creator.
      expect((await h.api('/contracts', { token: t.employee, body })).status).toBe(201);
      expect((await activate(h, t.employee, lease.id)).status).toBe(403);
      await grant('none');
      expect((await h.api('/contracts', { token: t.employee })).status).toBe(403);
      expect((await h.api(`/contracts/${lease.id}`, { token: t.landlord })).body.status).toBe('draft');
    } finally {
      await grant('creator');
    }
  });

  it('signs, edits only drafts, refuses the system’s events to people and wrong states with nothing changed', async () => {
    const centre = await objectWithRooms(h, t.landlord, 'ТРЦ «Подпись»', [15, 25]);
    const lease = await createLease(h, t.employee, { renter_id: renterId, room_ids: centre.rooms.map((r) => r.id), rate: '1000' });
    const edit = { number: lease.number, renter_id: renterId, room_ids: [centre.rooms[0]!.id], starts_on: day(0), ends_on: day(200), rate: '2000.5' };
    const edited = await h.api(`/contracts/${lease.id}`, { token: t.employee, method: 'PUT', body: edit });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ area: '15.00', rate: '2000.50', monthly_total: '30007.50' });

    // Nobody takes the lease job's event from a draft (409); from a signed lease only the job does (403).
    const warn = () => h.api(`/contracts/${lease.id}/transitions`, { token: t.landlord, body: { event: 'contract.warn' } });
    expect((await warn()).status).toBe(409);
    const signed = await activate(h, t.employee, lease.id);
    expect(signed.status).toBe(200);
    expect(signed.body).toMatchObject({ status: 'active', signed_on: day(0), actions: ['contract.terminate'], can_edit: false, can_renew: true });
    expect((await warn()).status).toBe(403);
    const again = await activate(h, t.landlord, lease.id);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('invalid_state');
    const late = await h.api(`/contracts/${lease.id}`, { token: t.landlord, method: 'PUT', body: { ...edit, rate: '1' } });
    expect(late.status).toBe(409);
    const after = await h.api(`/contracts/${lease.id}`, { token: t.landlord });
    expect(after.body).toMatchObject({ status: 'active', rate: '2000.50' });
    expect(after.body.history.map((e: { event: string }) => e.event)).toEqual(['contract.created', 'contract.updated', 'contract.activate']);
  });

  it('a room is never in two signed leases whose periods overlap; drafts do not count; a termination frees it after its date', async () => {
    const centre = await objectWithRooms(h, t.landlord, 'ТРЦ «Пересечение»', [30, 40]);
    const a = centre.rooms[0]!;
    const b = centre.rooms[1]!;
    const first = await createLease(h, t.landlord, { renter_id: renterId, room_ids: [a.id], starts_on: day(0), ends_on: day(100) });
    // A draft of the same room for the same dates is fine until it is signed.
    const second = await createLease(h, t.landlord, { renter_id: renterId, room_ids: [a.id, b.id], starts_on: day(50), ends_on: day(150) });
    expect((await activate(h, t.landlord, first.id)).status).toBe(200);
    const refused = await activate(h, t.landlord, second.id, 'en');
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('room_taken');
    expect(refused.body.error.fields.room_ids).toBe(`Unit №${a.number} is already let under a signed lease for overlapping dates`);
    expect((await h.api(`/contracts/${second.id}`, { token: t.landlord })).body.status).toBe('draft');

    // Terminated at day 40: the room is free from day 41.
    const noReason = await h.api(`/contracts/${first.id}/transitions`, { token: t.landlord, body: { event: 'contract.terminate', terminated_on: day(40) } });
    expect(noReason.status).toBe(400);
    const outside = await h.api(`/contracts/${first.id}/transitions`, {
      token: t.landlord,
      body: { event: 'contract.terminate', terminated_on: day(101), comment: 'Съезжает' },
    });
    expect(outside.status).toBe(400);
    const ended = await h.api(`/contracts/${first.id}/transitions`, {
      token: t.landlord,
      body: { event: 'contract.terminate', terminated_on: day(40), comment: 'Арендатор съезжает' },
    });
    expect(ended.status).toBe(200);
    expect(ended.body).toMatchObject({ status: 'terminated', terminated_on: day(40), termination_reason: 'Арендатор съезжает', actions: [] });
    expect((await activate(h, t.landlord, second.id)).status).toBe(200);
  });

  it('the database itself refuses two held rows of a room for overlapping periods', async () => {
    const centre = await objectWithRooms(h, t.landlord, 'ТРЦ «Ограничение»', [10]);
    const room = centre.rooms[0]!.id;
    const x = await createLease(h, t.landlord, { renter_id: renterId, room_ids: [room], starts_on: day(0), ends_on: day(10) });
    const y = await createLease(h, t.landlord, { renter_id: renterId, room_ids: [room], starts_on: day(10), ends_on: day(20) });
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
      .set({ held: true, startsOn: day(11) })
      .where(eq(contractRooms.contractId, y.id));
  });

  // On PostgreSQL the two calls run at once on two connections; PGlite has one and takes them in turn.
  it('of two activations sent at the same moment exactly one wins', async () => {
    const centre = await objectWithRooms(h, t.landlord, 'ТРЦ «Гонка»', [50]);
    const room = centre.rooms[0]!;
    const x = await createLease(h, t.landlord, { renter_id: renterId, room_ids: [room.id], starts_on: day(0), ends_on: day(60) });
    const y = await createLease(h, t.employee, { renter_id: renterId, room_ids: [room.id], starts_on: day(30), ends_on: day(90) });
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
      [r1, r2, r3, r4].map((room) => createLease(h, t.landlord, { renter_id: renterId, room_ids: [room], starts_on: day(-100), ends_on: day(300) })),
    )) as [Lease, Lease, Lease, Lease];
    for (const lease of [farAway, in60, in20, past]) expect((await activate(h, t.landlord, lease.id)).status).toBe(200);
    for (const [i, lease] of [farAway, in60, in20, past].entries()) {
      await h.db
        .update(contracts)
        .set({ endsOn: day(ends[i] as number) })
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
    const lease = await createLease(h, t.landlord2, { renter_id: renter2Id, room_ids: [centre.rooms[0]!.id], starts_on: day(-10), ends_on: day(110) });
    await activate(h, t.landlord2, lease.id);
    await runLeaseJob(h.db);
    expect((await h.api(`/contracts/${lease.id}`, { token: t.landlord2 })).body.status).toBe('expiring');
  });

  it('files: the signed PDF is kept privately; a file refused by type or size stores nothing', async () => {
    const centre = await objectWithRooms(h, t.landlord, 'ТРЦ «Файлы»', [10]);
    const lease = await createLease(h, t.landlord, { renter_id: renterId, room_ids: [centre.rooms[0]!.id] });
    const upload = (token: string, data: Buffer, name: string) =>
      postForm(h, `/contracts/${lease.id}/files`, { file: { data, name, type: 'application/octet-stream' } }, { token });
    const stored = async () => (await h.db.select({ id: contractFiles.id }).from(contractFiles).where(eq(contractFiles.contractId, lease.id))).length;
    const pdf = await upload(t.employee, PDF, 'договор.pdf');
    expect(pdf.status).toBe(201);
    expect(pdf.body.files[0]).toMatchObject({ name: 'договор.pdf', content_type: 'application/pdf', size: PDF.length });
    expect(pdf.body.files[0].url).toMatch(/signature=/);
    const text = await upload(t.employee, Buffer.from('not a PDF at all'), 'fake.pdf');
    expect(text.status).toBe(400);
    expect(text.body.error.code).toBe('document_type');
    const big = await upload(t.employee, Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]), 'big.pdf');
    expect(big.status).toBe(413);
    expect(await stored()).toBe(1);
    expect((await upload(t.landlord2, PDF, 'x.pdf')).status).toBe(404);
    // The renter reads its lease's file through the signed link.
    const seen = await h.api(`/contracts/${lease.id}`, { token: t.renter });
    const file = await h.fetch(new URL(seen.body.files[0].url, h.baseUrl).pathname + new URL(seen.body.files[0].url, h.baseUrl).search);
    expect(file.status).toBe(200);
  });

  it('renews a signed lease once: a linked draft with its rooms, the next dates and the indexed rate', async () => {
    const centre = await objectWithRooms(h, t.landlord, 'ТРЦ «Продление»', [12.5]);
    const res = await h.api('/contracts', {
      token: t.landlord,
      body: {
        number: nextNumber('П'),
        renter_id: renterId,
        room_ids: [centre.rooms[0]!.id],
        starts_on: '2026-01-01',
        ends_on: '2026-12-31',
        rate: '10000',
        indexation_percent: '7.5',
        payment_day: 10,
        deposit: '250000',
      },
    });
    expect(res.status).toBe(201);
    expect((await h.api(`/contracts/${res.body.id}/renewal`, { token: t.landlord, method: 'POST' })).status).toBe(409);
    await activate(h, t.landlord, res.body.id);
    const next = await h.api(`/contracts/${res.body.id}/renewal`, { token: t.employee, method: 'POST' });
    expect(next.status).toBe(201);
    expect(next.body).toMatchObject({
      status: 'draft',
      number: `${res.body.number}-2`,
      previous_id: res.body.id,
      starts_on: '2027-01-01',
      ends_on: '2027-12-31',
      rate: '10750.00',
      monthly_total: '134375.00',
      payment_day: 10,
      deposit: '250000.00',
      area: '12.50',
    });
    expect(next.body.rooms.map((r: { id: string }) => r.id)).toEqual([centre.rooms[0]!.id]);
    const twice = await h.api(`/contracts/${res.body.id}/renewal`, { token: t.landlord, method: 'POST' });
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe('already_renewed');
    expect((await h.api(`/contracts/${res.body.id}`, { token: t.landlord })).body.next_id).toBe(next.body.id);
    // The renewal follows the lease: it signs without overlapping it.
    expect((await activate(h, t.landlord, next.body.id)).status).toBe(200);
  });

  it('the rent roll: occupied and vacant rooms, totals and expiries by month, computed by hand; and its xlsx', async () => {
    const centre = await objectWithRooms(h, t.landlord, 'ТРЦ «Реестр»', [20.5, 30.25, 49.25, 100]);
    const [a, b, c, d] = centre.rooms as Array<{ id: string; number: string }>;
    const one = await createLease(h, t.landlord, { renter_id: renterId, room_ids: [a!.id, b!.id], rate: '3000.33', starts_on: day(-5), ends_on: day(40) });
    const two = await createLease(h, t.landlord, { renter_id: renterId, room_ids: [c!.id], rate: '1500', starts_on: day(-5), ends_on: day(300) });
    // A draft for the last room, and a signed lease of it starting later: it stays vacant today.
    await createLease(h, t.landlord, { renter_id: renterId, room_ids: [d!.id], starts_on: day(-5), ends_on: day(30) });
    const later = await createLease(h, t.landlord, { renter_id: renterId, room_ids: [d!.id], starts_on: day(100), ends_on: day(200) });
    for (const lease of [one, two, later]) expect((await activate(h, t.landlord, lease.id)).status).toBe(200);

    const roll = await h.api(`/contracts/rent-roll?object_id=${centre.id}`, { token: t.employee });
    expect(roll.status).toBe(200);
    // Lease one: 50.75 m² × 3000.33 = 152 266.7475 → 152 266.75; lease two: 49.25 × 1500 = 73 875.00.
    expect(roll.body.totals).toEqual({
      rooms: 4,
      occupied_rooms: 3,
      vacant_rooms: 1,
      area: '200.00',
      occupied_area: '100.00',
      vacant_area: '100.00',
      monthly_rent: '226141.75',
    });
    const byRoom = new Map(roll.body.rows.map((r: { room_number: string }) => [r.room_number, r]));
    // 20.5 × 3000.33 = 61 506.765 → 61 506.77 (the room's share, to the tiyn).
    expect(byRoom.get(a!.number)).toMatchObject({
      contract_id: one.id,
      renter_name: 'ИП «Dana Fashion»',
      rate: '3000.33',
      monthly_rent: '61506.77',
      ends_on: day(40),
    });
    expect(byRoom.get(d!.number)).toMatchObject({ contract_id: null, renter_name: null, monthly_rent: null });
    const months = roll.body.expiries as Array<{ month: string; contracts: number; area: string; monthly_rent: string }>;
    expect(months).toHaveLength(12);
    expect(months[0]?.month).toBe(day(0).slice(0, 7));
    const endOfOne = months.find((m) => m.month === day(40).slice(0, 7));
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
    expect(rows[4]?.[4]).toBe('Vacant');
    expect(rows[5]?.slice(1, 2)).toEqual(['Total']);
    expect(rows[5]?.[7]).toBe(226141.75);
    expect((await h.api(`/contracts/rent-roll?object_id=${centre.id}`, { token: t.landlord2 })).status).toBe(404);
    // The object's rooms show who occupies each until when.
    const listed = await h.api(`/objects/${centre.id}/rooms`, { token: t.landlord });
    const leaseOf = new Map(listed.body.map((r: { number: string; lease: unknown }) => [r.number, r.lease]));
    expect(leaseOf.get(a!.number)).toEqual({ contract_id: one.id, number: one.number, renter_name: 'ИП «Dana Fashion»', ends_on: day(40) });
    expect(leaseOf.get(d!.number)).toBeNull();
  });

  it('lists with filters, search and sort', async () => {
    const centre = await objectWithRooms(h, t.landlord, 'ТРЦ «Список»', [10, 10]);
    const soon = await createLease(h, t.landlord, { renter_id: renterId, room_ids: [centre.rooms[0]!.id], number: nextNumber('ПОИСК'), ends_on: day(15) });
    await activate(h, t.landlord, soon.id);
    const found = await h.api(`/contracts?search=${encodeURIComponent(soon.number.toLowerCase())}`, { token: t.landlord });
    expect(found.body.data.map((c: { id: string }) => c.id)).toEqual([soon.id]);
    // Signed 15 days before its end, it is expiring as soon as it is read.
    const within = await h.api(`/contracts?object_id=${centre.id}&ends_within=30&status=expiring`, { token: t.landlord });
    expect(within.body.data.map((c: { id: string }) => c.id)).toEqual([soon.id]);
    const none = await h.api(`/contracts?object_id=${centre.id}&ends_within=10`, { token: t.landlord });
    expect(none.body.meta.total).toBe(0);
    const byEnd = await h.api(`/contracts?sort=ends_on&limit=100&renter_id=${renterId}`, { token: t.employee });
    const ends = byEnd.body.data.map((c: { ends_on: string }) => c.ends_on);
    expect(ends).toEqual([...ends].sort());
  });
});
