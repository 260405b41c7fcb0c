import { and, asc, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import { almatyToday } from '#/shared/almaty';
import { addDays, monthOf } from '#/shared/days';
import { hundredths, percentOf, sum } from '#/shared/money';
import type { Db, Tx } from '../../db/client';
import { billingRuns, billingSettings, charges, contracts, invoiceCounters, invoiceEvents, invoices, renters } from '../../db/schema';
import type { Actor } from '../../workflow/history';
import { lateFeesDue, postLateFees } from './late-fees';
import { invoicesIssued } from './notices';
import { applyCredit } from './payments';
import { rentFor, serviceFor } from './rent';
import { type UtilityDetail, utilityLines } from './utility-lines';

export type Settings = { autoRun: boolean; runDay: number; dueDay: number; vatPayer: boolean; vatRate: string; reminders: number[] };
const DEFAULTS: Settings = { autoRun: false, runDay: 1, dueDay: 10, vatPayer: false, vatRate: '12.00', reminders: [-3, 0, 7, 30] };

export async function settingsOf(db: Db | Tx, landlordId: string): Promise<Settings> {
  const [row] = await db.select().from(billingSettings).where(eq(billingSettings.landlordId, landlordId));
  return row
    ? { autoRun: row.autoRun, runDay: row.runDay, dueDay: row.dueDay, vatPayer: row.vatPayer, vatRate: row.vatRate, reminders: row.reminders }
    : DEFAULTS;
}

/** One charge the run would post: a lease's rent or service charge for the month, net, with its VAT. */
export type Line = {
  kind: 'rent' | 'service' | 'late_fee' | 'utility';
  /** Null for a utility line of a tenant registered in its unit without a lease. */
  contractId: string | null;
  number: string;
  renterId: string;
  renterName: string;
  paymentDay: number | null;
  amount: string;
  vat: string;
  days: number | null;
  /** Already posted by an earlier run (or another process): not posted again. */
  posted: boolean;
  /** A late fee's overdue invoice. */
  invoiceId?: string;
  /** A utility line's meter, readings and tariff. */
  utility?: UtilityDetail;
};

/**
 * What the month's run posts, worked out from the signed leases that let a day of it (expired and
 * terminated ones too, for their last days): each lease's rent (rent.ts) and VAT when the landlord pays
 * it, then the month's utilities (utility-lines.ts). The same for the preview and the run, so what was
 * previewed is what is posted.
 */
async function linesOf(db: Db | Tx, landlordId: string, period: string, settings: Settings): Promise<Line[]> {
  const month = monthOf(period);
  const leases = await db
    .select({
      contractId: contracts.id,
      number: contracts.number,
      renterId: contracts.renterId,
      renterName: renters.legalName,
      startsOn: contracts.startsOn,
      endsOn: contracts.endsOn,
      terminatedOn: contracts.terminatedOn,
      area: contracts.area,
      rate: contracts.rate,
      indexationPercent: contracts.indexationPercent,
      paymentDay: contracts.paymentDay,
      serviceRate: contracts.serviceRate,
      posted: sql<boolean>`exists (select 1 from ${charges} where ${charges.contractId} = ${contracts.id} and ${charges.period} = ${month.first} and ${charges.kind} = 'rent')`,
      servicePosted: sql<boolean>`exists (select 1 from ${charges} where ${charges.contractId} = ${contracts.id} and ${charges.period} = ${month.first} and ${charges.kind} = 'service')`,
    })
    .from(contracts)
    .innerJoin(renters, eq(renters.id, contracts.renterId))
    .where(
      and(
        eq(contracts.landlordId, landlordId),
        inArray(contracts.status, ['active', 'expiring', 'expired', 'terminated']),
        lte(contracts.startsOn, month.last),
        gte(contracts.endsOn, month.first),
      ),
    )
    .orderBy(sql`${renters.legalName} collate "und-x-icu"`, asc(contracts.number));
  const lines: Line[] = [];
  const vatOf = (amount: string) => (settings.vatPayer ? percentOf(amount, settings.vatRate) : '0.00');
  for (const { serviceRate, servicePosted, ...lease } of leases) {
    const rent = rentFor(lease, month.first);
    if (!rent) continue;
    lines.push({ ...lease, kind: 'rent', amount: rent.amount, vat: vatOf(rent.amount), days: rent.days });
    const service = serviceFor({ ...lease, serviceRate }, month.first);
    if (service) lines.push({ ...lease, kind: 'service', amount: service.amount, vat: vatOf(service.amount), days: service.days, posted: servicePosted });
  }
  return [...lines, ...(await utilityLines(db, landlordId, month.first, settings))];
}

/** The late fees the run posts (late-fees.ts, the run's own reckoning) as lines under their leases. */
async function lateFeeLines(db: Db, landlordId: string, period: string): Promise<Line[]> {
  const fees = await lateFeesDue(db, landlordId, period);
  if (fees.length === 0) return [];
  const leases = await db
    .select({ id: contracts.id, number: contracts.number, renterName: renters.legalName })
    .from(contracts)
    .innerJoin(renters, eq(renters.id, contracts.renterId))
    .where(and(eq(contracts.landlordId, landlordId), inArray(contracts.id, [...new Set(fees.map((f) => f.contractId))])));
  return fees.flatMap((f) => {
    const lease = leases.find((l) => l.id === f.contractId);
    if (!lease) return [];
    const { number, renterName } = lease;
    return [
      {
        kind: 'late_fee' as const,
        contractId: f.contractId,
        number,
        renterId: f.renterId,
        renterName,
        paymentDay: null,
        amount: f.amount,
        vat: '0.00',
        days: null,
        posted: false,
        invoiceId: f.sourceInvoiceId,
      },
    ];
  });
}

export async function previewRun(db: Db, landlordId: string, period: string) {
  const first = monthOf(period).first;
  const lines = [...(await linesOf(db, landlordId, first, await settingsOf(db, landlordId))), ...(await lateFeeLines(db, landlordId, first))];
  const fresh = lines.filter((l) => !l.posted);
  return {
    period: monthOf(period).first,
    lines,
    // A utility line without a lease counts by its tenant.
    totals: { amount: sum(fresh.map((l) => l.amount)), vat: sum(fresh.map((l) => l.vat)), count: new Set(fresh.map((l) => l.contractId ?? l.renterId)).size },
  };
}

/** The invoice's due day: the earliest payment day its leases name, else the landlord's, within the month. */
const dueOn = (period: string, days: (number | null)[], fallback: number) => {
  const month = monthOf(period);
  const day = Math.min(...days.map((d) => d ?? fallback));
  return addDays(month.first, Math.min(day, month.days) - 1);
};

/**
 * Gapless numbers for `count` documents of a series (invoices, credit notes) in a landlord's year, taken
 * with the counter's row locked until the commit.
 */
export async function takeNumbers(
  tx: Db | Tx,
  landlordId: string,
  year: number,
  count: number,
  series: 'invoice' | 'credit_note' = 'invoice',
): Promise<number> {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ landlordId, series, year, last: count })
    .onConflictDoUpdate({
      target: [invoiceCounters.landlordId, invoiceCounters.series, invoiceCounters.year],
      set: { last: sql`${invoiceCounters.last} + ${count}` },
    })
    .returning({ last: invoiceCounters.last });
  if (!row) throw new Error('no invoice counter');
  return row.last - count + 1;
}

