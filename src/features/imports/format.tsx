import type { ImportStatus } from '#/state/queries/imports';
import { useI18nContext } from '../../i18n/i18n-react';
import { StatusBadge } from '../../records/StatusBadge';

/** An import's status as its pill. */
export function ImportBadge({ status }: { status: ImportStatus }) {
  const { LL } = useI18nContext();
  return (
    <StatusBadge tone={status} testId="import-status">
      {LL.importPage.statuses[status]()}
    </StatusBadge>
  );
}
