import type { IncomingHttpHeaders } from 'node:http';
import { and, eq, isNull } from 'drizzle-orm';
import { almatyToday } from '#/shared/almaty';
import { decimal, hundredths } from '#/shared/money';
import type { Db } from '../../db/client';
import { invoices, paymentCheckouts } from '../../db/schema';
import { AppError, notFound, unauthorized } from '../../http/errors';
import type { LL } from '../../http/i18n';
import type { Viewer } from '../../workflow/viewer';
import { invoiceIn } from './invoices';
import { recordPaymentBy } from './payments';
import type { PaymentProvider } from './providers/provider';

type Invoice = typeof invoices.$inferSelect;
const owedOn = (i: Pick<Invoice, 'status' | 'total' | 'paid'>) =>
  ['issued', 'partly_paid', 'overdue'].includes(i.status) ? hundredths(i.total) - hundredths(i.paid) : 0n;

/** Whether the invoice page offers paying online: a provider is configured and something is still owed. */
export const paysOnline = (provider: PaymentProvider | null, i: Pick<Invoice, 'status' | 'total' | 'paid'>) => Boolean(provider) && owedOn(i) > 0n;

/**
 * A payment link for what is still owed on an invoice in the viewer's scope (its tenant, staff who read
 * billing): asked of the provider, kept as a checkout whose callback later names this invoice.
 */
export async function checkoutInvoice(db: Db, provider: PaymentProvider | null, viewer: Viewer, id: string, ll: LL, publicUrl: string) {
  const invoice = await invoiceIn(db, viewer, id);
  if (!provider) throw new AppError(409, 'payment_provider_not_configured');
  const owed = owedOn(invoice);
  if (owed <= 0n) throw new AppError(409, 'invalid_state');
  const amount = decimal(owed);
  const { externalId, url } = await provider.createCheckout({
    invoiceId: invoice.id,
    amount,
    description: ll.billing.invoice({ number: invoice.number ?? '' }),
    returnUrl: `${publicUrl}/invoices/${invoice.id}`,
  });
  await db.insert(paymentCheckouts).values({ landlordId: invoice.landlordId, invoiceId: invoice.id, provider: provider.name, externalId, url, amount });
  return { url };
}

const system = { userId: null, name: '' };

/**
 * A provider's callback: its signature checked over the raw body (401), the checkout it names found
 * (404), the payment recorded against the checkout's invoice by the system, once (payments.provider_ref).
 */
export async function providerCallback(db: Db, provider: PaymentProvider | null, name: string, rawBody: Buffer | undefined, headers: IncomingHttpHeaders) {
  if (!provider || provider.name !== name) throw notFound();
  const paid = provider.verifyCallback(rawBody ?? Buffer.alloc(0), headers);
  if (!paid) throw unauthorized();
  const [found] = await db
    .select({ checkout: paymentCheckouts, renterId: invoices.renterId })
    .from(paymentCheckouts)
    .innerJoin(invoices, eq(invoices.id, paymentCheckouts.invoiceId))
    .where(and(eq(paymentCheckouts.provider, name), eq(paymentCheckouts.externalId, paid.externalId)));
  if (!found) throw notFound();
  const { checkout } = found;
  const paymentId = await recordPaymentBy(db, checkout.landlordId, system, {
    renter_id: found.renterId,
    received_on: almatyToday(paid.paidAt),
    amount: paid.amount,
    method: 'provider',
    reference: paid.providerRef,
    invoice_id: checkout.invoiceId,
    providerRef: paid.providerRef,
  });
  await db
    .update(paymentCheckouts)
    .set({ paymentId })
    .where(and(eq(paymentCheckouts.id, checkout.id), isNull(paymentCheckouts.paymentId)));
  return { payment_id: paymentId };
}
