import { formatNumber } from '../../i18n/formatters';
import { useI18nContext } from '../../i18n/i18n-react';
import type { Locales } from '../../i18n/i18n-types';
import { StatusBadge } from '../../records/StatusBadge';
import type { ContractStatus } from './api';

/** A lease's status as its coloured pill. */
export function ContractBadge({ status }: { status: ContractStatus }) {
  const { LL } = useI18nContext();
  return (
    <StatusBadge tone={status} testId="contract-status">
      {LL.contracts.statuses[status]()}
    </StatusBadge>
  );
}

/** "12345.67" as the user's language writes money and areas, exact: the whole part is grouped, the tiyn kept as sent. */
export function formatDecimal(value: string, locale: Locales): string {
  const [whole = '0', fraction] = value.split('.');
  const grouped = formatNumber(Number(whole), locale, 0);
  const mark = formatNumber(0.5, locale, 1).charAt(1);
  return fraction ? `${grouped}${mark}${fraction}` : grouped;
}

/** The event's key in the dictionary: `contract.activate` → `activate`. */
export const actionKey = (event: string) => event.replace(/^contract\./, '') as 'activate' | 'warn' | 'expire' | 'terminate';
