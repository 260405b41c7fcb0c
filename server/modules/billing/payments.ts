import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { components } from '#/api/schema';
import { decimal, hundredths } from '#/shared/money';
import { type InvoiceStatus, nextInvoiceStatus } from '#machines/invoice';
import type { Db, Tx } from '../../db/client';
import { invoiceEvents, invoices, paymentAllocations, payments, renters } from '../../db/schema';
import { AppError, invalidField, notFound } from '../../http/errors';
import { cappedCount } from '../../http/pagination';
import { type Actor, actorOf } from '../../workflow/history';
import type { Viewer } from '../../workflow/viewer';
import { requireBilling } from './access';
import { paymentsReceived } from './notices';

type Input = components['schemas']['PaymentInput'];
const OPEN: InvoiceStatus[] = ['issued', 'partly_paid', 'overdue'];

type OpenInvoice = typeof invoices.$inferSelect;
const BATCH = 1000;
const chunks = <T>(all: T[]) => Array.from({ length: Math.ceil(all.length / BATCH) }, (_, i) => all.slice(i * BATCH, (i + 1) * BATCH));

/** The tenants' open invoices, oldest due first, locked until the commit: two payments at once never pay one invoice twice. */
async function openInvoicesOf(tx: Tx, landlordId: string, renterIds: string[]): Promise<Map<string, OpenInvoice[]>> {
  const byRenter = new Map<string, OpenInvoice[]>();
  for (const ids of chunks([...new Set(renterIds)])) {
    const open = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.landlordId, landlordId), inArray(invoices.renterId, ids), inArray(invoices.status, OPEN)))
      .orderBy(asc(invoices.dueOn), asc(invoices.seq))
      .for('update');
    for (const invoice of open) byRenter.set(invoice.renterId, [...(byRenter.get(invoice.renterId) ?? []), invoice]);
  }
  return byRenter;
}

type ToApply = { paymentId: string; renterId: string; amount: string; invoiceId: string | null };

/**
 * Payments applied, in the order given, in the caller's transaction: each to the invoice it names first,
 * then to its tenant's oldest open invoices by due day; each invoice paid in full becomes paid, else partly
 * paid (an overdue one stays overdue until paid in full), as machines/invoice.ts moves it, with its history.
 * The plan is made in memory over the locked invoices, then written a thousand rows a statement (a bank
 * statement's 10,000 lines are a few dozen round trips). Returns what each payment left: its tenant's credit.
 */
async function applyAll(tx: Tx, landlordId: string, list: ToApply[], by: Actor): Promise<bigint[]> {
  const byRenter = await openInvoicesOf(
    tx,
    landlordId,
    list.map((p) => p.renterId),
  );
  const now = new Date();
  const changed = new Map<string, { paid: bigint; status: InvoiceStatus; events: number }>();
  const events: (typeof invoiceEvents.$inferInsert)[] = [];
  const allocations: (typeof paymentAllocations.$inferInsert)[] = [];
  const lefts = list.map((p) => {
    const open = byRenter.get(p.renterId) ?? [];
    let left = hundredths(p.amount);
    for (const invoice of [...open.filter((i) => i.id === p.invoiceId), ...open.filter((i) => i.id !== p.invoiceId)]) {
      if (left === 0n) break;
      const state = changed.get(invoice.id) ?? { paid: hundredths(invoice.paid), status: invoice.status, events: 0 };
      const owed = hundredths(invoice.total) - state.paid;
      if (owed <= 0n) continue;
      // biome-ignore lint/complexity/useMathMinMax: tiyn are bigints, which Math.min does not take.
      const take = left < owed ? left : owed;
      const event = state.paid + take >= hundredths(invoice.total) ? 'invoice.pay' : 'invoice.pay_part';
      const status = nextInvoiceStatus(state.status, { paid: state.paid > 0n }, event, 'system');
      if (!status) continue;
      // An invoice paid by several payments at once: its history reads them in order, a millisecond apart.
      const at = new Date(now.getTime() + state.events);
      events.push({ invoiceId: invoice.id, actorUserId: by.userId, actorName: by.name, event, fromStatus: state.status, toStatus: status, createdAt: at });
      allocations.push({ paymentId: p.paymentId, invoiceId: invoice.id, amount: decimal(take) });
      changed.set(invoice.id, { paid: state.paid + take, status, events: state.events + 1 });
      left -= take;
    }
    return left;
  });
  for (const part of chunks([...changed])) {
    const values = sql.join(
      part.map(([id, s]) => sql`(${id}::uuid, ${decimal(s.paid)}::numeric, ${s.status}::invoice_status)`),
      sql`, `,
    );
    await tx.execute(
      sql`update ${invoices} set paid = v.paid, status = v.status, updated_at = ${now} from (values ${values}) as v(id, paid, status) where ${invoices.id} = v.id`,
    );
  }
  for (const part of chunks(events)) await tx.insert(invoiceEvents).values(part);
  // A credit applied again later (applyCredit) adds to what the payment gave an invoice before.
  for (const part of chunks(allocations)) {
    await tx
      .insert(paymentAllocations)
      .values(part)
      .onConflictDoUpdate({
        target: [paymentAllocations.paymentId, paymentAllocations.invoiceId],
        set: { amount: sql`${paymentAllocations.amount} + excluded.amount` },
      });
  }
  return lefts;
}

