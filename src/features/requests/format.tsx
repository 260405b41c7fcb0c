import type { RequestEventType, RequestPriority, RequestStatus } from '#/state/queries/requests';
import { useI18nContext } from '../../i18n/i18n-react';
import * as s from '../../records/records.css';
import { StatusBadge } from '../../records/StatusBadge';

/** `request.take` -> `take`: the dictionary's action keys. */
export const actionKey = (event: RequestEventType) =>
  event.slice('request.'.length) as 'take' | 'assign' | 'pause' | 'resume' | 'complete' | 'reject' | 'confirm' | 'return' | 'reopen';

const priorityTone = { emergency: 'overdue', high: 'high', normal: 'medium', low: 'low' } as const;

/** A request's priority as a badge: an emergency in the overdue red. */
export function PriorityBadge({ priority }: { priority: RequestPriority }) {
  const { LL } = useI18nContext();
  return (
    <StatusBadge tone={priorityTone[priority]} testId="request-priority">
      {LL.sla.priorities[priority]()}
    </StatusBadge>
  );
}

/** The request's status, overdue and visitor marks, side by side. */
export function RequestBadges({ request: r }: { request: { status: RequestStatus; overdue: boolean; from_visitor: boolean } }) {
  const { LL } = useI18nContext();
  return (
    <span className={s.badges}>
      <StatusBadge tone={r.status} testId="request-status">
        {LL.requests.statuses[r.status]()}
      </StatusBadge>
      {r.overdue && (
        <StatusBadge tone="overdue" testId="overdue-badge">
          {LL.requests.overdue()}
        </StatusBadge>
      )}
      {r.from_visitor && <StatusBadge tone="visitor">{LL.requests.fromVisitor()}</StatusBadge>}
    </span>
  );
}
