import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { components } from '#/api/schema';
import { almatyToday } from '#/shared/almaty';
import { monthOf } from '#/shared/days';
import { decimal, hundredths, percentOf } from '#/shared/money';
import type { Db, Tx } from '../../db/client';
import { charges, contracts, renters, violations } from '../../db/schema';
import { AppError, invalidField, notFound } from '../../http/errors';
import type { Actor } from '../../workflow/history';
import type { Viewer } from '../../workflow/viewer';
import { requireBilling } from './access';
import { type Settings, settingsOf } from './run';

type Input = components['schemas']['ChargeInput'];
const MAX_LISTED = 500;

/** VAT on a net amount when the landlord pays it; a negative amount (a discount) takes back its share. */
function vatOn(amount: string, settings: Pick<Settings, 'vatPayer' | 'vatRate'>): string {
  if (!settings.vatPayer) return '0.00';
  const cents = hundredths(amount);
  if (cents >= 0n) return percentOf(amount, settings.vatRate);
  return decimal(-hundredths(percentOf(decimal(-cents), settings.vatRate)));
}

/** Staff of billing who may change it; a tenant is not told these exist (404). */
function staffOnly(viewer: Viewer, action: 'read' | 'update'): string {
  if (viewer.kind === 'renter') throw notFound();
  return requireBilling(viewer, action);
}

/**
 * A one-off charge (above zero) or an adjustment (a discount when negative, never zero) staff put on a
 * tenant's account for a month: the next run's invoice carries it. VAT as the landlord's setting says.
 */
export async function addCharge(db: Db, viewer: Viewer, input: Input): Promise<string> {
  const landlordId = staffOnly(viewer, 'update');
  const description = input.description.trim();
  if (!description) throw invalidField('description', (ll) => ll.validation.required());
  const amount = hundredths(input.amount);
  if (input.kind === 'one_off' && amount <= 0n) throw invalidField('amount', (ll) => ll.contracts.errors.positive());
  if (amount === 0n) throw invalidField('amount', (ll) => ll.billing.charges.nonZero());
  const [renter] = await db
    .select({ id: renters.id })
    .from(renters)
    .where(and(eq(renters.id, input.renter_id), eq(renters.landlordId, landlordId)));
  if (!renter) throw invalidField('renter_id', (ll) => ll.errors.not_found());
  if (input.contract_id) {
    const [lease] = await db
      .select({ id: contracts.id })
      .from(contracts)
      .where(and(eq(contracts.id, input.contract_id), eq(contracts.landlordId, landlordId), eq(contracts.renterId, renter.id)));
    if (!lease) throw invalidField('contract_id', (ll) => ll.errors.not_found());
  }
  const net = decimal(amount);
  const [row] = await db
    .insert(charges)
    .values({
      landlordId,
      renterId: renter.id,
      contractId: input.contract_id ?? null,
      period: monthOf(input.period).first,
      kind: input.kind,
      description,
      amount: net,
      vat: vatOn(net, await settingsOf(db, landlordId)),
      createdBy: viewer.user.id,
    })
    .returning({ id: charges.id });
  if (!row) throw new AppError(500, 'internal');
  return row.id;
}

const chargeColumns = {
  charge: charges,
  renterName: renters.legalName,
  contractNumber: contracts.number,
  violationNumber: violations.number,
};

/** The charges matching `where` (within the landlord), newest month first, at most MAX_LISTED. */
async function chargesWhere(db: Db, where: SQL | undefined) {
  const rows = await db
    .select(chargeColumns)
    .from(charges)
    .innerJoin(renters, eq(renters.id, charges.renterId))
    .leftJoin(contracts, eq(contracts.id, charges.contractId))
    .leftJoin(violations, eq(violations.id, charges.violationId))
    .where(where)
    .orderBy(desc(charges.period), desc(charges.createdAt), desc(charges.id))
    .limit(MAX_LISTED);
  return rows.map((row) => ({
    ...chargeLine(row),
    renter: { id: row.charge.renterId, name: row.renterName },
    invoice_id: row.charge.invoiceId,
    created_at: row.charge.createdAt.toISOString(),
  }));
}

