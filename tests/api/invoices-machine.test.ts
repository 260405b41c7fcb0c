import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { decimal, hundredths } from '#/shared/money';
import {
  type InvoiceActor,
  type InvoiceContext,
  type InvoiceEventType,
  type InvoiceStatus,
  invoiceEventTypes,
  invoiceMachine,
  nextInvoiceStatus,
} from '#machines/invoice';
import { charges, invoices, users } from '#server/db/schema';
import { runBillingJob } from '#server/modules/billing/job';
import { describeEachDatabase } from '../support/api-harness';
import { coverMachine, expectFullCoverage } from '../support/machine-paths';

const actors = ['staff', 'system'] as const;
const events = actors.flatMap((by) => invoiceEventTypes.map((type) => ({ type, by })));
const covered = coverMachine('invoice', invoiceMachine, { events });

type Detail = { status: InvoiceStatus; total: string; paid: string; history: unknown[]; renter: { id: string } };

/**
 * The invoice's lifecycle through the live API, every path the machine has: staff issue and void on the
 * invoice; the system's events happen the way they do in the product — a payment of part of what is owed,
 * a payment of the rest, the billing job after the due day has passed.
 */
describeEachDatabase('invoice lifecycle through the API, generated from machines/invoice.ts', (h) => {
  const t = { landlord: '', renter: '' };
  let renterId = '';
  let landlordId = '';
  const read = async (id: string) => {
    const res = await h.api(`/invoices/${id}`, { token: t.landlord });
    expect(res.status).toBe(200);
    return res.body as Detail;
  };
  const contextOf = (d: Detail): InvoiceContext => ({ paid: hundredths(d.paid) > 0n });
  const transition = (id: string, type: InvoiceEventType) =>
    h.api(`/invoices/${id}/transitions`, { token: t.landlord, body: { event: type, ...(type === 'invoice.void' && { comment: 'Ошибка в счёте' }) } });
  const pay = (id: string, amount: string) =>
    h.api('/payments', { token: t.landlord, body: { renter_id: renterId, invoice_id: id, received_on: '2026-11-20', amount, method: 'bank' } });

  /** The event as the product makes it happen: staff through the transitions, the system through payments and the job. */
  async function send(id: string, type: InvoiceEventType, by: InvoiceActor, before: Detail) {
    if (by === 'staff') return (await transition(id, type)).status;
    const owed = hundredths(before.total) - hundredths(before.paid);
    if (type === 'invoice.pay_part') return (await pay(id, '100.00')).status;
    if (type === 'invoice.pay') return (await pay(id, decimal(owed))).status;
    await h.db.update(invoices).set({ dueOn: '2020-01-10' }).where(eq(invoices.id, id));
    await runBillingJob(h.db);
    return 200;
  }

  /** Every staff event the machine refuses from here: 403 for what is the system's to send, else 409; nothing changes. */
  async function probeRefusals(id: string) {
    const before = await read(id);
    let probed = 0;
    for (const type of invoiceEventTypes) {
      if (nextInvoiceStatus(before.status, contextOf(before), type, 'staff')) continue;
      const res = await transition(id, type);
      const code = nextInvoiceStatus(before.status, contextOf(before), type, 'system') ? 403 : 409;
      expect({ status: before.status, type, code: res.status }).toEqual({ status: before.status, type, code });
      probed++;
    }
    const after = await read(id);
    expect({ status: after.status, history: after.history.length }).toEqual({ status: before.status, history: before.history.length });
    return probed;
  }

  beforeAll(async () => {
    t.landlord = await h.login('landlord');
    t.renter = await h.login('renter');
    renterId = (await h.api('/renters/me', { token: t.renter })).body.id;
    const [landlord] = await h.db.select({ id: users.landlordId }).from(users).where(eq(users.username, 'landlord'));
    landlordId = landlord?.id as string;
  });

  it('the generated paths cover every state and transition of the machine', () => {
    expectFullCoverage(covered);
    expect(covered.paths.length).toBeGreaterThan(4);
  });

  it('takes every path as the product makes each event happen, and refuses every other staff event from every state reached', async () => {
    const probed = new Set<InvoiceStatus>();
    let refusals = 0;
    let steps = 0;
    for (const [n, path] of covered.paths.entries()) {
      // A draft, as a run would hold one before issuing it: one line of 1,000 ₸.
      const [draft] = await h.db
        .insert(invoices)
        .values({ landlordId, renterId, period: '2026-10-01', dueOn: '2030-01-10', subtotal: '1000.00', total: '1000.00' })
        .returning({ id: invoices.id });
      const id = draft?.id as string;
      await h.db
        .insert(charges)
        .values({ landlordId, renterId, period: '2026-10-01', kind: 'one_off', description: `Путь ${n}`, amount: '1000.00', invoiceId: id });
      let current = await read(id);
      expect(current.status).toBe('draft');
      for (const sample of path.events) {
        const type = sample.type as InvoiceEventType;
        const by = sample.by as InvoiceActor;
        if (!probed.has(current.status)) {
          refusals += await probeRefusals(id);
          probed.add(current.status);
        }
        const expected = nextInvoiceStatus(current.status, contextOf(current), type, by);
        // Only staff issue and void: the system's issue or void has no way to be sent.
        if (!expected && by === 'system' && (type === 'invoice.issue' || type === 'invoice.void')) continue;
        const code = await send(id, type, by, current);
        const after = await read(id);
        if (expected) {
          expect({ path: path.description, type, by, code }).toEqual({
            path: path.description,
            type,
            by,
            code: by === 'system' && type !== 'invoice.overdue' ? 201 : 200,
          });
          expect({ path: path.description, type, status: after.status }).toEqual({ path: path.description, type, status: expected });
          expect(after.history.length).toBe(current.history.length + 1);
          steps++;
        } else {
          // Refused: a person's event is answered so; a payment naming it goes elsewhere, the job passes it by.
          if (by === 'staff') expect(code).toBe(nextInvoiceStatus(current.status, contextOf(current), type, 'system') ? 403 : 409);
          expect({ type, by, status: after.status, history: after.history.length }).toEqual({
            type,
            by,
            status: current.status,
            history: current.history.length,
          });
        }
        current = after;
      }
      expect(current.status).toBe(path.state.value);
      if (!probed.has(current.status)) {
        refusals += await probeRefusals(id);
        probed.add(current.status);
      }
    }
    expect([...probed].sort()).toEqual(['draft', 'issued', 'overdue', 'paid', 'partly_paid', 'void']);
    expect(steps).toBeGreaterThanOrEqual(covered.paths.length);
    expect(refusals).toBeGreaterThan(10);
  });
});
