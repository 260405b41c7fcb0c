import type { IncomingHttpHeaders } from 'node:http';

/** What a payment link is asked for: what is still owed on an invoice, and where the payer comes back to. */
export type CheckoutRequest = { invoiceId: string; amount: string; description: string; returnUrl: string };

/** A payment as the provider's signed callback tells it. */
export type ProviderPayment = { externalId: string; amount: string; paidAt: Date; providerRef: string };

/**
 * A payment provider (Kaspi and the like) behind one shape: it gives a payment link for an invoice and
 * checks its own callbacks. `verifyCallback` answers null for a signature that is not the provider's,
 * and throws a 400 for a signed body it cannot read.
 */
export type PaymentProvider = {
  name: string;
  createCheckout(request: CheckoutRequest): Promise<{ externalId: string; url: string }>;
  verifyCallback(rawBody: Buffer, headers: IncomingHttpHeaders): ProviderPayment | null;
};
