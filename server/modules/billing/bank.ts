import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { components } from '#/api/schema';
import type { Db } from '../../db/client';
import { bankLines, invoices, renters } from '../../db/schema';
import { AppError, invalidField, notFound } from '../../http/errors';
import { cappedCount } from '../../http/pagination';
import { actorOf } from '../../workflow/history';
import type { Viewer } from '../../workflow/viewer';
import { requireBilling } from './access';
import { recordPayments } from './payments';

type Status = components['schemas']['BankLineStatus'];
type Allocation = { renter_id: string; invoice_id?: string | null };

/**
 * A bank statement's lines (imports/entities/bank-statement.ts), and the queue of those no tenant was found
 * for: a person allocates each to a tenant (it becomes that tenant's payment) or sets it aside.
 */
const columns = {
  id: bankLines.id,
  docNumber: bankLines.docNumber,
  docDate: bankLines.docDate,
  amount: bankLines.amount,
  payerBin: bankLines.payerBin,
  payerName: bankLines.payerName,
  purpose: bankLines.purpose,
  status: bankLines.status,
  renterId: bankLines.renterId,
  renterName: renters.legalName,
  paymentId: bankLines.paymentId,
};
const linesWhere = (db: Db, where: SQL | undefined) =>
  db.select(columns).from(bankLines).leftJoin(renters, eq(renters.id, bankLines.renterId)).where(where).$dynamic();
type Row = Awaited<ReturnType<typeof linesWhere>>[number];

const toDto = (r: Row) => ({
  id: r.id,
  doc_number: r.docNumber,
  doc_date: r.docDate,
  amount: r.amount,
  payer_bin: r.payerBin,
  payer_name: r.payerName,
  purpose: r.purpose,
  status: r.status,
  renter: r.renterId ? { id: r.renterId, name: r.renterName ?? '' } : null,
  payment_id: r.paymentId,
});

/** The landlord's lines of a status, oldest first (the queue's index order). */
export async function listBankLines(db: Db, viewer: Viewer, status: Status, page: { limit: number; offset: number }) {
  const landlordId = requireBilling(viewer, 'read');
  const where = and(eq(bankLines.landlordId, landlordId), eq(bankLines.status, status));
  const [rows, total] = await Promise.all([
    linesWhere(db, where).orderBy(asc(bankLines.docDate), asc(bankLines.id)).limit(page.limit).offset(page.offset),
    cappedCount(db, bankLines, where),
  ]);
  return { data: rows.map(toDto), total };
}

async function lineOf(db: Db, landlordId: string, id: string) {
  const [row] = await linesWhere(db, and(eq(bankLines.id, id), eq(bankLines.landlordId, landlordId)));
  if (!row) throw notFound();
  return toDto(row);
}

/** A waiting line of the caller's landlord, locked; another landlord's is not found, a resolved one 409. */
async function waiting(tx: Parameters<Parameters<Db['transaction']>[0]>[0], landlordId: string, id: string) {
  const [line] = await tx
    .select()
    .from(bankLines)
    .where(and(eq(bankLines.id, id), eq(bankLines.landlordId, landlordId)))
    .for('update');
  if (!line) throw notFound();
  if (line.status !== 'unmatched') throw new AppError(409, 'invalid_state');
  return line;
}

/** A waiting line becomes the tenant's payment, applied as a matched line's is; the line is allocated. */
export async function allocateBankLine(db: Db, viewer: Viewer, id: string, body: Allocation) {
  const landlordId = requireBilling(viewer, 'create');
  await db.transaction(async (tx) => {
    const line = await waiting(tx, landlordId, id);
    const [renter] = await tx
      .select({ id: renters.id })
      .from(renters)
      .where(and(eq(renters.id, body.renter_id), eq(renters.landlordId, landlordId)));
    if (!renter) throw invalidField('renter_id', (ll) => ll.errors.not_found());
    if (body.invoice_id) {
      const [named] = await tx
        .select({ id: invoices.id })
        .from(invoices)
        .where(and(eq(invoices.id, body.invoice_id), eq(invoices.landlordId, landlordId), eq(invoices.renterId, renter.id)));
      if (!named) throw invalidField('invoice_id', (ll) => ll.errors.not_found());
    }
    const [paymentId] = await recordPayments(
      tx,
      landlordId,
      [{ renterId: renter.id, amount: line.amount, receivedOn: line.docDate, reference: `п/п ${line.docNumber}`, invoiceId: body.invoice_id ?? null }],
      actorOf(viewer),
    );
    await tx.update(bankLines).set({ status: 'allocated', renterId: renter.id, paymentId, resolvedBy: viewer.user.id }).where(eq(bankLines.id, line.id));
  });
  return lineOf(db, landlordId, id);
}

/** A waiting line that is no tenant's payment leaves the queue. */
export async function ignoreBankLine(db: Db, viewer: Viewer, id: string) {
  const landlordId = requireBilling(viewer, 'create');
  await db.transaction(async (tx) => {
    const line = await waiting(tx, landlordId, id);
    await tx.update(bankLines).set({ status: 'ignored', resolvedBy: viewer.user.id }).where(eq(bankLines.id, line.id));
  });
  return lineOf(db, landlordId, id);
}
