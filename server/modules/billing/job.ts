import { and, eq, lt, sql } from 'drizzle-orm';
import { almatyToday } from '#/shared/almaty';
import type { InvoiceStatus } from '#machines/invoice';
import { almatyCurrentDate } from '../../db/almaty';
import type { Db, Tx } from '../../db/client';
import { billingRuns, billingSettings, invoiceEvents, invoices } from '../../db/schema';
import { defineInterval } from '../../jobs/declare';
import { every, type Job } from '../../jobs/every';
import { sendReminders } from './notices';
import { runBilling } from './run';

export const billingInterval = defineInterval({
  env: 'BILLING_INTERVAL_MS',
  key: 'billingIntervalMs',
  defaultMs: 600_000,
  describe:
    'how often each API process marks unpaid invoices past their due day overdue and bills the month of each landlord that turned billing on, on its run day, and sends the payment reminders due (each month and each reminder claimed once under a unique key, safe with several processes); `0` disables it',
});

/** One status move of the job by ONE UPDATE (each invoice picked once, whatever runs at once), with its history by the system. */
async function move(tx: Tx, from: InvoiceStatus, now: Date) {
  const moved = await tx
    .update(invoices)
    .set({ status: 'overdue', updatedAt: now })
    .where(and(eq(invoices.status, from), lt(invoices.dueOn, almatyCurrentDate)))
    .returning({ id: invoices.id });
  if (moved.length > 0) {
    await tx.insert(invoiceEvents).values(
      moved.map((i) => ({
        invoiceId: i.id,
        actorUserId: null,
        actorName: '',
        event: 'invoice.overdue',
        fromStatus: from,
        toStatus: 'overdue' as const,
        createdAt: now,
      })),
    );
  }
  return moved.length;
}

/**
 * The billing job: invoices unpaid past their due day (Almaty's date) become overdue; then each landlord
 * with billing on whose run day has come and whose month is not yet billed gets its run (run.ts claims
 * the month, so of several processes one bills it); then the tenants of unpaid invoices are reminded on
 * the landlord's reminder days (notices.ts), each reminder once. `today` is Almaty's day (a test's own).
 * Returns what this run did.
 */
export async function runBillingJob(db: Db, today = almatyToday()): Promise<{ overdue: number; billed: number; reminded: number }> {
  const overdue = await db.transaction(async (tx) => {
    const now = new Date();
    return (await move(tx, 'issued', now)) + (await move(tx, 'partly_paid', now));
  });
  const period = `${today.slice(0, 7)}-01`;
  const due = await db
    .select({ landlordId: billingSettings.landlordId })
    .from(billingSettings)
    .where(
      and(
        eq(billingSettings.autoRun, true),
        sql`${billingSettings.runDay} <= ${Number(today.slice(8, 10))}`,
        sql`not exists (select 1 from ${billingRuns} where ${billingRuns.landlordId} = ${billingSettings.landlordId} and ${billingRuns.period} = ${period})`,
      ),
    );
  let billed = 0;
  for (const { landlordId } of due) {
    if (await runBilling(db, landlordId, period, { userId: null, name: '' }, true)) billed += 1;
  }
  const reminded = await sendReminders(db, today);
  return { overdue, billed, reminded };
}

/** Runs the billing job every `intervalMs` (BILLING_INTERVAL_MS; 0 disables it), never two runs at once in a process. */
export const startBillingJob = (db: Db, intervalMs: number, onError: (err: unknown) => void): Job => every(intervalMs, () => runBillingJob(db), onError);