/** One payment applied (applyAll); returns what is left: the tenant's credit. */
export async function applyPayment(tx: Tx, landlordId: string, renterId: string, amount: string, named: string | null, by: Actor, paymentId: string) {
  const [left = 0n] = await applyAll(tx, landlordId, [{ paymentId, renterId, amount, invoiceId: named }], by);
  return decimal(left);
}

/** What payments left over (their `unapplied`, the tenant's credit), a thousand a statement. */
async function setUnapplied(tx: Tx, rows: { id: string; left: bigint }[]): Promise<void> {
  for (const part of chunks(rows)) {
    const values = sql.join(
      part.map((r) => sql`(${r.id}::uuid, ${decimal(r.left)}::numeric)`),
      sql`, `,
    );
    await tx.execute(sql`update ${payments} set unapplied = v.rest from (values ${values}) as v(id, rest) where ${payments.id} = v.id`);
  }
}

/**
 * Tenants' credit (what their payments left over) applied to what they now owe, oldest payment first, in
 * the caller's transaction: the run calls it for the tenants it has just invoiced.
 */
export async function applyCredit(tx: Tx, landlordId: string, renterIds: string[], by: Actor): Promise<void> {
  for (const ids of chunks(renterIds)) {
    const credits = await tx
      .select({ id: payments.id, renterId: payments.renterId, unapplied: payments.unapplied })
      .from(payments)
      .where(and(eq(payments.landlordId, landlordId), inArray(payments.renterId, ids), sql`${payments.unapplied} > 0`))
      .orderBy(asc(payments.receivedOn), asc(payments.createdAt))
      .for('update');
    if (credits.length === 0) continue;
    const lefts = await applyAll(
      tx,
      landlordId,
      credits.map((c) => ({ paymentId: c.id, renterId: c.renterId, amount: c.unapplied, invoiceId: null })),
      by,
    );
    await setUnapplied(
      tx,
      credits.map((c, i) => ({ id: c.id, left: lefts[i] ?? 0n })),
    );
  }
}

/** A payment recorded by staff (module `billing`, create): the tenant's, the invoice it names the tenant's. */
export async function recordPayment(db: Db, viewer: Viewer, input: Input): Promise<string> {
  return recordPaymentBy(db, requireBilling(viewer, 'create'), actorOf(viewer), input);
}

/**
 * A landlord's payment, whoever records it (staff, a provider's callback as the system): applied in one
 * transaction, and its tenant told what it paid and what is left. A provider's payment (`providerRef`) is
 * recorded once: the same one again answers the payment already recorded, changing nothing.
 */
export async function recordPaymentBy(db: Db, landlordId: string, by: Actor, input: Input & { providerRef?: string }): Promise<string> {
  if (hundredths(input.amount) <= 0n) throw invalidField('amount', (ll) => ll.contracts.errors.positive());
  const [renter] = await db
    .select({ id: renters.id })
    .from(renters)
    .where(and(eq(renters.id, input.renter_id), eq(renters.landlordId, landlordId)));
  if (!renter) throw invalidField('renter_id', (ll) => ll.errors.not_found());
  if (input.invoice_id) {
    const [named] = await db
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.id, input.invoice_id), eq(invoices.landlordId, landlordId), eq(invoices.renterId, renter.id)));
    if (!named) throw invalidField('invoice_id', (ll) => ll.errors.not_found());
  }
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(payments)
      .values({
        landlordId,
        renterId: renter.id,
        receivedOn: input.received_on,
        amount: decimal(hundredths(input.amount)),
        method: input.method,
        reference: input.reference?.trim() || null,
        invoiceId: input.invoice_id ?? null,
        providerRef: input.providerRef ?? null,
        createdBy: by.userId,
      })
      // Only the provider's reference is unique besides the id: a callback repeated, or two at once.
      .onConflictDoNothing()
      .returning({ id: payments.id });
    if (!row && input.providerRef) {
      const [known] = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.landlordId, landlordId), eq(payments.providerRef, input.providerRef)));
      if (known) return known.id;
    }
    if (!row) throw new AppError(500, 'internal');
    const left = await applyPayment(tx, landlordId, renter.id, input.amount, input.invoice_id ?? null, by, row.id);
    await tx.update(payments).set({ unapplied: left }).where(eq(payments.id, row.id));
    await paymentsReceived(tx, [row.id], by);
    return row.id;
  });
}

