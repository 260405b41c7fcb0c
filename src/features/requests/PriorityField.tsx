import { useAlerts } from '#/state/alerts';
import { type RequestDetail, type RequestPriority, requestPriorities, useRequestPriority } from '#/state/queries/requests';
import { useCan } from '#/state/session';
import { messageOf } from '../../api/client';
import { useI18nContext } from '../../i18n/i18n-react';
import { Select } from '../../ui';
import { PriorityBadge } from './format';
import * as s from './requests.css';

const open = ['new', 'in_progress', 'paused', 'returned'];

/** The request's priority: a badge, and for staff who may edit requests a picker while the request is open (saved at once). */
export function PriorityField({ request: r }: { request: RequestDetail }) {
  const { LL } = useI18nContext();
  const alerts = useAlerts();
  const save = useRequestPriority(r.id);
  const mayChange = useCan('requests', 'update') && open.includes(r.status);
  if (!mayChange) return <PriorityBadge priority={r.priority} />;
  return (
    <Select
      label={<span className={s.srOnly}>{LL.sla.priority()}</span>}
      name="priority"
      value={r.priority}
      disabled={save.isPending}
      options={requestPriorities.map((value) => ({ value, label: LL.sla.priorities[value]() }))}
      onChange={(e) =>
        save.mutate(e.target.value as RequestPriority, {
          onSuccess: () => alerts.add({ message: LL.sla.prioritySaved(), type: 'success' }),
          onError: (err) => alerts.add({ message: messageOf(err, LL.list.actionFailed()), type: 'error' }),
        })
      }
      data-testid="request-priority-select"
    />
  );
}
