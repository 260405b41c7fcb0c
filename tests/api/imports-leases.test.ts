import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { contracts, employeeAccess, employees, users } from '#server/db/schema';
import { describeEachDatabase } from '../support/api-harness';
import { callImports, fillTemplate, readBook, sheetOf, uploadImport } from '../support/imports';

type Lease = {
  id: string;
  number: string;
  status: string;
  signed_on: string | null;
  monthly_total: string;
  area: string;
  rate: string;
  history: { event: string; comment: string | null; to_status: string | null }[];
};
const header = ['number', 'bin_iin', 'object', 'rooms', 'signed_on', 'starts_on', 'ends_on', 'rate', 'deposit', 'payment_day', 'indexation_percent', 'notes'];

describeEachDatabase('imports: leases', (h) => {
  const t = { landlord: '', employee: '', renter: '', landlord2: '' };
  let objectId = '';
  let objectName = '';
  let tenantBin = '';
  let otherBin = '';

  const leaseOf = async (number: string): Promise<Lease> => {
    const list = (await h.api(`/contracts?search=${encodeURIComponent(number)}`, { token: t.landlord })).body.data as { id: string; number: string }[];
    const hit = list.find((c) => c.number === number);
    if (!hit) throw new Error(`no lease ${number}`);
    return (await h.api(`/contracts/${hit.id}`, { token: t.landlord })).body as Lease;
  };
  const upload = (rows: unknown[][], lang = 'en') =>
    sheetOf([header, ...(rows as string[][])]).then((file) => uploadImport(h, t.landlord, 'leases', file, 'leases.xlsx', lang));
  const commit = (id: string) => callImports(h, t.landlord, `/imports/${id}/commit`, { method: 'POST', lang: 'en' });

  beforeAll(async () => {
    for (const name of Object.keys(t) as Array<keyof typeof t>) t[name] = await h.login(name);
    const object = (await h.api('/objects', { token: t.landlord })).body.data[0];
    objectId = object.id;
    objectName = object.name;
    for (const [number, area] of [
      ['L-1', 20],
      ['L-2', 30.5],
      ['L-3', 40],
      ['L-4', 10],
      ['L-5', 10],
    ] as const) {
      const made = await h.api(`/objects/${objectId}/rooms`, { token: t.landlord, method: 'POST', body: { number, floor: 2, area } });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
    }
    tenantBin = (await h.api('/renters', { token: t.landlord })).body.data[0].bin_iin;
    otherBin = (await h.api('/renters', { token: t.landlord2 })).body.data[0].bin_iin;
  });

  it('template round trip: signed and draft leases created with their history, a re-import changes nothing, a draft is signed by a file', async () => {
    const template = await callImports(h, t.landlord, '/import-templates/leases', { lang: 'en' });
    expect(template.status).toBe(200);
    const book = await readBook(template.bytes);
    expect(book.worksheets[0]?.getRow(1).values).toEqual([
      undefined,
      'Lease number',
      'Tenant BIN / IIN',
      'Property',
      'Unit numbers',
      'Signed on',
      'Start',
      'End',
      'Rate, ₸ per m² per month',
      'Security deposit, ₸',
      'Payment day',
      'Annual indexation, %',
      'Service charge, ₸ per m² a month',
      'Notes',
    ]);
    const file = await fillTemplate(template.bytes, [
      ['IMP-1', tenantBin, objectName, 'L-1, L-2', '01.03.2026', '01.03.2026', '28.02.2027', '5 000,50', 100000, 5, '5', '800', 'first'],
      ['IMP-2', tenantBin, objectName, 'L-3', null, '01.03.2026', '28.02.2027', 4000, null, null, null, null, null],
    ]);
    const up = await uploadImport(h, t.landlord, 'leases', file, 'leases.xlsx', 'en');
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    expect(up.body.counts).toEqual({ total: 2, new: 2, changed: 0, unchanged: 0, wrong: 0, skipped: 0 });
    expect((await commit(up.body.id)).body.status).toBe('committed');

    const signed = await leaseOf('IMP-1');
    // 50.5 m² × 5,000.50 ₸ = 252,525.25 ₸: exact, never a float.
    expect(signed).toMatchObject({
      status: 'active',
      signed_on: '2026-03-01',
      area: '50.50',
      rate: '5000.50',
      monthly_total: '252525.25',
      service_rate: '800.00',
    });
    expect(signed.history.map((e) => [e.event, e.to_status, e.comment])).toEqual([['contract.imported', 'active', 'leases.xlsx']]);
    expect(await leaseOf('IMP-2')).toMatchObject({ status: 'draft', signed_on: null, monthly_total: '160000.00' });
    // The signed lease occupies its units: the property's units say so.
    const units = (await h.api(`/objects/${objectId}/rooms`, { token: t.landlord })).body as { number: string; occupancy: string }[];
    expect(units.filter((u) => ['L-1', 'L-2', 'L-3'].includes(u.number)).map((u) => [u.number, u.occupancy])).toEqual([
      ['L-1', 'leased'],
      ['L-2', 'leased'],
      ['L-3', 'vacant'],
    ]);

    // The same file again: nothing changes.
    const again = await uploadImport(h, t.landlord, 'leases', file, 'leases.xlsx', 'en');
    expect(again.body.counts).toEqual({ total: 2, new: 0, changed: 0, unchanged: 2, wrong: 0, skipped: 0 });
    expect((await commit(again.body.id)).body.status).toBe('committed');
    expect((await leaseOf('IMP-1')).history).toHaveLength(1);

    // The draft, now with its signing date and another rate: it keeps its id and is signed.
    const draftId = (await leaseOf('IMP-2')).id;
    const signing = await upload([['IMP-2', tenantBin, objectName, 'L-3', '02.03.2026', '2026-03-01', '2027-02-28', '4100', '', '', '', '']]);
    expect(signing.body.counts).toMatchObject({ changed: 1, wrong: 0 });
    expect((await commit(signing.body.id)).body.status).toBe('committed');
    const now = await leaseOf('IMP-2');
    expect(now).toMatchObject({ id: draftId, status: 'active', signed_on: '2026-03-02', monthly_total: '164000.00' });
    expect(now.history.map((e) => e.event)).toEqual(['contract.imported', 'contract.import_updated', 'contract.activate']);

    // A signed lease is not changed by a file.
    const changing = await upload([['IMP-1', tenantBin, objectName, 'L-1, L-2', '01.03.2026', '01.03.2026', '28.02.2027', '6000', 100000, 5, '5', 'first']]);
    expect(changing.body.errors).toEqual([
      { row: 2, column: null, column_name: null, message: 'A file does not change a signed lease: the row must match it, or change the lease on its page' },
    ]);
  });

  it('each wrong row says why: unknown tenant or unit, dates, money, a unit leased twice at once, in the register or in the file', async () => {
    const up = await upload([
      ['BAD-1', otherBin, objectName, 'L-4', '01.03.2026', '01.03.2026', '28.02.2027', '100', '', '', '', ''],
      ['BAD-2', tenantBin, objectName, 'L-4, NOPE', '01.03.2026', '01.03.2026', '28.02.2027', '100', '', '', '', ''],
      ['BAD-3', tenantBin, objectName, 'L-4', '', '01.03.2027', '28.02.2027', '0', '12.345', '40', '', ''],
      ['BAD-4', tenantBin, objectName, 'L-1', '01.06.2026', '01.06.2026', '31.12.2026', '100', '', '', '', ''],
      ['OK-5', tenantBin, objectName, 'L-5', '01.01.2026', '01.01.2026', '31.12.2026', '100', '', '', '', ''],
      ['BAD-6', tenantBin, objectName, 'l-5', '01.06.2026', '01.06.2026', '31.12.2027', '100', '', '', '', ''],
    ]);
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    expect(up.body.counts).toMatchObject({ total: 6, new: 1, wrong: 5 });
    expect(up.body.errors.map((e: { row: number; column: string; message: string }) => [e.row, e.column, e.message])).toEqual([
      [2, 'bin_iin', `No tenant of yours has BIN/IIN ${otherBin}`],
      [3, 'rooms', `Unit NOPE not found in property “${objectName}”`],
      [4, 'deposit', 'Amount: a number of 0 or more, at most two decimals'],
      [5, 'rooms', 'Unit #L-1 is already let under a signed lease for overlapping dates'],
      [7, 'rooms', 'Unit #L-5 is already let under a signed lease for overlapping dates'],
    ]);
    // Once the cells read, the form's own rules: the end before the start, a rate of zero, a payment day past 31.
    const rules = await upload([['BAD-3', tenantBin, objectName, 'L-4', '', '01.03.2027', '28.02.2027', '0', '', '40', '', '']], 'ru');
    expect(rules.body.errors.map((e: { column: string; message: string }) => [e.column, e.message])).toEqual([
      ['ends_on', 'Окончание не раньше начала'],
      ['rate', 'Введите сумму больше нуля'],
      ['payment_day', 'День оплаты — число от 1 до 31'],
    ]);
    // Nothing was written by a checked file with wrong rows.
    expect(
      await h.db
        .select()
        .from(contracts)
        .where(inArray(contracts.number, ['OK-5', 'BAD-1'])),
    ).toEqual([]);
  });

  it('an imported signed lease already past its end is expired at once; another landlord never sees it', async () => {
    const up = await upload([['OLD-1', tenantBin, objectName, 'L-4', '01.01.2024', '01.01.2024', '31.12.2024', '100', '', '', '', '']]);
    expect((await commit(up.body.id)).body.status).toBe('committed');
    const old = await leaseOf('OLD-1');
    expect(old.status).toBe('expired');
    expect((await h.api(`/contracts/${old.id}`, { token: t.landlord2 })).status).toBe(404);
    expect((await callImports(h, t.landlord2, `/imports/${up.body.id}`)).status).toBe(404);
  });

  it('who: an employee whose leases level allows creating; not at view; never a tenant', async () => {
    expect((await callImports(h, t.employee, '/import-templates/leases')).status).toBe(200);
    expect((await callImports(h, t.renter, '/import-templates/leases')).status).toBe(403);
    const [employee] = await h.db
      .select({ id: employees.id })
      .from(employees)
      .innerJoin(users, eq(users.id, employees.userId))
      .where(eq(users.username, 'employee'));
    const grant = and(eq(employeeAccess.employeeId, employee?.id ?? ''), eq(employeeAccess.module, 'contracts'));
    await h.db.update(employeeAccess).set({ level: 'view' }).where(grant);
    try {
      expect((await callImports(h, t.employee, '/import-templates/leases')).status).toBe(403);
      const file = await sheetOf([header]);
      expect((await uploadImport(h, t.employee, 'leases', file, 'leases.xlsx')).status).toBe(403);
    } finally {
      await h.db.update(employeeAccess).set({ level: 'creator' }).where(grant);
    }
  });
});
