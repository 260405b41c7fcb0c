import { useI18nContext } from '../../i18n/i18n-react';
import type { RequestEventType, RequestStatus } from './api';
import * as s from './requests.css';

export { almatyTime } from '../../records/time';

/** `request.take` -> `take`: the dictionary's action keys. */
export const actionKey = (event: RequestEventType) => event.slice('request.'.length) as 'take' | 'assign' | 'pause' | 'resume' | 'complete' | 'reject' | 'confirm' | 'return';

export function StatusBadge({ status }: { status: RequestStatus }) {
  const { LL } = useI18nContext();
  return (
    <span className={s.badge[status]} data-testid="request-status">
      {LL.requests.statuses[status]()}
    </span>
  );
}

export function OverdueBadge() {
  const { LL } = useI18nContext();
  return (
    <span className={s.badge.overdue} data-testid="overdue-badge">
      {LL.requests.overdue()}
    </span>
  );
}

/** Home's applications tile: the overdue count as a second line, only when there are any. */
export function OverdueLine({ count }: { count: number | undefined }) {
  const { LL } = useI18nContext();
  if (!count) return null;
  return (
    <span className={s.overdueLine} data-testid="tile-overdue">
      {LL.requests.overdueCount({ count })}
    </span>
  );
}
