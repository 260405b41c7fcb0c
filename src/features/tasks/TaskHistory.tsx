import { useI18nContext } from '../../i18n/i18n-react';
import type { TaskDetail } from './api';
import { almatyTime } from './format';
import * as s from './tasks.css';

type EventKey = keyof ReturnType<typeof useI18nContext>['LL']['tasks']['events'];

/** The whole history: who, when (Asia/Almaty), from -> to status, comment. */
export function TaskHistory({ history }: { history: TaskDetail['history'] }) {
  const { LL, locale } = useI18nContext();
  const st = LL.tasks.statuses;
  return (
    <ol className={s.timeline} data-testid="task-history">
      {history.map((h) => {
        const label = LL.tasks.events[h.event.replace(/^task\./, '') as EventKey];
        return (
          <li key={h.id} className={s.entry} data-testid="history-entry" data-event={h.event}>
            <div className={s.entryHead}>
              <strong>{typeof label === 'function' ? label() : h.event}</strong>
              <span className={s.muted}>
                {h.actor_name} · {almatyTime(h.at, locale)}
              </span>
              {h.to_status && h.from_status !== h.to_status && (
                <span className={s.muted} data-testid="history-change">
                  {h.from_status ? `${st[h.from_status]()} → ` : ''}
                  {st[h.to_status]()}
                </span>
              )}
            </div>
            {h.comment && <p className={s.value} data-testid="history-comment">{h.comment}</p>}
          </li>
        );
      })}
    </ol>
  );
}
