import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { addDays } from '#/shared/days';
import { decimal, hundredths } from '#/shared/money';
import { invoices, notifications, renters } from '#server/db/schema';
import { runBillingJob } from '#server/modules/billing/job';
import { describeEachDatabase } from '../support/api-harness';
import { signedLease } from '../support/billing';

type Invoice = { id: string; number: string; status: string; total: string; paid: string; due_on: string };

describeEachDatabase('billing: tenants told of invoices, payments and reminders', (h) => {
  const t = { landlord: '', renter: '', landlord2: '' };
  let renterId = '';
  let renterUser = '';
  const invoiceOf = async (period: string) =>
    ((await h.api(`/invoices?period=${period}&renter_id=${renterId}`, { token: t.landlord })).body.data as Invoice[])[0] as Invoice;
  /** The tenant's notifications of a kind (about one record, when named), oldest first. */
  const told = (kind: string, subjectId?: string) =>
    h.db
      .select({ params: notifications.params, subjectType: notifications.subjectType, subjectId: notifications.subjectId })
      .from(notifications)
      .where(and(eq(notifications.userId, renterUser), eq(notifications.kind, kind), subjectId ? eq(notifications.subjectId, subjectId) : undefined))
      .orderBy(notifications.id);
  const landlordOf = async () => (await h.db.select({ landlordId: renters.landlordId }).from(renters).where(eq(renters.id, renterId)))[0]?.landlordId;
  const reminders = async (invoiceId: string) => (await told('invoice.reminder', invoiceId)).map((n) => n.params.days);

  beforeAll(async () => {
    for (const name of Object.keys(t) as Array<keyof typeof t>) t[name] = await h.login(name);
    renterId = (await h.api('/renters/me', { token: t.renter })).body.id;
    const [r] = await h.db.select({ userId: renters.userId }).from(renters).where(eq(renters.id, renterId));
    renterUser = r?.userId ?? '';
    // 10 m² at 10,000: 100,000 a month, on top of the demo tenant's own leases.
    await signedLease(h, t.landlord, { number: 'N-1', renterId, areas: [10], rate: '10000', startsOn: '2027-01-01', endsOn: '2027-12-31', paymentDay: 10 });
  });

  it('a run tells the tenant of its invoice once: number, total, due day; the inbox reads it', async () => {
    expect((await h.api('/billing/runs', { token: t.landlord, body: { period: '2027-01-01' } })).status).toBe(200);
    const january = await invoiceOf('2027-01-01');
    expect(await told('invoice.issued', january.id)).toEqual([
      { params: { number: january.number, total: january.total, due_on: january.due_on }, subjectType: 'invoice', subjectId: january.id },
    ]);
    // The month again bills nothing new and tells nothing new.
    await h.api('/billing/runs', { token: t.landlord, body: { period: '2027-01-01' } });
    expect(await told('invoice.issued', january.id)).toHaveLength(1);
    const inbox = (await h.api('/notifications/inbox?limit=100', { token: t.renter })).body.data as { kind: string; subject: { type: string; id: string } }[];
    expect(inbox.find((n) => n.kind === 'invoice.issued')?.subject).toEqual({ type: 'invoice', id: january.id });
    // The tenant alone is told of it (staff are not).
    const staff = await h.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.kind, 'invoice.issued'), eq(notifications.subjectId, january.id)));
    expect(staff).toHaveLength(1);
  });

  it('an invoice issued by hand tells its tenant too', async () => {
    const [draft] = await h.db
      .insert(invoices)
      .values({
        landlordId: (await landlordOf()) as string,
        renterId,
        period: '2026-12-01',
        dueOn: '2027-01-20',
        status: 'draft',
        subtotal: '500.00',
        total: '500.00',
      })
      .returning({ id: invoices.id });
    const id = draft?.id as string;
    expect(await told('invoice.issued', id)).toEqual([]);
    const issued = await h.api(`/invoices/${id}/transitions`, { token: t.landlord, body: { event: 'invoice.issue' } });
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    expect(await told('invoice.issued', id)).toEqual([
      { params: { number: issued.body.number, total: '500.00', due_on: '2027-01-20' }, subjectType: 'invoice', subjectId: id },
    ]);
    // Voided again, so the later figures count the lease's invoices only.
    await h.db.update(invoices).set({ status: 'void' }).where(eq(invoices.id, id));
  });

  it('a payment tells the tenant what it paid, which invoice, and what is left or its credit', async () => {
    const january = await invoiceOf('2027-01-01');
    const part = await h.api('/payments', {
      token: t.landlord,
      body: { renter_id: renterId, received_on: '2027-01-05', amount: '40000', method: 'bank', invoice_id: january.id },
    });
    expect(part.status).toBe(201);
    const rest = decimal(hundredths(january.total) - 4_000_000n);
    expect(await told('payment.received')).toEqual([
      { params: { amount: '40000.00', invoices: january.number, balance: rest }, subjectType: 'invoice', subjectId: january.id },
    ]);
    // Paid in full and 500 over: nothing owed, 500 of credit, which leads to the payment.
    const over = await h.api('/payments', {
      token: t.landlord,
      body: { renter_id: renterId, received_on: '2027-01-06', amount: decimal(hundredths(rest) + 50_000n), method: 'cash' },
    });
    expect((await told('payment.received')).at(-1)).toEqual({
      params: { amount: over.body.amount, invoices: january.number, balance: '-500.00' },
      subjectType: 'invoice',
      subjectId: january.id,
    });
    const credit = await h.api('/payments', { token: t.landlord, body: { renter_id: renterId, received_on: '2027-01-07', amount: '100', method: 'cash' } });
    expect((await told('payment.received')).at(-1)).toEqual({
      params: { amount: '100.00', invoices: '', balance: '-600.00' },
      subjectType: 'payment',
      subjectId: credit.body.id,
    });
  });

  it('reminders: each reminder day once, only the latest one due, none for a paid invoice, two jobs at once send once', async () => {
    // February is open: the credit of 600 paid part of it.
    expect((await h.api('/billing/runs', { token: t.landlord, body: { period: '2027-02-01' } })).status).toBe(200);
    const february = await invoiceOf('2027-02-01');
    const day = (n: number) => addDays(february.due_on, n);
    const january = await invoiceOf('2027-01-01');
    expect(january.status).toBe('paid');
    await runBillingJob(h.db, day(-4));
    expect(await reminders(february.id)).toEqual([]);
    await Promise.all([runBillingJob(h.db, day(-3)), runBillingJob(h.db, day(-3))]);
    expect(await reminders(february.id)).toEqual([-3]);
    const [before] = await told('invoice.reminder', february.id);
    expect(before?.params).toEqual({
      number: february.number,
      owed: decimal(hundredths(february.total) - hundredths(february.paid)),
      due_on: february.due_on,
      days: -3,
    });
    await runBillingJob(h.db, day(-1));
    expect(await reminders(february.id)).toEqual([-3]);
    await runBillingJob(h.db, day(0));
    // 40 days late at the next run: the 30-day reminder alone, not the 7-day one; never again after it.
    await runBillingJob(h.db, day(40));
    await runBillingJob(h.db, day(41));
    expect(await reminders(february.id)).toEqual([-3, 0, 30]);
    // A paid invoice is never reminded.
    expect(await reminders(january.id)).toEqual([]);
  });

  it("reminders follow the landlord's settings: only its chosen days", async () => {
    const settings = (await h.api('/billing/settings', { token: t.landlord })).body;
    expect(settings.reminders).toEqual([-3, 0, 7, 30]);
    const saved = await h.api('/billing/settings', { token: t.landlord, method: 'PUT', body: { ...settings, reminders: [7, 0] } });
    expect(saved.body.reminders).toEqual([0, 7]);
    expect((await h.api('/billing/settings', { token: t.landlord, method: 'PUT', body: { ...settings, reminders: [5] } })).status).toBe(400);
    // Saved without reminders (an older form): the days stay.
    const { reminders: _, ...withoutReminders } = settings;
    expect((await h.api('/billing/settings', { token: t.landlord, method: 'PUT', body: withoutReminders })).body.reminders).toEqual([0, 7]);
    await h.api('/billing/runs', { token: t.landlord, body: { period: '2027-03-01' } });
    const march = await invoiceOf('2027-03-01');
    await runBillingJob(h.db, addDays(march.due_on, -3));
    expect(await reminders(march.id)).toEqual([]);
    await runBillingJob(h.db, addDays(march.due_on, 8));
    expect(await reminders(march.id)).toEqual([7]);
  });
});
