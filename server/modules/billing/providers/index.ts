import type { Config } from '../../../config';
import { hmacProvider } from './hmac';
import type { PaymentProvider } from './provider';

/** The provider the configuration names (PAYMENT_PROVIDER), or null: no online payment is offered. */
export const paymentProviderOf = (config: Config): PaymentProvider | null => (config.paymentProvider ? hmacProvider(config.paymentProvider) : null);
