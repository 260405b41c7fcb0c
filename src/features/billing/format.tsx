import type { InvoiceStatus } from '#/state/queries/billing';
import { formatDecimal, formatMonth } from '../../i18n/formatters';
import { useI18nContext } from '../../i18n/i18n-react';
import { StatusBadge } from '../../records/StatusBadge';

/** An invoice's status as its pill. */
export function InvoiceBadge({ status }: { status: InvoiceStatus }) {
  const { LL } = useI18nContext();
  return (
    <StatusBadge tone={status} testId="invoice-status">
      {LL.billing.statuses[status]()}
    </StatusBadge>
  );
}

/** Tenge and months as the language writes them: exact decimals, never through a float. */
export function useMoney() {
  const { locale } = useI18nContext();
  return { money: (value: string) => formatDecimal(value, locale), month: (period: string) => formatMonth(period.slice(0, 7), locale) };
}

/** `invoice.void` -> `void`: the dictionaries' action keys. */
export const actionKey = (event: string) => event.replace(/^invoice\./, '') as 'issue' | 'pay_part' | 'pay' | 'overdue' | 'void';
