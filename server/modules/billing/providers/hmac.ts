import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { hundredths } from '#/shared/money';
import type { PaymentProviderConfig } from '../../../config';
import { invalidField } from '../../../http/errors';
import type { PaymentProvider, ProviderPayment } from './provider';

const MONEY = /^\d{1,14}(\.\d{1,2})?$/;
const sign = (secret: string, data: Buffer | string) => createHmac('sha256', secret).update(data).digest('hex');

/**
 * The generic provider (PAYMENT_PROVIDER=hmac): its payment page opens from PAYMENT_PROVIDER_URL with
 * the checkout's id, amount, description and return address (signed, so the page can trust the amount),
 * and it calls back with `{external_id, amount, paid_at, provider_ref}` signed by `X-Signature`: the hex
 * HMAC-SHA256 of the raw body with the shared secret.
 */
export function hmacProvider(config: PaymentProviderConfig): PaymentProvider {
  return {
    name: config.name,
    async createCheckout({ amount, description, returnUrl }) {
      const externalId = randomUUID();
      const url = new URL(config.url);
      url.searchParams.set('external_id', externalId);
      url.searchParams.set('amount', amount);
      url.searchParams.set('description', description);
      url.searchParams.set('return_url', returnUrl);
      url.searchParams.set('signature', sign(config.secret, `${externalId}:${amount}`));
      return { externalId, url: url.toString() };
    },
    verifyCallback(rawBody, headers): ProviderPayment | null {
      const given = Buffer.from(String(headers['x-signature'] ?? ''), 'utf8');
      const expected = Buffer.from(sign(config.secret, rawBody), 'utf8');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(rawBody.toString('utf8')) as Record<string, unknown>;
      } catch {
        throw invalidField('body', (ll) => ll.errors.validation_failed());
      }
      const { external_id: externalId, amount, paid_at: paidAt, provider_ref: providerRef } = body;
      const at = typeof paidAt === 'string' ? new Date(paidAt) : null;
      if (typeof externalId !== 'string' || !externalId) throw invalidField('external_id', (ll) => ll.validation.required());
      if (typeof amount !== 'string' || !MONEY.test(amount) || hundredths(amount) <= 0n) throw invalidField('amount', (ll) => ll.contracts.errors.positive());
      if (!at || Number.isNaN(at.getTime())) throw invalidField('paid_at', (ll) => ll.validation.required());
      if (typeof providerRef !== 'string' || !providerRef) throw invalidField('provider_ref', (ll) => ll.validation.required());
      return { externalId, amount, paidAt: at, providerRef };
    },
  };
}
