import { useI18nContext } from '../../i18n/i18n-react';
import type { RequestDetail } from './api';
import { almatyTime } from './format';
import * as s from './requests.css';

type EventKey = keyof ReturnType<typeof useI18nContext>['LL']['requests']['events'];

/** `request.file.report` -> `file_report`; the contract's other names map by their last part. */
const eventKey = (event: string) => event.replace(/^request\./, '').replace('.', '_') as EventKey;

/** The whole history: who, when (Asia/Almaty), from -> to status, comment. */
export function RequestHistory({ history }: { history: RequestDetail['history'] }) {
  const { LL, locale } = useI18nContext();
  const st = LL.requests.statuses;
  return (
    <ol className={s.timeline} data-testid="request-history">
      {history.map((h) => {
        const label = LL.requests.events[eventKey(h.event)];
        return (
          <li key={h.id} className={s.entry} data-testid="history-entry" data-event={h.event}>
            <div className={s.entryHead}>
              <strong>{typeof label === 'function' ? label() : h.event}</strong>
              <span className={s.muted}>
                {h.actor_name} · {almatyTime(h.at, locale)}
              </span>
              {h.to_status && h.from_status !== h.to_status && (
                <span className={s.muted}>
                  {h.from_status ? `${st[h.from_status]()} → ` : ''}
                  {st[h.to_status]()}
                </span>
              )}
            </div>
            {h.comment && <p className={s.value}>{h.comment}</p>}
          </li>
        );
      })}
    </ol>
  );
}