/** A charge as a line (of an invoice, of a tenant's pending charges), with its lease's and violation's numbers. */
export function chargeLine({
  charge: c,
  contractNumber,
  violationNumber,
}: {
  charge: typeof charges.$inferSelect;
  contractNumber: string | null;
  violationNumber: number | null;
}) {
  return {
    id: c.id,
    kind: c.kind,
    description: c.description,
    period: c.period,
    days: c.days,
    amount: c.amount,
    vat: c.vat,
    contract: c.contractId && contractNumber ? { id: c.contractId, number: contractNumber } : null,
    violation: c.violationId && violationNumber !== null ? { id: c.violationId, number: violationNumber } : null,
  };
}

/** A tenant's charges (only those not yet on an invoice when asked), newest first; staff of billing only. */
export async function listCharges(db: Db, viewer: Viewer, renterId: string, uninvoiced: boolean) {
  const landlordId = staffOnly(viewer, 'read');
  return chargesWhere(db, and(eq(charges.landlordId, landlordId), eq(charges.renterId, renterId), uninvoiced ? isNull(charges.invoiceId) : undefined));
}

export async function chargeIn(db: Db, viewer: Viewer, id: string) {
  const landlordId = staffOnly(viewer, 'read');
  const [row] = await chargesWhere(db, and(eq(charges.landlordId, landlordId), eq(charges.id, id)));
  if (!row) throw notFound();
  return row;
}

/**
 * Staff take back a one-off charge or an adjustment they added, while no invoice carries it (409 after);
 * the run's charges and a violation's fine are not theirs to delete.
 */
export async function deleteCharge(db: Db, viewer: Viewer, id: string): Promise<void> {
  const landlordId = staffOnly(viewer, 'update');
  const mine = and(eq(charges.id, id), eq(charges.landlordId, landlordId));
  const deleted = await db
    .delete(charges)
    .where(and(mine, isNull(charges.invoiceId), isNull(charges.violationId), sql`${charges.kind} in ('one_off', 'adjustment')`))
    .returning({ id: charges.id });
  if (deleted.length > 0) return;
  const [found] = await db.select({ id: charges.id }).from(charges).where(mine);
  if (!found) throw notFound();
  throw new AppError(409, 'invalid_state');
}

type FinedViolation = { id: string; landlordId: string; renterId: string; fine: string | null };

/**
 * A violation's fine on its tenant's account, in the violation's transaction: posted once when it is
 * issued (for the month of issue on Almaty's days), and taken back once by an adjustment when it is
 * cancelled. No VAT: a fine is a penalty, not a sale. No text is stored: the reader's language names it.
 */
export async function postViolationFine(tx: Db | Tx, violation: FinedViolation, to: string, by: Actor): Promise<void> {
  const period = monthOf(almatyToday()).first;
  if (to === 'issued' && violation.fine && hundredths(violation.fine) > 0n) {
    await tx
      .insert(charges)
      .values({
        landlordId: violation.landlordId,
        renterId: violation.renterId,
        period,
        kind: 'fine',
        amount: decimal(hundredths(violation.fine)),
        violationId: violation.id,
        createdBy: by.userId,
      })
      .onConflictDoNothing();
  }
  // The reversal mirrors the fine as posted (if one was), whatever the violation says now: one INSERT ... SELECT.
  if (to === 'cancelled') {
    await tx.execute(sql`insert into ${charges} (landlord_id, renter_id, period, kind, amount, vat, violation_id, created_by)
      select landlord_id, renter_id, ${period}::date, 'adjustment', -amount, -vat, violation_id, ${by.userId}::uuid
      from ${charges} where violation_id = ${violation.id}::uuid and kind = 'fine'
      on conflict do nothing`);
  }
}
