import { describe, expect, it } from 'vitest';
import { coverMachine, expectFullCoverage, reportCoverage, runPath } from '../tests/support/machine-paths';
import { type InvoiceStatus, invoiceActions, invoiceEventTypes, invoiceMachine, nextInvoiceStatus } from './invoice';

const unpaid = { paid: false };
const paid = { paid: true };

describe('invoice machine', () => {
  it('staff issue a draft; payments and the job move an issued invoice', () => {
    expect(nextInvoiceStatus('draft', unpaid, 'invoice.issue', 'staff')).toBe('issued');
    expect(nextInvoiceStatus('draft', unpaid, 'invoice.issue', 'system')).toBeNull();
    expect(nextInvoiceStatus('issued', unpaid, 'invoice.pay_part', 'system')).toBe('partly_paid');
    expect(nextInvoiceStatus('issued', unpaid, 'invoice.pay', 'system')).toBe('paid');
    expect(nextInvoiceStatus('issued', unpaid, 'invoice.pay', 'staff')).toBeNull();
    expect(nextInvoiceStatus('partly_paid', paid, 'invoice.overdue', 'system')).toBe('overdue');
    // Overdue stays overdue until paid in full.
    expect(nextInvoiceStatus('overdue', paid, 'invoice.pay_part', 'system')).toBe('overdue');
    expect(nextInvoiceStatus('overdue', paid, 'invoice.pay', 'system')).toBe('paid');
  });
  it('void only while no payment was applied; paid and void are final', () => {
    expect(nextInvoiceStatus('issued', unpaid, 'invoice.void', 'staff')).toBe('void');
    expect(nextInvoiceStatus('overdue', unpaid, 'invoice.void', 'staff')).toBe('void');
    expect(nextInvoiceStatus('overdue', paid, 'invoice.void', 'staff')).toBeNull();
    expect(nextInvoiceStatus('partly_paid', paid, 'invoice.void', 'staff')).toBeNull();
    expect(invoiceActions('draft', unpaid, 'staff')).toEqual(['invoice.issue', 'invoice.void']);
    expect(invoiceActions('overdue', paid, 'staff')).toEqual([]);
    for (const status of ['paid', 'void'] as InvoiceStatus[]) {
      for (const by of ['staff', 'system'] as const) expect(invoiceActions(status, unpaid, by)).toEqual([]);
    }
  });
});

describe('invoice machine paths', () => {
  const events = (['staff', 'system'] as const).flatMap((by) => invoiceEventTypes.map((type) => ({ type, by })));
  const result = coverMachine('invoice', invoiceMachine, { events, input: unpaid });
  it('covers every state and transition', () => {
    reportCoverage(result);
    expectFullCoverage(result);
  });
  it.each(result.paths.map((p) => [p.description, p] as const))('%s', (_, path) => {
    const actor = runPath(invoiceMachine, path, unpaid);
    expect(actor.getSnapshot().value).toEqual(path.state.value);
    let status: InvoiceStatus = 'draft';
    for (const e of path.events) status = nextInvoiceStatus(status, unpaid, e.type as 'invoice.issue', e.by as 'staff') ?? status;
    expect(status).toBe(actor.getSnapshot().value);
  });
});
