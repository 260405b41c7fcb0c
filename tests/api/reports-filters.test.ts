import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { employeeAccess, employees, requestTypes, users } from '#server/db/schema';
import { describeEachDatabase } from '../support/api-harness';
import { JAN, reportFixture } from '../support/reports';

// Reports narrowed by executor, type and renter; 404 for another landlord's ids; who may read reports; the filter lists.
describeEachDatabase('reports: filters and access', (h) => {
  const { t, ids, more, report, figures, tableOf } = reportFixture(h);

  it('narrows requests and tasks to one executor', async () => {
    const r = await report('requests', `${JAN}&object_id=${ids.object}&executor_id=${ids.employee}`);
    expect(figures(r)).toMatchObject({ created: 2, closed: 2, sla: 50, open: 0 });
    expect(figures(await report('tasks', `${JAN}&executor_id=${ids.employee}`))).toMatchObject({ given: 3, completed: 2 });
    const [staff] = await h.db
      .select({ id: employees.id })
      .from(employees)
      .innerJoin(users, eq(users.id, employees.userId))
      .where(eq(users.username, 'employee2'));
    expect((await h.api(`/reports/requests?${JAN}&executor_id=${staff!.id}`, { token: t.landlord })).status).toBe(404);
  });

  it('narrows requests by request type and by renter', async () => {
    const q = `${JAN}&object_id=${ids.object}`;
    // Type 2 is the late one only (closed after 72 h); type 1 the other two created in January.
    expect(figures(await report('requests', `${q}&type_id=${more.requestType2}`))).toMatchObject({ created: 1, closed: 1, sla: 0, median_close: 72, open: 0 });
    const one = await report('requests', `${q}&type_id=${more.requestType}`);
    expect(figures(one)).toMatchObject({ created: 2, closed: 1, sla: 100, open: 2, visitors: 1 });
    expect(tableOf(one, 'by_type').rows).toHaveLength(1);
    // The renter made one request: taken after 1 h, closed on time after 4 h.
    const mine = await report('requests', `${q}&renter_id=${more.renter}`);
    expect(figures(mine)).toEqual({ created: 1, closed: 1, sla: 100, median_take: 1, median_close: 4, open: 0, overdue: 0, visitors: 0 });
    expect(figures(await report('requests', `${q}&renter_id=${more.renterB}`))).toMatchObject({ created: 0, closed: 0, open: 0 });
    expect(figures(await report('requests', `${q}&renter_id=${more.renter}&type_id=${more.requestType2}`)).created).toBe(0);
  });

  it('narrows violations by violation type and by renter', async () => {
    const q = `${JAN}&object_id=${ids.object}`;
    const litter = await report('violations', `${q}&type_id=${more.litter}`);
    expect(figures(litter)).toEqual({ violations: 1, fines: 1, fine_sum: 2000, repeat: 0 });
    expect(tableOf(litter, 'by_renter').rows).toEqual([{ label: 'ТОО Второй', values: [1, 2000] }]);
    expect(figures(await report('violations', `${q}&type_id=${more.noise}`))).toEqual({ violations: 2, fines: 1, fine_sum: 5000, repeat: 1 });
    const a = await report('violations', `${q}&renter_id=${more.renter}`);
    expect(figures(a)).toEqual({ violations: 2, fines: 1, fine_sum: 5000, repeat: 1 });
    expect(tableOf(a, 'by_type').rows).toEqual([{ label: 'Noise', values: [2, 5000] }]);
    expect(figures(await report('violations', `${q}&renter_id=${more.renterB}`))).toEqual({ violations: 1, fines: 1, fine_sum: 2000, repeat: 0 });
  });

  it("narrows occupancy to a renter's leases and the rooms it occupies", async () => {
    const o = await report('occupancy', `object_id=${ids.object}&renter_id=${more.renter}`);
    expect(figures(o)).toEqual({
      rooms: 1,
      leased_rooms: 1,
      no_lease_rooms: 0,
      area: 30,
      leased_area: 30,
      no_lease_area: 0,
      occupancy: 100,
      monthly_rent: 150000,
      rent_per_m2: 5000,
    });
    expect(tableOf(o, 'by_object').rows).toEqual([{ label: 'ТРЦ «Отчёт»', values: [30, 0, 0, 1, 0, 0] }]);
    // The second renter holds no lease but is registered in the second room: that room is its, occupied with
    // no lease on file (area yes, rent none, no expiries).
    const b = await report('occupancy', `object_id=${ids.object}&renter_id=${more.renterB}`);
    expect(figures(b)).toMatchObject({ rooms: 1, leased_rooms: 0, no_lease_rooms: 1, area: 70, no_lease_area: 70, monthly_rent: 0, occupancy: 100 });
    expect(tableOf(b, 'by_object').rows).toEqual([{ label: 'ТРЦ «Отчёт»', values: [0, 70, 0, 0, 1, 0] }]);
    expect(tableOf(b, 'expiries').totals).toEqual([0, 0, 0]);
  });

  it("answers 404 for another landlord's renter or type and an unknown request type, and leaks nothing", async () => {
    const no = async (name: string, query: string) => (await h.api(`/reports/${name}?${JAN}&${query}`, { token: t.landlord })).status;
    expect(await no('requests', `renter_id=${more.renter2}`)).toBe(404);
    expect(await no('violations', `renter_id=${more.renter2}`)).toBe(404);
    expect(await no('occupancy', `renter_id=${more.renter2}`)).toBe(404);
    expect(await no('violations', `type_id=${more.otherViolationType}`)).toBe(404);
    expect(await no('violations', `type_id=${more.requestType}`)).toBe(404);
    expect(await no('requests', 'type_id=00000000-0000-4000-8000-000000000000')).toBe(404);
    expect((await h.api(`/reports/requests/export?${JAN}&renter_id=${more.renter2}`, { token: t.landlord })).status).toBe(404);
    // The other landlord sees only its own request of the shared type, none of this landlord's renter.
    expect(figures(await report('requests', `${JAN}&type_id=${more.requestType}`, t.landlord2)).created).toBe(1);
    expect((await h.api(`/reports/requests?${JAN}&renter_id=${more.renter}`, { token: t.landlord2 })).status).toBe(404);
  });

  it('refuses an employee without reports access (403) and lets one with view read', async () => {
    expect((await h.api(`/reports/requests?${JAN}`, { token: t.staff01 })).status).toBe(403);
    const [staff] = await h.db
      .select({ id: employees.id })
      .from(employees)
      .innerJoin(users, eq(users.id, employees.userId))
      .where(eq(users.username, 'staff01'));
    await h.db.insert(employeeAccess).values({ employeeId: staff!.id, module: 'reports', level: 'view' });
    expect(figures(await report('requests', JAN, t.staff01)).created).toBe(3);
    expect((await h.api(`/reports/platform?${JAN}`, { token: t.landlord })).status).toBe(403);
    expect((await h.api(`/reports/requests?${JAN}`, { token: t.superadmin })).status).toBe(403);
    const platform = await report('platform', JAN, t.superadmin);
    expect(figures(platform).requests).toBe(4);
    expect((await h.api('/reports/requests?from=2031-02-01&to=2031-01-01', { token: t.landlord })).status).toBe(400);
  });

  it("counts the platform's users as its table does: the landlords' users, the superadmin not among them", async () => {
    const platform = await report('platform', JAN, t.superadmin);
    const table = tableOf(platform, 'by_landlord');
    // Its first column is the users.
    const listed = table.rows.reduce((sum, row) => sum + Number(row.values[0]), 0);
    expect(listed).toBeGreaterThan(0);
    expect(figures(platform).users).toBe(listed);
  });

  it("lists the filters under the reports' own access: the landlord's objects, renters, executors, violation types and both kinds of request types", async () => {
    // A colleague whose only access is reading reports: no requests, violations or employees module.
    const [demo] = await h.db.select({ hash: users.passwordHash }).from(users).where(eq(users.username, 'employee'));
    await h.db.update(users).set({ passwordHash: demo?.hash }).where(eq(users.username, 'staff02'));
    const [staff] = await h.db
      .select({ id: employees.id })
      .from(employees)
      .innerJoin(users, eq(users.id, employees.userId))
      .where(eq(users.username, 'staff02'));
    await h.db.delete(employeeAccess).where(eq(employeeAccess.employeeId, staff!.id));
    const token = await h.login('staff02');
    expect((await h.api('/reports/options', { token })).status).toBe(403);
    await h.db.insert(employeeAccess).values({ employeeId: staff!.id, module: 'reports', level: 'view' });

    const res = await h.api('/reports/options', { token, lang: 'en' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    type Option = { id: string; name: string };
    const o = res.body as {
      objects: Option[];
      executors: Option[];
      renters: Option[];
      request_types: (Option & { kind: number })[];
      violation_types: Option[];
    };
    const idsOf = (list: Option[]) => list.map((x) => x.id);
    expect(o.objects).toContainEqual({ id: ids.object, name: 'ТРЦ «Отчёт»' });
    expect(idsOf(o.objects)).not.toContain(ids.object2);
    expect(o.executors).toContainEqual({ id: ids.employee, name: expect.any(String) });
    expect(idsOf(o.executors)).toContain(staff!.id);
    expect(o.renters).toContainEqual({ id: more.renterB, name: 'Второй (ТОО Второй)' });
    expect(idsOf(o.renters)).toContain(more.renter);
    expect(idsOf(o.renters)).not.toContain(more.renter2);
    expect(o.violation_types).toEqual(
      expect.arrayContaining([
        { id: more.noise, name: 'Noise' },
        { id: more.litter, name: 'Litter' },
      ]),
    );
    expect(idsOf(o.violation_types)).not.toContain(more.otherViolationType);
    // Every request type of both kinds, in the caller's language: renters' first, then visitors'.
    const all = await h.db.select().from(requestTypes);
    expect(o.request_types).toHaveLength(all.length);
    const kinds = o.request_types.map((x) => x.kind);
    expect(kinds).toEqual([...kinds].sort((a, b) => a - b));
    expect(new Set(kinds)).toEqual(new Set([12, 13]));
    // One the fixture's requests do not have (the fixture takes two types of any kind).
    const visitors = all.find((x) => x.kind === 13 && x.id !== more.requestType && x.id !== more.requestType2)!;
    expect(o.request_types).toContainEqual({ id: visitors.id, name: visitors.nameEn, kind: 13 });

    // A visitors' request type narrows the requests report like any other.
    expect(figures(await report('requests', `${JAN}&type_id=${visitors.id}`, token)).created).toBe(0);
    for (const who of [t.renter, t.superadmin]) expect((await h.api('/reports/options', { token: who })).status).toBe(403);
    // The landlord's own lists, never the other landlord's.
    const theirs = (await h.api('/reports/options', { token: t.landlord2 })).body as typeof o;
    expect(idsOf(theirs.objects)).toContain(ids.object2);
    expect(idsOf(theirs.objects)).not.toContain(ids.object);
    expect(idsOf(theirs.renters)).not.toContain(more.renter);
  });
});
