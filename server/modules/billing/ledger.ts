import { and, asc, eq, gte, inArray, lt, lte, type SQL, sql } from 'drizzle-orm';
import { decimal, hundredths } from '#/shared/money';
import type { Db } from '../../db/client';
import { invoices, payments, renters } from '../../db/schema';
import { notFound } from '../../http/errors';

const BILLED = ['issued', 'partly_paid', 'paid', 'overdue'] as const;
const MAX_ENTRIES = 1000;

/**
 * A tenant's account between two days (either open): its invoices when issued (what it owes) and its
 * payments when received (what it paid), oldest first, each with the running balance; the balance before
 * `from` opens it. A positive balance is owed by the tenant, a negative one its credit. Void invoices and
 * drafts are not on it.
 */
export async function ledgerOf(db: Db, landlordScope: SQL | undefined, renterId: string, from?: string, to?: string) {
  const [renter] = await db
    .select({ id: renters.id, name: renters.legalName, landlordId: renters.landlordId })
    .from(renters)
    .where(and(landlordScope, eq(renters.id, renterId)));
  if (!renter) throw notFound();
  const billed = and(eq(invoices.renterId, renter.id), inArray(invoices.status, [...BILLED]));
  const paidBy = eq(payments.renterId, renter.id);
  const sumOf = (column: typeof invoices.total | typeof payments.amount) => sql<string>`coalesce(sum(${column}), 0)::numeric(16,2)::text`;
  const [billedRows, paidRows, [owedBefore], [paidBefore]] = await Promise.all([
    db
      .select({ id: invoices.id, on: invoices.issuedOn, number: invoices.number, amount: invoices.total })
      .from(invoices)
      .where(and(billed, from ? gte(invoices.issuedOn, from) : undefined, to ? lte(invoices.issuedOn, to) : undefined))
      .orderBy(asc(invoices.issuedOn), asc(invoices.seq))
      .limit(MAX_ENTRIES),
    db
      .select({ id: payments.id, on: payments.receivedOn, reference: payments.reference, amount: payments.amount, method: payments.method })
      .from(payments)
      .where(and(paidBy, from ? gte(payments.receivedOn, from) : undefined, to ? lte(payments.receivedOn, to) : undefined))
      .orderBy(asc(payments.receivedOn), asc(payments.createdAt))
      .limit(MAX_ENTRIES),
    from
      ? db
          .select({ n: sumOf(invoices.total) })
          .from(invoices)
          .where(and(billed, lt(invoices.issuedOn, from)))
      : [{ n: '0' }],
    from
      ? db
          .select({ n: sumOf(payments.amount) })
          .from(payments)
          .where(and(paidBy, lt(payments.receivedOn, from)))
      : [{ n: '0' }],
  ]);
  const opening = hundredths(owedBefore?.n ?? '0') - hundredths(paidBefore?.n ?? '0');
  const lines = [
    ...billedRows.map((i) => ({ date: i.on ?? '', kind: 'invoice' as const, id: i.id, label: i.number ?? '', debit: i.amount, credit: '0.00' })),
    // A credit note is recorded as a payment of its own method (its reference is its number): named as such.
    ...paidRows.map((p) => ({
      date: p.on,
      kind: p.method === 'credit_note' ? ('credit_note' as const) : ('payment' as const),
      id: p.id,
      label: p.reference ?? '',
      debit: '0.00',
      credit: p.amount,
    })),
  ].sort((a, b) => a.date.localeCompare(b.date) || (a.kind === 'invoice' ? 0 : 1) - (b.kind === 'invoice' ? 0 : 1));
  let balance = opening;
  const entries = lines.map((l) => {
    balance += hundredths(l.debit) - hundredths(l.credit);
    return { ...l, balance: decimal(balance) };
  });
  return { renter: { id: renter.id, name: renter.name }, opening: decimal(opening), entries, closing: decimal(balance) };
}
