import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { hundredths, sum } from '#/shared/money';
import { employeeAccess, employees, invoices, users } from '#server/db/schema';
import { runBillingJob } from '#server/modules/billing/job';
import { describeEachDatabase } from '../support/api-harness';
import { signedLease } from '../support/billing';

type Line = { number: string; amount: string; vat: string; days: number | null; posted: boolean };
type Invoice = { id: string; number: string; status: string; subtotal: string; vat: string; total: string; due_on: string; renter: { id: string } };

describeEachDatabase('billing: the month run and invoices', (h) => {
  const t = { landlord: '', employee: '', renter: '', landlord2: '' };
  let renterId = '';

  const preview = async (period: string) =>
    (await h.api(`/billing/preview?period=${period}`, { token: t.landlord })).body as { lines: Line[]; totals: { count: number } };
  const mine = (lines: Line[]) => lines.filter((l) => l.number.startsWith('B-')).sort((a, b) => a.number.localeCompare(b.number));

  beforeAll(async () => {
    for (const name of Object.keys(t) as Array<keyof typeof t>) t[name] = await h.login(name);
    renterId = (await h.api('/renters/me', { token: t.renter })).body.id;
    await signedLease(h, t.landlord, { number: 'B-1', renterId, areas: [20, 30], rate: '5000', startsOn: '2026-01-01', endsOn: '2026-12-31', paymentDay: 5 });
    await signedLease(h, t.landlord, { number: 'B-2', renterId, areas: [10], rate: '4000', startsOn: '2026-11-16', endsOn: '2027-11-15' });
    const saved = await h.api('/billing/settings', {
      token: t.landlord,
      method: 'PUT',
      body: { auto_run: false, run_day: 1, due_day: 10, vat_payer: true, vat_rate: '12' },
    });
    // The requisites are kept as they were when not sent: the demo landlord's BIN, the bank's left empty.
    expect(saved.body).toEqual({
      auto_run: false,
      run_day: 1,
      due_day: 10,
      vat_payer: true,
      vat_rate: '12.00',
      reminders: [-3, 0, 7, 30],
      bin: '060440001230',
      bank: '',
      iik: '',
      bik: '',
      kbe: '',
      knp: '',
    });
  });

  it('previews, runs and issues the month: rent a share of the month for a lease starting in it, VAT on top, once however often it runs', async () => {
    const before = await preview('2026-11-20');
    expect(mine(before.lines)).toEqual([
      expect.objectContaining({ number: 'B-1', amount: '250000.00', vat: '30000.00', days: null, posted: false }),
      // 16–30 November: 15 of 30 days of 40,000.
      expect.objectContaining({ number: 'B-2', amount: '20000.00', vat: '2400.00', days: 15, posted: false }),
    ]);
    const run = await h.api('/billing/runs', { token: t.landlord, body: { period: '2026-11-20' } });
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    expect(run.body).toMatchObject({ period: '2026-11-01', charges: before.totals.count });
    expect(run.body.charges).toBeGreaterThanOrEqual(2);

    const list = (await h.api(`/invoices?period=2026-11-01&renter_id=${renterId}`, { token: t.landlord })).body.data as Invoice[];
    expect(list).toHaveLength(1);
    const invoice = (await h.api(`/invoices/${list[0]?.id}`, { token: t.landlord })).body;
    expect(invoice).toMatchObject({ status: 'issued', number: expect.stringMatching(/^\d{4}-\d{4}$/), actions: ['invoice.void'] });
    // The earliest payment day of its leases (B-1: the 5th).
    expect(invoice.due_on).toBe('2026-11-05');
    const lines = invoice.lines as { amount: string; vat: string; contract: { number: string } | null; kind: string }[];
    expect(lines.filter((l) => l.contract?.number.startsWith('B-')).map((l) => [l.contract?.number, l.kind, l.amount, l.vat])).toEqual([
      ['B-1', 'rent', '250000.00', '30000.00'],
      ['B-2', 'rent', '20000.00', '2400.00'],
    ]);
    expect(invoice.subtotal).toBe(sum(lines.map((l) => l.amount)));
    expect(invoice.vat).toBe(sum(lines.map((l) => l.vat)));
    expect(hundredths(invoice.total)).toBe(hundredths(invoice.subtotal) + hundredths(invoice.vat));
    expect(invoice.history.map((e: { event: string; to_status: string }) => [e.event, e.to_status])).toEqual([['invoice.created', 'issued']]);

    // Again, twice at once: nothing more is posted or issued.
    const again = await Promise.all([1, 2].map(() => h.api('/billing/runs', { token: t.landlord, body: { period: '2026-11-01' } })));
    expect(again.map((r) => [r.status, r.body.charges, r.body.invoices])).toEqual([
      [200, 0, 0],
      [200, 0, 0],
    ]);
    expect((await preview('2026-11-01')).totals.count).toBe(0);
    expect(mine((await preview('2026-11-01')).lines).map((l) => l.posted)).toEqual([true, true]);
  });

  it('two runs of a new month at once on two connections post each rent once; numbers have no gaps', async () => {
    const both = await Promise.all([1, 2].map(() => h.api('/billing/runs', { token: t.landlord, body: { period: '2026-12-01' } })));
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    const posted = both.map((r) => r.body.charges as number).sort((a, b) => a - b);
    expect(posted[0]).toBe(0);
    const december = (await h.api('/invoices?period=2026-12-01&limit=100', { token: t.landlord })).body.data as Invoice[];
    expect(new Set(december.map((i) => i.renter.id)).size).toBe(december.length);
    const all = await h.db.select({ seq: invoices.seq, year: invoices.year }).from(invoices);
    const seqs = all.filter((i) => i.year === 2026).map((i) => i.seq as number);
    expect(seqs.sort((a, b) => a - b)).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
  });

  it('void needs a reason and no payment; the job marks unpaid invoices past their due day overdue', async () => {
    const [invoice] = (await h.api('/invoices?period=2026-12-01&status=issued', { token: t.landlord })).body.data as Invoice[];
    const id = invoice?.id as string;
    // Payments are the system's: a person asking is refused.
    expect((await h.api(`/invoices/${id}/transitions`, { token: t.landlord, body: { event: 'invoice.pay' } })).status).toBe(403);
    const bare = await h.api(`/invoices/${id}/transitions`, { token: t.landlord, body: { event: 'invoice.void' }, lang: 'en' });
    expect(bare.status).toBe(400);
    const voided = await h.api(`/invoices/${id}/transitions`, { token: t.landlord, body: { event: 'invoice.void', comment: 'Ошибка в площади' } });
    expect(voided.body).toMatchObject({ status: 'void', void_reason: 'Ошибка в площади', actions: [] });
    expect((await h.api(`/invoices/${id}/transitions`, { token: t.landlord, body: { event: 'invoice.void', comment: 'ещё раз' } })).status).toBe(409);

    const [open] = (await h.api('/invoices?period=2026-11-01&status=issued', { token: t.landlord })).body.data as Invoice[];
    await h.db
      .update(invoices)
      .set({ dueOn: '2020-01-10' })
      .where(eq(invoices.id, open?.id as string));
    const job = await runBillingJob(h.db);
    expect(job.overdue).toBeGreaterThanOrEqual(1);
    const late = (await h.api(`/invoices/${open?.id}`, { token: t.landlord })).body;
    expect(late.status).toBe('overdue');
    expect(late.history.at(-1)).toMatchObject({ event: 'invoice.overdue', from_status: 'issued', to_status: 'overdue' });
    expect((await runBillingJob(h.db)).overdue).toBe(0);
  });

  it('the job bills the month of a landlord who turned billing on, once', async () => {
    await h.api('/billing/settings', {
      token: t.landlord2,
      method: 'PUT',
      body: { auto_run: true, run_day: 1, due_day: 10, vat_payer: false, vat_rate: '12' },
    });
    const first = await runBillingJob(h.db);
    expect(first.billed).toBe(1);
    expect((await runBillingJob(h.db)).billed).toBe(0);
    const theirs = (await h.api('/invoices', { token: t.landlord2 })).body.data as Invoice[];
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.every((i) => i.vat === '0.00')).toBe(true);
  });

  it("who: a tenant reads only its own invoices; another landlord's is not found; an employee by its billing level", async () => {
    const ownList = (await h.api('/invoices', { token: t.renter })).body.data as Invoice[];
    expect(ownList.length).toBeGreaterThan(0);
    expect(ownList.every((i) => i.renter.id === renterId)).toBe(true);
    const open = ownList.find((i) => i.status !== 'void');
    const own = (await h.api(`/invoices/${open?.id}`, { token: t.renter })).body;
    expect(own.actions).toEqual([]);
    expect((await h.api(`/invoices/${open?.id}/transitions`, { token: t.renter, body: { event: 'invoice.void', comment: 'x' } })).status).toBe(403);
    expect((await h.api('/billing/preview?period=2026-11-01', { token: t.renter })).status).toBe(403);
    expect((await h.api('/billing/runs', { token: t.renter, body: { period: '2026-11-01' } })).status).toBe(403);
    expect((await h.api(`/invoices/${ownList[0]?.id}`, { token: t.landlord2 })).status).toBe(404);
    expect(
      (
        await h.api('/billing/settings', {
          token: t.employee,
          method: 'PUT',
          body: { auto_run: true, run_day: 1, due_day: 10, vat_payer: false, vat_rate: '12' },
        })
      ).status,
    ).toBe(403);

    const [employee] = await h.db
      .select({ id: employees.id })
      .from(employees)
      .innerJoin(users, eq(users.id, employees.userId))
      .where(eq(users.username, 'employee'));
    const grant = eq(employeeAccess.employeeId, employee?.id ?? '');
    const level = async (value: 'none' | 'view' | 'creator') => {
      await h.db.delete(employeeAccess).where(and(grant, eq(employeeAccess.module, 'billing')));
      await h.db.insert(employeeAccess).values({ employeeId: employee?.id ?? '', module: 'billing', level: value });
    };
    await level('view');
    expect((await h.api('/invoices', { token: t.employee })).status).toBe(200);
    expect((await h.api('/billing/runs', { token: t.employee, body: { period: '2026-11-01' } })).status).toBe(403);
    await level('none');
    expect((await h.api('/invoices', { token: t.employee })).status).toBe(403);
    await level('creator');
    expect((await h.api('/billing/runs', { token: t.employee, body: { period: '2026-11-01' } })).status).toBe(200);
  });
});
