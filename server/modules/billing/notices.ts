import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { rows } from '../../db/rows';
import { billingSettings, invoiceReminders, invoices, paymentAllocations, payments, renters } from '../../db/schema';
import type { Actor } from '../../workflow/history';
import { notifyRows } from '../notifications/notify';

/** The days from the due date a tenant may be reminded on (before it, on it, after it); the settings pick among them. */
export const REMINDER_DAYS = [-3, 0, 7, 30] as const;
export type ReminderDay = (typeof REMINDER_DAYS)[number];
const OPEN = sql`('issued', 'partly_paid', 'overdue')`;
const uuids = (ids: readonly string[]) => `{${ids.join(',')}}`;

/**
 * `invoice.issued` (number, total, due_on) to the tenant of each of these invoices, in the caller's
 * transaction: one statement for a whole run.
 */
export async function invoicesIssued(tx: Db | Tx, ids: readonly string[], by: Actor): Promise<void> {
  if (ids.length === 0) return;
  await notifyRows(
    tx,
    'invoice.issued',
    'invoice',
    sql`select i.landlord_id, r.user_id, i.id, jsonb_build_object('number', i.number, 'total', i.total::text, 'due_on', i.due_on::text)
      from ${invoices} i join ${renters} r on r.id = i.renter_id
      where i.id = any(${uuids(ids)}::uuid[])`,
    by,
  );
}

/**
 * `payment.received` to each payment's tenant, in their transaction: the amount, the invoices it paid and
 * what the tenant owes after it (`balance`: positive owed, negative its credit). It leads to the first
 * invoice it paid, else (all of it credit) to the payment. One statement a kind of subject, however many
 * payments (a bank statement's lines).
 */
export async function paymentsReceived(tx: Db | Tx, ids: readonly string[], by: Actor): Promise<void> {
  if (ids.length === 0) return;
  const received = sql`select p.id, p.landlord_id, r.user_id,
      (select a.invoice_id from ${paymentAllocations} a join ${invoices} i on i.id = a.invoice_id where a.payment_id = p.id
        order by i.id = p.invoice_id desc, i.due_on limit 1) as first,
      jsonb_build_object('amount', p.amount::text,
        'invoices', coalesce((select string_agg(i.number, ', ' order by i.due_on, i.seq) from ${paymentAllocations} a join ${invoices} i on i.id = a.invoice_id where a.payment_id = p.id), ''),
        'balance', ((select coalesce(sum(i.total - i.paid), 0) from ${invoices} i where i.renter_id = p.renter_id and i.status in ${OPEN})
          - (select coalesce(sum(o.unapplied), 0) from ${payments} o where o.renter_id = p.renter_id))::numeric(16,2)::text) as params
    from ${payments} p join ${renters} r on r.id = p.renter_id where p.id = any(${uuids(ids)}::uuid[])`;
  await notifyRows(tx, 'payment.received', 'invoice', sql`select landlord_id, user_id, first, params from (${received}) x where first is not null`, by);
  await notifyRows(tx, 'payment.received', 'payment', sql`select landlord_id, user_id, id, params from (${received}) x where first is null`, by);
}

/**
 * The reminders due on `today` (Almaty's day), each sent once, in one transaction: for every unpaid
 * open invoice, the latest of its landlord's reminder days that has come (due date + days ≤ today), when
 * neither it nor a later one was sent (an invoice already 30 days late is not told it is due in 3 days).
 * The INSERT under invoice_reminders' key is the claim: of several processes at once one sends it.
 */
export async function sendReminders(db: Db, today: string): Promise<number> {
  return db.transaction(async (tx) => {
    const sent = await rows<{ invoice_id: string; offset_days: number }>(
      tx,
      sql`
      insert into ${invoiceReminders} (invoice_id, offset_days)
      select due.id, due.offset_days from (
        select i.id, (select max(d) from unnest(coalesce(s.reminders, ${`{${REMINDER_DAYS.join(',')}}`}::int[])) d where i.due_on + d <= ${today}::date) as offset_days
        from ${invoices} i left join ${billingSettings} s on s.landlord_id = i.landlord_id
        where i.status in ${OPEN} and i.total > i.paid and i.due_on + ${REMINDER_DAYS[0]}::int <= ${today}::date
      ) due
      where due.offset_days is not null
        and not exists (select 1 from ${invoiceReminders} r where r.invoice_id = due.id and r.offset_days >= due.offset_days)
      on conflict do nothing
      returning invoice_id, offset_days`,
    );
    if (sent.length === 0) return 0;
    await notifyRows(
      tx,
      'invoice.reminder',
      'invoice',
      sql`select i.landlord_id, r.user_id, i.id,
          jsonb_build_object('number', i.number, 'owed', (i.total - i.paid)::numeric(16,2)::text, 'due_on', i.due_on::text, 'days', x.days)
        from unnest(${uuids(sent.map((s) => s.invoice_id))}::uuid[], ${`{${sent.map((s) => s.offset_days).join(',')}}`}::int[]) as x (id, days)
        join ${invoices} i on i.id = x.id join ${renters} r on r.id = i.renter_id`,
      { userId: null, name: '' },
    );
    return sent.length;
  });
}
