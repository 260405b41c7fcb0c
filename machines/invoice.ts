import { setup } from 'xstate';
import { eventsFrom, nextSnapshot } from './lib/decide';

/**
 * A tenant's invoice. A `draft` is still being put together (staff add or remove its charges); once
 * `issued` it never changes (a correction is a credit note) and carries its number. Payments move it
 * to `partly_paid` and `paid`; the billing job marks it `overdue` the day after its due date, and an
 * overdue invoice stays overdue until paid in full. Staff may `void` an invoice (with a reason) while no
 * payment has been applied to it; after that only a credit note corrects it.
 *
 * `by` says who sends an event: `staff` (the landlord, or an employee whose `billing` grant allows it)
 * or the `system` (payments as they are applied, the billing job). The context says whether any payment
 * was applied (a stored sum above zero).
 */
export const invoiceStatuses = ['draft', 'issued', 'partly_paid', 'paid', 'overdue', 'void'] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];
export type InvoiceActor = 'staff' | 'system';
export type InvoiceContext = { paid: boolean };

type By = { by: InvoiceActor };
export type InvoiceEvent =
  | ({ type: 'invoice.issue' } & By)
  | ({ type: 'invoice.pay_part' } & By)
  | ({ type: 'invoice.pay' } & By)
  | ({ type: 'invoice.overdue' } & By)
  | ({ type: 'invoice.void' } & By);
export type InvoiceEventType = InvoiceEvent['type'];
export const invoiceEventTypes: InvoiceEventType[] = ['invoice.issue', 'invoice.pay_part', 'invoice.pay', 'invoice.overdue', 'invoice.void'];

export const invoiceMachine = setup({
  types: { context: {} as InvoiceContext, events: {} as InvoiceEvent, input: {} as Partial<InvoiceContext> | undefined },
  guards: {
    'by staff': ({ event }) => event.by === 'staff',
    'by the system': ({ event }) => event.by === 'system',
    'by staff, nothing paid': ({ context, event }) => event.by === 'staff' && !context.paid,
  },
}).createMachine({
  id: 'invoice',
  context: ({ input }) => ({ paid: input?.paid ?? false }),
  initial: 'draft',
  states: {
    draft: {
      on: {
        'invoice.issue': { guard: 'by staff', target: 'issued' },
        'invoice.void': { guard: 'by staff', target: 'void' },
      },
    },
    issued: {
      on: {
        'invoice.pay_part': { guard: 'by the system', target: 'partly_paid' },
        'invoice.pay': { guard: 'by the system', target: 'paid' },
        'invoice.overdue': { guard: 'by the system', target: 'overdue' },
        'invoice.void': { guard: 'by staff, nothing paid', target: 'void' },
      },
    },
    partly_paid: {
      on: {
        'invoice.pay_part': { guard: 'by the system', target: 'partly_paid' },
        'invoice.pay': { guard: 'by the system', target: 'paid' },
        'invoice.overdue': { guard: 'by the system', target: 'overdue' },
      },
    },
    overdue: {
      on: {
        'invoice.pay_part': { guard: 'by the system', target: 'overdue' },
        'invoice.pay': { guard: 'by the system', target: 'paid' },
        'invoice.void': { guard: 'by staff, nothing paid', target: 'void' },
      },
    },
    paid: { type: 'final' },
    void: { type: 'final' },
  },
});

/** The status after `type` sent by `by`, or null when the machine refuses it. */
export function nextInvoiceStatus(status: InvoiceStatus, context: InvoiceContext, type: InvoiceEventType, by: InvoiceActor): InvoiceStatus | null {
  return (nextSnapshot(invoiceMachine, status, context, { type, by } as InvoiceEvent)?.value as InvoiceStatus | undefined) ?? null;
}

/** The events `by` may send now: the buttons the SPA shows. */
export function invoiceActions(status: InvoiceStatus, context: InvoiceContext, by: InvoiceActor): InvoiceEventType[] {
  return eventsFrom(invoiceMachine, status, context, invoiceEventTypes, { by });
}
