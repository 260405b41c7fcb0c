import type { ContractStatus } from '#/state/queries/contracts';
import { useI18nContext } from '../../i18n/i18n-react';
import { StatusBadge } from '../../records/StatusBadge';

/** A lease's status as its coloured pill. */
export function ContractBadge({ status }: { status: ContractStatus }) {
  const { LL } = useI18nContext();
  return (
    <StatusBadge tone={status} testId="contract-status">
      {LL.contracts.statuses[status]()}
    </StatusBadge>
  );
}

/** The event's key in the dictionary: `contract.activate` → `activate`. */
export const actionKey = (event: string) => event.replace(/^contract\./, '') as 'activate' | 'warn' | 'expire' | 'terminate';