export const invoiceNumber = (year: number, seq: number) => `${year}-${String(seq).padStart(4, '0')}`;

export type RunResult = { period: string; charges: number; invoices: number; amount: string; vat: string };

/**
 * The month's run for one landlord, in one transaction: every lease's rent and service charge, and every
 * meter's utilities, posted once (the charges' unique keys make a second run, or a second process, post nothing), then one invoice per
 * tenant of all its charges not yet invoiced, issued at once with gapless numbers. `once` (the job) claims the month first and does
 * nothing when another run has it; a run by hand always goes and bills what is not yet billed.
 */
export async function runBilling(db: Db, landlordId: string, period: string, by: Actor, once = false): Promise<RunResult | null> {
  const month = monthOf(period);
  return db.transaction(async (tx) => {
    const claimed = await tx.insert(billingRuns).values({ landlordId, period: month.first }).onConflictDoNothing().returning({ period: billingRuns.period });
    if (once && claimed.length === 0) return null;
    const settings = await settingsOf(tx, landlordId);
    const lines = (await linesOf(tx, landlordId, month.first, settings)).filter((l) => !l.posted);
    const posted: { id: string; renterId: string; contractId: string | null; amount: string; vat: string }[] = [];
    for (let at = 0; at < lines.length; at += 1000) {
      const batch = lines.slice(at, at + 1000);
      posted.push(
        ...(await tx
          .insert(charges)
          .values(
            batch.map((l) => ({
              landlordId,
              renterId: l.renterId,
              contractId: l.contractId,
              period: month.first,
              kind: l.kind,
              days: l.days,
              amount: l.amount,
              vat: l.vat,
              ...(l.utility && {
                meterId: l.utility.meterId,
                previous: l.utility.previous,
                current: l.utility.current,
                consumption: l.utility.consumption,
                tariff: l.utility.tariff,
                estimated: l.utility.estimated,
              }),
              createdBy: by.userId,
            })),
          )
          .onConflictDoNothing()
          .returning({ id: charges.id, renterId: charges.renterId, contractId: charges.contractId, amount: charges.amount, vat: charges.vat })),
      );
    }
    const lateFees = await postLateFees(tx, landlordId, month.first, by);
    // Every charge of the month or before that no invoice carries yet (the run's, staff's, fines) goes on
    // its tenant's invoice; a tenant whose charges come to nothing or less (a discount) waits for the next run.
    const pending = await tx
      .select({ id: charges.id, renterId: charges.renterId, contractId: charges.contractId, amount: charges.amount, vat: charges.vat })
      .from(charges)
      .where(and(eq(charges.landlordId, landlordId), isNull(charges.invoiceId), lte(charges.period, month.first)))
      .orderBy(asc(charges.createdAt), asc(charges.id))
      .for('update');
    const byRenter = new Map<string, typeof pending>();
    for (const c of pending) byRenter.set(c.renterId, [...(byRenter.get(c.renterId) ?? []), c]);
    for (const [renterId, own] of byRenter) if (hundredths(sum(own.flatMap((c) => [c.amount, c.vat]))) <= 0n) byRenter.delete(renterId);
    const invoiced = [...byRenter.values()].flat();
    const paymentDays = new Map(lines.map((l) => [l.contractId ?? '', l.paymentDay]));
    const today = almatyToday();
    const year = Number(today.slice(0, 4));
    const now = new Date();
    const made: { id: string; renterId: string }[] = [];
    if (byRenter.size > 0) {
      const first = await takeNumbers(tx, landlordId, year, byRenter.size);
      const rows = [...byRenter].map(([renterId, own], i) => {
        const subtotal = sum(own.map((c) => c.amount));
        const vat = sum(own.map((c) => c.vat));
        const seq = first + i;
        return {
          landlordId,
          renterId,
          period: month.first,
          year,
          seq,
          number: invoiceNumber(year, seq),
          issuedOn: today,
          dueOn: dueOn(
            month.first,
            own.map((c) => paymentDays.get(c.contractId ?? '') ?? null),
            settings.dueDay,
          ),
          status: 'issued' as const,
          subtotal,
          vat,
          total: sum([subtotal, vat]),
          createdBy: by.userId,
          createdAt: now,
          updatedAt: now,
        };
      });
      for (let at = 0; at < rows.length; at += 1000) {
        made.push(
          ...(await tx
            .insert(invoices)
            .values(rows.slice(at, at + 1000))
            .returning({ id: invoices.id, renterId: invoices.renterId })),
        );
      }
      // Each charge onto its tenant's new invoice: one statement.
      for (let at = 0; at < invoiced.length; at += 1000) {
        const ids = invoiced.slice(at, at + 1000).map((c) => c.id);
        await tx.execute(sql`
          update ${charges} set invoice_id = i.id
          from ${invoices} i
          where ${charges.id} in ${ids} and i.id in ${made.map((m) => m.id)} and i.renter_id = ${charges.renterId}`);
      }
      await tx.insert(invoiceEvents).values(
        made.map((m) => ({
          invoiceId: m.id,
          actorUserId: by.userId,
          actorName: by.name,
          event: 'invoice.created',
          toStatus: 'issued' as const,
          createdAt: now,
        })),
      );
      // What a tenant paid in advance goes to its new invoice at once.
      await applyCredit(
        tx,
        landlordId,
        made.map((m) => m.renterId),
        by,
      );
      // Each tenant told of its invoice, all of them by one statement.
      await invoicesIssued(
        tx,
        made.map((m) => m.id),
        by,
      );
    }
    const amount = sum(posted.map((c) => c.amount));
    const vat = sum(posted.map((c) => c.vat));
    await tx
      .update(billingRuns)
      .set({ charges: sql`${billingRuns.charges} + ${posted.length + lateFees}`, invoices: sql`${billingRuns.invoices} + ${made.length}`, ranAt: now })
      .where(and(eq(billingRuns.landlordId, landlordId), eq(billingRuns.period, month.first)));
    return { period: month.first, charges: posted.length + lateFees, invoices: made.length, amount, vat };
  });
}