/** The payments in scope (a renter its own), newest first, with where each went. */
export async function listPayments(db: Db, scope: SQL | undefined, renterId: string | undefined, page: { limit: number; offset: number }) {
  const where = and(scope, renterId ? eq(payments.renterId, renterId) : undefined);
  const [data, total] = await Promise.all([paymentsWhere(db, where, page), cappedCount(db, payments, where)]);
  return { data, total };
}

/** The payments matching `where`, newest first, each with the invoices it paid. */
async function paymentsWhere(db: Db, where: SQL | undefined, page: { limit: number; offset: number }) {
  const rows = await db
    .select({ payment: payments, renterName: renters.legalName })
    .from(payments)
    .innerJoin(renters, eq(renters.id, payments.renterId))
    .where(where)
    .orderBy(desc(payments.receivedOn), desc(payments.createdAt), desc(payments.id))
    .limit(page.limit)
    .offset(page.offset);
  const ids = rows.map((r) => r.payment.id);
  const allocations = ids.length
    ? await db
        .select({
          paymentId: paymentAllocations.paymentId,
          invoiceId: paymentAllocations.invoiceId,
          number: invoices.number,
          amount: paymentAllocations.amount,
        })
        .from(paymentAllocations)
        .innerJoin(invoices, eq(invoices.id, paymentAllocations.invoiceId))
        .where(inArray(paymentAllocations.paymentId, ids))
        .orderBy(asc(invoices.dueOn))
    : [];
  return rows.map(({ payment: p, renterName }) => ({
    id: p.id,
    renter: { id: p.renterId, name: renterName },
    received_on: p.receivedOn,
    amount: p.amount,
    unapplied: p.unapplied,
    method: p.method,
    reference: p.reference,
    invoice_id: p.invoiceId,
    allocations: allocations.filter((a) => a.paymentId === p.id).map((a) => ({ invoice_id: a.invoiceId, number: a.number ?? '', amount: a.amount })),
    created_at: p.createdAt.toISOString(),
  }));
}

/** One payment as the list shows it, or 404 outside the scope. */
export async function paymentIn(db: Db, scope: SQL | undefined, id: string) {
  const [payment] = await paymentsWhere(db, and(scope, eq(payments.id, id)), { limit: 1, offset: 0 });
  if (!payment) throw notFound();
  return payment;
}

/** One of many payments recorded at once (a bank statement's lines); its tenant and named invoice checked by the caller. */
export type NewPayment = { renterId: string; amount: string; receivedOn: string; reference: string; invoiceId: string | null };

/**
 * Bank payments recorded and applied in the caller's transaction as sets (applyAll), in the order given, and
 * their tenants told in one statement. Returns the payments' ids in the order given.
 */
export async function recordPayments(tx: Tx, landlordId: string, list: NewPayment[], by: Actor): Promise<string[]> {
  if (list.length === 0) return [];
  const now = new Date();
  const rows = list.map((p) => ({
    id: randomUUID(),
    landlordId,
    renterId: p.renterId,
    receivedOn: p.receivedOn,
    amount: decimal(hundredths(p.amount)),
    method: 'bank' as const,
    reference: p.reference,
    invoiceId: p.invoiceId,
    createdBy: by.userId,
    createdAt: now,
  }));
  for (const part of chunks(rows)) await tx.insert(payments).values(part);
  const lefts = await applyAll(
    tx,
    landlordId,
    rows.map((r) => ({ paymentId: r.id, renterId: r.renterId, amount: r.amount, invoiceId: r.invoiceId })),
    by,
  );
  await setUnapplied(
    tx,
    rows.map((r, i) => ({ id: r.id, left: lefts[i] ?? 0n })).filter((r) => r.left > 0n),
  );
  const ids = rows.map((r) => r.id);
  // Each tenant is told of its payment as when staff record one.
  await paymentsReceived(tx, ids, by);
  return ids;
}
