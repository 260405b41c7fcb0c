import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { almatyDay } from '#/shared/almaty';
import { contractFiles, contracts, employees, users } from '#server/db/schema';
import { describeEachDatabase } from '../support/api-harness';
import { activate, createLease, nextNumber, objectWithRooms, renterIdOf } from '../support/contracts';
import { PDF, postForm } from '../support/requests';

// Leases: exact money, access by role and level, the lifecycle, files, renewal, the list.
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
    const body = { number: first.number, renter_id: renterId, room_ids: [centre.rooms[0]!.id], starts_on: almatyDay(0), ends_on: almatyDay(30), rate: '100' };
    const taken = await h.api('/contracts', { token: t.landlord, body });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('contract_number_taken');
    const backwards = await h.api('/contracts', { token: t.landlord, body: { ...body, number: nextNumber(), ends_on: almatyDay(-1) }, lang: 'en' });
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

    // A draft is the staff's until it is signed: the tenant neither lists nor reads it.
    expect((await h.api(`/contracts/${lease.id}`, { token: t.renter })).status).toBe(404);
    expect((await h.api('/contracts?limit=100', { token: t.renter })).body.data.map((c: { id: string }) => c.id)).not.toContain(lease.id);
    expect((await activate(h, t.renter, lease.id)).status).toBe(404);
    expect((await h.api(`/contracts/${lease.id}`, { token: t.landlord })).body.status).toBe('draft');

    // Signed, it is the tenant's to read, without the staff's notes and comments.
    const noted = {
      number: lease.number,
      renter_id: renterId,
      room_ids: [centre.rooms[0]!.id],
      starts_on: almatyDay(0),
      ends_on: almatyDay(364),
      rate: '5000.00',
    };
    expect(
      (await h.api(`/contracts/${lease.id}`, { token: t.landlord, method: 'PUT', body: { ...noted, notes: 'Staff only: the rate may rise' } })).status,
    ).toBe(200);
    expect((await h.api(`/contracts/${lease.id}/comments`, { token: t.landlord, body: { comment: 'Staff only: ask for a larger deposit' } })).status).toBe(200);
    expect((await activate(h, t.landlord, lease.id)).status).toBe(200);
    const mine = await h.api(`/contracts/${lease.id}`, { token: t.renter });
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({
      status: 'active',
      notes: null,
      actions: [],
      can_edit: false,
      can_renew: false,
      can_add_files: false,
      can_generate: false,
    });
    expect(mine.body.history.map((e: { event: string }) => e.event)).toEqual(['contract.created', 'contract.updated', 'contract.activate']);
    const staff = (await h.api(`/contracts/${lease.id}`, { token: t.landlord })).body;
    expect(staff.notes).toBe('Staff only: the rate may rise');
    expect(staff.history.map((e: { event: string }) => e.event)).toContain('contract.comment');
    // Its renewal, a draft again, is not shown to the tenant, nor pointed to.
    const renewal = await h.api(`/contracts/${lease.id}/renewal`, { token: t.landlord, method: 'POST' });
    expect(renewal.status).toBe(201);
    expect((await h.api(`/contracts/${lease.id}`, { token: t.landlord })).body.next_id).toBe(renewal.body.id);
    expect((await h.api(`/contracts/${lease.id}`, { token: t.renter })).body.next_id).toBeNull();
    expect((await h.api(`/contracts/${renewal.body.id}`, { token: t.renter })).status).toBe(404);

    const renterList = await h.api('/contracts?limit=100', { token: t.renter });
    expect(renterList.body.data.length).toBeGreaterThan(0);
    expect(renterList.body.data.every((c: { renter: { id: string }; status: string }) => c.renter.id === renterId && c.status !== 'draft')).toBe(true);
    expect((await h.api('/contracts?limit=100', { token: t.renter2 })).body.data.every((c: { renter: { id: string } }) => c.renter.id === renter2Id)).toBe(
      true,
    );

    // The renter's attempts are refused and change nothing.
    const edit = { ...noted, ends_on: almatyDay(10), rate: '1' };
    expect((await h.api(`/contracts/${lease.id}`, { token: t.renter, method: 'PUT', body: edit })).status).toBe(403);
    expect((await h.api('/contracts', { token: t.renter, body: { ...edit, number: nextNumber() } })).status).toBe(403);
    expect((await postForm(h, `/contracts/${lease.id}/files`, { file: { data: PDF, name: 'x.pdf' } }, { token: t.renter })).status).toBe(403);
    expect((await h.api(`/contracts/rent-roll?object_id=${centre.id}`, { token: t.renter })).status).toBe(403);
    expect((await h.api(`/contracts/${lease.id}`, { token: t.landlord })).body).toMatchObject({ status: 'active', rate: '5000.00' });
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
      const body = { number: nextNumber(), renter_id: renterId, room_ids: [centre.rooms[0]!.id], starts_on: almatyDay(0), ends_on: almatyDay(9), rate: '1' };
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
    const edit = {
      number: lease.number,
      renter_id: renterId,
      room_ids: [centre.rooms[0]!.id],
      starts_on: almatyDay(0),
      ends_on: almatyDay(200),
      rate: '2000.5',
    };
    const edited = await h.api(`/contracts/${lease.id}`, { token: t.employee, method: 'PUT', body: edit });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ area: '15.00', rate: '2000.50', monthly_total: '30007.50' });

    // Nobody takes the lease job's event from a draft (409); from a signed lease only the job does (403).
    const warn = () => h.api(`/contracts/${lease.id}/transitions`, { token: t.landlord, body: { event: 'contract.warn' } });
    expect((await warn()).status).toBe(409);
    const signed = await activate(h, t.employee, lease.id);
    expect(signed.status).toBe(200);
    expect(signed.body).toMatchObject({ status: 'active', signed_on: almatyDay(0), actions: ['contract.terminate'], can_edit: false, can_renew: true });
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
    // Signed, the renter reads its lease's file through the signed link.
    expect((await activate(h, t.landlord, lease.id)).status).toBe(200);
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

  it("another landlord's or renter's read of a lease due to expire is a 404 that changes nothing", async () => {
    const centre = await objectWithRooms(h, t.landlord, 'ТРЦ «Чужой взгляд»', [10]);
    const soon = await createLease(h, t.landlord, {
      renter_id: renterId,
      room_ids: [centre.rooms[0]!.id],
      number: nextNumber('ЧУЖОЙ'),
      ends_on: almatyDay(15),
    });
    await activate(h, t.landlord, soon.id);
    // Signed 15 days before its end it became expiring at once; back to active, as if the job had not run since.
    await h.db.update(contracts).set({ status: 'active' }).where(eq(contracts.id, soon.id));
    const stored = async () => (await h.db.select({ status: contracts.status }).from(contracts).where(eq(contracts.id, soon.id)))[0]?.status;
    expect(await stored()).toBe('active');
    for (const outsider of [t.landlord2, t.renter2]) expect((await h.api(`/contracts/${soon.id}`, { token: outsider })).status).toBe(404);
    expect(await stored()).toBe('active');
    expect((await h.api(`/contracts/${soon.id}`, { token: t.landlord })).body.status).toBe('expiring');
  });

  it('lists with filters, search and sort', async () => {
    const centre = await objectWithRooms(h, t.landlord, 'ТРЦ «Список»', [10, 10]);
    const soon = await createLease(h, t.landlord, {
      renter_id: renterId,
      room_ids: [centre.rooms[0]!.id],
      number: nextNumber('ПОИСК'),
      ends_on: almatyDay(15),
    });
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
