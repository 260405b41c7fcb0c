import { messageOf } from '#/api/client';
import { useAlerts } from '#/state/alerts';
import { type InvoiceDetail, useCheckout } from '#/state/queries/billing';
import { useSessionRole } from '#/state/session';
import { useI18nContext } from '../../i18n/i18n-react';
import { Button } from '../../ui';

/**
 * "Pay online" on a tenant's own invoice, when the server offers it (a provider configured, something
 * still owed): asks for the provider's link and goes there; the provider brings the tenant back here.
 */
export function PayOnline({ invoice }: { invoice: InvoiceDetail }) {
  const { LL } = useI18nContext();
  const alerts = useAlerts();
  const role = useSessionRole();
  const checkout = useCheckout(invoice.id);
  if (role !== 'renter' || !invoice.pay_online) return null;
  const pay = () =>
    checkout.mutateAsync().then(
      ({ url }) => window.location.assign(url),
      (err: unknown) => alerts.add({ message: messageOf(err, LL.billing.online.failed()), type: 'error' }),
    );
  return (
    <div>
      <Button loading={checkout.isPending} onClick={() => void pay()} data-testid="invoice-pay-online">
        {LL.billing.online.pay()}
      </Button>
    </div>
  );
}
